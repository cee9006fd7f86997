import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from '../../src/plugins/web';

// A build as apps/web/build/precompress.ts leaves it: text files with their .br and .gz beside them.
const script = `console.log(${JSON.stringify('ledgerdesk '.repeat(300))});`;
const page = `<!doctype html><title>Ledgerdesk</title>${'<p>page</p>'.repeat(200)}`;

describe('the web app is served precompressed', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'ledgerdesk-web-'));
    mkdirSync(path.join(dist, 'assets'));
    const write = (name: string, text: string, variants: boolean) => {
      writeFileSync(path.join(dist, name), text);
      if (!variants) return;
      writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(text));
      writeFileSync(path.join(dist, `${name}.gz`), gzipSync(text));
    };
    write('index.html', page, true);
    write('assets/app-abc123.js', script, true);
    write('assets/small-abc123.js', 'export {};', false);
    app = Fastify();
    await registerWebApp(app, dist);
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends brotli to a browser that accepts it, and gzip to one that accepts only gzip', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('sends the file itself to a client that accepts no encoding, or when the build wrote no variant', async () => {
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    const small = await get('/assets/small-abc123.js', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('export {};');
  });

  it('sends the page of a client-side route compressed, never cached', async () => {
    for (const url of ['/', '/library/l1']) {
      const response = await get(url, 'br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toMatch(/text\/html/);
    }
  });
});
