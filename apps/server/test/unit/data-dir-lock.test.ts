import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirBusyError, dataDirOwner, lockDataDir } from '../../src/db/data-dir-lock';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledgerdesk-lock-'));
  dirs.push(dir);
  return dir;
}
const lockFile = (dir: string) => path.join(dir, 'ledgerdesk.lock');
function leaveLock(dir: string, holder: { pid: number; host: string; since: string }) {
  writeFileSync(lockFile(dir), JSON.stringify(holder));
}

describe('the data directory lock', () => {
  it('lets one holder in, names it to the next, and frees the directory on release', () => {
    const dir = dataDir();
    const lock = lockDataDir(dir);
    let refused: unknown;
    try {
      lockDataDir(dir);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DataDirBusyError);
    expect((refused as Error).message).toMatch(
      new RegExp(`is in use by another Ledgerdesk process \\(pid ${process.pid} on ${hostname()}, since `),
    );
    expect(dataDirOwner(dir)?.pid).toBe(process.pid);
    lock.release();
    expect(existsSync(lockFile(dir))).toBe(false);
    expect(dataDirOwner(dir)).toBeUndefined();
    lockDataDir(dir).release();
  });

  it('takes over a lock left by a process of this host that is gone', () => {
    const dir = dataDir();
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    leaveLock(dir, { pid: gone, host: hostname(), since: '2026-01-01T00:00:00.000Z' });
    expect(dataDirOwner(dir)).toBeUndefined();
    const lock = lockDataDir(dir);
    expect(dataDirOwner(dir)?.pid).toBe(process.pid);
    lock.release();
  });

  it("respects another host's lock while it is refreshed, and takes it over once it is stale", () => {
    const dir = dataDir();
    leaveLock(dir, { pid: 1, host: 'elsewhere', since: '2026-01-01T00:00:00.000Z' });
    expect(() => lockDataDir(dir)).toThrow(/pid 1 on elsewhere, since 2026-01-01T00:00:00.000Z/);
    const longAgo = new Date(Date.now() - 5 * 60_000);
    utimesSync(lockFile(dir), longAgo, longAgo);
    const lock = lockDataDir(dir);
    expect(dataDirOwner(dir)?.host).toBe(hostname());
    lock.release();
  });
});
