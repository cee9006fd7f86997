import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server's package folder, found by walking up from this module: the same code runs from
 * src/ (tests, tsx) and bundled in dist/, so paths are taken from the package root, not the file.
 */
function findPackageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@ledgerdesk/server')
      return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @ledgerdesk/server package folder');
    dir = parent;
  }
}

export const serverRoot = findPackageRoot();
export const migrationsDir = path.join(serverRoot, 'src/db/migrations');
export const webDistDir = path.resolve(serverRoot, '../web/dist');
