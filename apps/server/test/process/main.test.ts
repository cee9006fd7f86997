import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { me, run, signIn, startServer } from './server';

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

function freshDataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledgerdesk-process-'));
  dataDirs.push(dir);
  return dir;
}

const ADMIN = { email: 'boss@example.com', password: 'first-password-1' };
/** A known admin and no demo data: a quicker first start. */
const quick = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: 'false' };

/** A raw connection, to hold it open, send a body slowly and read what the server answers. */
function openConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return {
    socket,
    received: () => received,
    closed,
    /** Resolves once the answer so far matches. */
    answered: (pattern: RegExp) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (pattern.test(received)) resolve();
        };
        socket.on('data', check);
        socket.on('close', () =>
          pattern.test(received) ? resolve() : reject(new Error(`closed: ${received}`)),
        );
        check();
      }),
  };
}

/** A sign-in whose body is cut in two: the request is in flight until `finish()`. */
function startSlowSignIn(port: number) {
  const connection = openConnection(port);
  const body = JSON.stringify({ email: ADMIN.email, password: 'not-the-password' });
  const half = Math.floor(body.length / 2);
  connection.socket.write(
    `POST /api/users/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
  );
  return { ...connection, finish: () => connection.socket.write(body.slice(half)) };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

describe('the server process', () => {
  it('stops at once with a one-line message naming a bad variable', async () => {
    const result = await run('src/main.ts', [], { PORT: 'abc', DATA_DIR: freshDataDir() });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('Configuration error: PORT must be a port number (got "abc")');
  }, 60_000);

  it('first start migrates, seeds and prints the generated password once; a restart keeps the data', async () => {
    const dataDir = freshDataDir();
    const first = await startServer({ DATA_DIR: dataDir });
    const printed = /Sign in as (\S+) with password (\S+) /.exec(first.log());
    expect(printed?.[1]).toBe('admin@example.com');
    const password = printed?.[2] ?? '';
    expect((await signIn(first.url, 'admin@example.com', password)).status).toBe(200);
    expect(await first.stop()).toBe(0);

    const second = await startServer({ DATA_DIR: dataDir });
    expect(second.log()).not.toContain('password');
    expect(second.log()).not.toContain('New database');
    expect((await signIn(second.url, 'admin@example.com', password)).status).toBe(200);
    expect(await second.stop()).toBe(0);
    // Nothing the log keeps may hold a password hash.
    expect(first.log() + second.log()).not.toContain('$argon2');
  }, 300_000);

  it("a second server on the same DATA_DIR stops at once with one line naming the owner; the first keeps serving; a killed owner's lock is taken over", async () => {
    const dataDir = freshDataDir();
    const first = await startServer({ DATA_DIR: dataDir, ...quick });
    const second = await run('src/main.ts', [], { DATA_DIR: dataDir, PORT: '0', ...quick });
    expect(second.code).toBe(1);
    expect(second.stdout).toBe('');
    expect(second.stderr.trim()).toMatch(
      new RegExp(
        `^Ledgerdesk cannot start: The data directory ${escapeRegExp(dataDir)} is in use by another Ledgerdesk process \\(pid ${first.pid} on [^,]+, since \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\): stop it first, or give this one another DATA_DIR\\.$`,
      ),
    );
    const session = await signIn(first.url, ADMIN.email, ADMIN.password);
    expect(session.status).toBe(200);

    // Killed without a chance to clean up: its lock is left behind, and the next start takes it over
    // (the process is gone); the session it acknowledged is there.
    first.signal('SIGKILL');
    await first.exited;
    const third = await startServer({ DATA_DIR: dataDir, ...quick });
    expect(await me(third.url, session.token)).toBe(200);
    expect(await third.stop()).toBe(0);
  }, 300_000);

  it('the admin command works through a running server: the new password works there and old sessions end', async () => {
    const dataDir = freshDataDir();
    const server = await startServer({ DATA_DIR: dataDir, ...quick });
    const before = await signIn(server.url, ADMIN.email, ADMIN.password);
    expect(before.status).toBe(200);
    expect(await me(server.url, before.token)).toBe(200);

    const reset = await run('src/cli.ts', ['reset-password', ADMIN.email, '--password', 'brand-new-secret'], {
      DATA_DIR: dataDir,
    });
    expect(reset.stderr).toBe('');
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain(`The password of ${ADMIN.email} is now: brand-new-secret`);

    expect(await me(server.url, before.token)).toBe(401);
    expect((await signIn(server.url, ADMIN.email, ADMIN.password)).status).toBe(401);
    expect((await signIn(server.url, ADMIN.email, 'brand-new-secret')).status).toBe(200);

    const unknown = await run('src/cli.ts', ['reset-password', 'nobody@example.com'], { DATA_DIR: dataDir });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('No account has the email nobody@example.com.\n');
    expect(await server.stop()).toBe(0);
  }, 300_000);

  it('the admin command refuses, touching nothing, when the owner of DATA_DIR does not answer', async () => {
    const dataDir = freshDataDir();
    // A live process of this host holds the lock but serves no admin socket (a server still starting).
    const owner = { pid: process.pid, host: hostname(), since: '2026-11-23T21:40:03.120Z' };
    writeFileSync(path.join(dataDir, 'ledgerdesk.lock'), JSON.stringify(owner));
    const reset = await run('src/cli.ts', ['reset-password', ADMIN.email, '--password', 'brand-new-secret'], {
      DATA_DIR: dataDir,
    });
    expect(reset.code).toBe(1);
    expect(reset.stdout).toBe('');
    expect(reset.stderr).toMatch(
      new RegExp(
        `^A Ledgerdesk server \\(pid ${process.pid} on ${escapeRegExp(hostname())}, since 2026-11-23T21:40:03.120Z\\) owns ${escapeRegExp(dataDir)} but does not answer its admin commands .*: wait until it is ready and try again, or stop it first\\.\\n$`,
      ),
    );
    expect(readdirSync(dataDir)).toEqual(['ledgerdesk.lock']);
  }, 300_000);

  it('the admin command resets a lost password while no server runs', async () => {
    const dataDir = freshDataDir();
    const usage = await run('src/cli.ts', ['reset-password'], { DATA_DIR: dataDir });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run admin -- reset-password <email>');

    const first = await startServer({ DATA_DIR: dataDir, ...quick });
    expect(await first.stop()).toBe(0);

    const unknown = await run('src/cli.ts', ['reset-password', 'nobody@example.com'], { DATA_DIR: dataDir });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account has the email nobody@example.com.');

    const reset = await run('src/cli.ts', ['reset-password', ADMIN.email, '--password', 'brand-new-secret'], {
      DATA_DIR: dataDir,
    });
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain(`The password of ${ADMIN.email} is now: brand-new-secret`);

    const server = await startServer({ DATA_DIR: dataDir, ...quick });
    expect((await signIn(server.url, ADMIN.email, 'brand-new-secret')).status).toBe(200);
    expect(await server.stop()).toBe(0);
  }, 300_000);

  it('SIGTERM closes an idle keep-alive connection at once, lets a request in flight finish and exits 0', async () => {
    // A deadline far beyond what the stop needs: reaching it would show in the log.
    const server = await startServer({ DATA_DIR: freshDataDir(), SHUTDOWN_TIMEOUT: '300', ...quick });
    const idle = openConnection(server.port);
    idle.socket.write('GET /api/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    await idle.answered(/^HTTP\/1\.1 200/);

    const inFlight = startSlowSignIn(server.port);
    await server.waitForLog(/"url":"\/api\/users\/login\/"/);
    server.signal('SIGTERM');
    await server.waitForLog(/SIGTERM: stopping/);
    await idle.closed;

    inFlight.finish();
    await inFlight.answered(/^HTTP\/1\.1 401[\s\S]*\r\n\r\n\{.*\}$/);
    expect(inFlight.received().toLowerCase()).toContain('connection: close');
    expect(await server.exited).toBe(0);
    expect(server.log()).not.toContain('still running after SHUTDOWN_TIMEOUT');
  }, 300_000);

  it('a request that stalls does not hold the exit beyond SHUTDOWN_TIMEOUT', async () => {
    const server = await startServer({ DATA_DIR: freshDataDir(), SHUTDOWN_TIMEOUT: '1', ...quick });
    const stalled = startSlowSignIn(server.port);
    await server.waitForLog(/"url":"\/api\/users\/login\/"/);
    server.signal('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.log()).toContain(
      'Requests still running after SHUTDOWN_TIMEOUT (1 s): closing their connections',
    );
    await stalled.closed;
  }, 300_000);
});
