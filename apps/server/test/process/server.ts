import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { serverRoot } from '../../src/paths';

/**
 * The real entry points, as an operator runs them: a process, its exit code and its log.
 *
 * They run as `node --import tsx <script>`, one process. Not through the `tsx` command: it relays
 * SIGTERM to a child node and, when the child does not acknowledge it within 30 ms (a busy
 * machine), SIGKILLs it and exits 143 itself — the "exited 143 under load" of issue 10.
 */
function spawnScript(script: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: serverRoot,
    env: { ...process.env, ...env },
  });
}

export type Run = { code: number | null; stdout: string; stderr: string };

/** Runs a script to its end. */
export function run(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawnScript(script, args, env);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => (stdout += chunk));
    child.stderr?.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

export type Server = {
  url: string;
  port: number;
  pid: number;
  log(): string;
  /** Resolves when the log matches (waiting for a condition, never for a fixed time). */
  waitForLog(pattern: RegExp): Promise<void>;
  /** Sends the signal without waiting. */
  signal(signal?: NodeJS.Signals): void;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
};

/** Starts `src/main.ts` and resolves once it logged that it is ready. */
export function startServer(env: Record<string, string>): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child = spawnScript('src/main.ts', [], { PORT: '0', LOG_LEVEL: 'info', ...env });
    let log = '';
    const watchers = new Set<() => void>();
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), 150_000);
    let ready = false;
    const onData = (chunk: Buffer) => {
      log += chunk;
      for (const watcher of watchers) watcher();
      const match = /Ledgerdesk is ready in \d+ ms on [^:]+: open (http:\/\/[\d.]+:(\d+))/.exec(log);
      if (ready || !match?.[1]) return;
      ready = true;
      clearTimeout(timer);
      resolve({
        url: match[1],
        port: Number(match[2]),
        pid: child.pid ?? 0,
        log: () => log,
        waitForLog: (pattern) =>
          new Promise((found) => {
            const check = () => {
              if (!pattern.test(log)) return;
              watchers.delete(check);
              found();
            };
            watchers.add(check);
            check();
          }),
        signal: (signal = 'SIGTERM') => child.kill(signal),
        exited,
        stop: () => {
          child.kill('SIGTERM');
          return exited;
        },
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      if (!ready) {
        clearTimeout(timer);
        reject(new Error(`server exited with ${code}:\n${log}`));
      }
    });
  });
}

export async function signIn(url: string, email: string, password: string) {
  const res = await fetch(`${url}/api/users/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { accessToken?: string };
  return { status: res.status, token: body.accessToken ?? '' };
}

export async function me(url: string, token: string) {
  const res = await fetch(`${url}/api/users/me/`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  return res.status;
}

/**
 * A database of its own on the PostgreSQL server of TEST_DATABASE_URL and a data directory for each
 * of two nodes (several servers, one database): `create()` before the nodes start, `drop()` after.
 */
export function twoNodeDatabase(prefix: string) {
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), `${prefix}-`)));
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return {
    databaseUrl: url.toString(),
    dataDirs,
    create: () => onServer(`create database ${name}`),
    async drop() {
      await onServer(`drop database if exists ${name} with (force)`);
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}
