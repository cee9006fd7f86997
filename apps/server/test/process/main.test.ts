import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../../src/paths';

// The real entry points, as an operator runs them: a process, its exit code and its log.
const tsx = path.resolve(serverRoot, '../../node_modules/.bin/tsx');
const dataDir = mkdtempSync(path.join(tmpdir(), 'ledgerdesk-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Run = { code: number | null; stdout: string; stderr: string };

function run(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(tsx, [script, ...args], { cwd: serverRoot, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Starts the server, waits for its ready line, and hands back its URL and a way to stop it. */
function startServer(env: Record<string, string>) {
  return new Promise<{ url: string; log: () => string; stop: () => Promise<number | null> }>(
    (resolve, reject) => {
      const child: ChildProcess = spawn(tsx, ['src/main.ts'], {
        cwd: serverRoot,
        env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info', ...env },
      });
      let log = '';
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), 40_000);
      const onData = (chunk: Buffer) => {
        log += chunk;
        const ready = /Ledgerdesk is ready in \d+ ms on [^:]+: open (http:\/\/[\d.:]+)/.exec(log);
        if (ready?.[1]) {
          clearTimeout(timer);
          resolve({
            url: ready[1],
            log: () => log,
            stop: () =>
              new Promise((done) => {
                child.on('exit', (code) => done(code));
                child.kill('SIGTERM');
              }),
          });
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${log}`)));
    },
  );
}

async function signIn(url: string, email: string, password: string) {
  const res = await fetch(`${url}/api/users/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

describe('the server process', () => {
  it('stops at once with a one-line message naming a bad variable', async () => {
    const result = await run('src/main.ts', [], { PORT: 'abc', DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('Configuration error: PORT must be a port number (got "abc")');
  });

  it('first start migrates, seeds and prints the generated password once; a restart keeps the data', async () => {
    const first = await startServer({});
    const printed = /Sign in as (\S+) with password (\S+) /.exec(first.log());
    expect(printed?.[1]).toBe('admin@example.com');
    const password = printed?.[2] ?? '';
    expect(await signIn(first.url, 'admin@example.com', password)).toBe(200);
    expect(await first.stop()).toBe(0);

    const second = await startServer({});
    expect(second.log()).not.toContain('password');
    expect(second.log()).not.toContain('New database');
    expect(await signIn(second.url, 'admin@example.com', password)).toBe(200);
    expect(await second.stop()).toBe(0);
  }, 90_000);

  it('the admin command resets a lost password', async () => {
    const usage = await run('src/cli.ts', ['reset-password'], { DATA_DIR: dataDir });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run admin -- reset-password <email>');

    const unknown = await run('src/cli.ts', ['reset-password', 'nobody@example.com'], { DATA_DIR: dataDir });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account has the email nobody@example.com.');

    const reset = await run(
      'src/cli.ts',
      ['reset-password', 'admin@example.com', '--password', 'brand-new-secret'],
      {
        DATA_DIR: dataDir,
      },
    );
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain('The password of admin@example.com is now: brand-new-secret');

    const server = await startServer({});
    expect(await signIn(server.url, 'admin@example.com', 'brand-new-secret')).toBe(200);
    expect(await server.stop()).toBe(0);
  }, 90_000);
});
