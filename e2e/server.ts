import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverCommand } from '../scripts/server-command.mjs';

export type RunningServer = { url: string; dataDir: string; stop(): Promise<void> };

/**
 * Starts the built server (apps/server/dist) on a free port with a new DATA_DIR, as `npm start` would;
 * with `logFile`, everything it prints is kept there too.
 */
export function startBuiltServer(env: Record<string, string> = {}, logFile?: string): Promise<RunningServer> {
  const root = path.resolve(import.meta.dirname, '..');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ledgerdesk-e2e-'));
  const [node, ...args] = serverCommand();
  const child: ChildProcess = spawn(node, args, {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (logFile) {
    const file = createWriteStream(logFile);
    child.stdout?.pipe(file, { end: false });
    child.stderr?.pipe(file, { end: false });
    child.once('exit', () => file.end());
  }
  let log = '';
  let started = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 60 s:\n${log}`)), 60_000);
    const onData = (chunk: Buffer) => {
      // Once it is up, its log is drained but not kept (a benchmark makes it log every request).
      if (started) return;
      log += chunk;
      const ready = /open (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (!ready?.[1]) return;
      started = true;
      clearTimeout(timer);
      resolve({
        url: ready[1],
        dataDir,
        stop: () =>
          new Promise<void>((done) => {
            child.once('exit', () => {
              rmSync(dataDir, { recursive: true, force: true });
              done();
            });
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${log}`));
    });
  });
}
