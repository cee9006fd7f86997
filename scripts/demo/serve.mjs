// A tiny static server for the demo build (the Playwright demo project starts it; any static server
// does): `node scripts/demo/serve.mjs [folder] [port]`, folder apps/web/dist-demo, port 4173 (PORT),
// at the path DEMO_BASE ("/" by default, as the build). An address that names no file gets
// index.html (the app's own routes: /login, /apps/tasks…).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(
  process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist-demo'),
);
const port = Number(process.argv[3] ?? process.env.PORT ?? 4173);
const base = process.env.DEMO_BASE ?? '/';
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

createServer((request, response) => {
  const { pathname } = new URL(request.url ?? '/', 'http://localhost');
  if (!`${pathname}/`.startsWith(base)) {
    response.writeHead(404).end();
    return;
  }
  let file = path.join(root, decodeURIComponent(pathname.slice(base.length - 1)));
  if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory())
    file = path.join(root, 'index.html');
  response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(response);
}).listen(port, '127.0.0.1', () => console.log(`Demo on http://127.0.0.1:${port}${base} (${root})`));
