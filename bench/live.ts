// Live connection (issue 15's budgets): 2,000 open authenticated sockets on one node, and the RSS
// each idle one costs the server; a chat message to a 200-member channel, sent through the API,
// delivered to every member's socket with p99 ≤ 100 ms on one node, and ≤ 150 ms across two nodes
// on one PostgreSQL (sent through node A, every member's socket on node B).
//
// The servers run in child processes of their own (this file with `--serve`), so that an RSS is a
// server's alone and the 2,000 clients do not share its event loop. PGlite always; PostgreSQL (one
// node, then two) when BENCH_DATABASE_URL names a server.
//   npx tsx bench/live.ts      BENCH_DATABASE_URL=postgres://… npx tsx bench/live.ts
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { liveLimits } from '@ledgerdesk/contracts';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { buildApp } from '../apps/server/src/app';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { groups, sessions, userGroups, users } from '../apps/server/src/db/schema';
import { hashToken, newToken } from '../apps/server/src/lib/tokens';
import { seedDatabase } from '../apps/server/src/seed';
import { BENCH_ADMIN, type Engine, openBench, percentile, serverDatabase } from './harness';

const SOCKETS = 2000;
const MEMBERS = 200;
const MESSAGES = 40;
/** Sent first and not timed: the first messages pay for cold caches and code not yet optimised. */
const WARM_UP = 3;
const BUDGET_ONE_NODE_MS = 100;
const BUDGET_TWO_NODES_MS = 150;
const MB = 1024 * 1024;

type Setup = { adminToken: string; tokens: string[]; userIds: string[] };
type FromChild = { url: string } | { setup: Setup } | { rss: number };

/** 2,000 users who may chat, each with a session, made straight in the database (no sign-in throttle). */
async function makeUsers(db: Database): Promise<Setup> {
  const [group] = await db
    .insert(groups)
    .values({ name: 'Live bench', permissions: ['chat.use'] })
    .returning({ id: groups.id });
  const rows = Array.from({ length: SOCKETS }, (_, i) => ({
    email: `live${i}@bench.example`,
    username: `live${i}`,
    firstName: 'Live',
    lastName: `User ${i}`,
    passwordHash: 'unused',
  }));
  const userIds: string[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const made = await db
      .insert(users)
      .values(rows.slice(i, i + 500))
      .returning({ id: users.id });
    userIds.push(...made.map((user) => user.id));
  }
  await db.insert(userGroups).values(userIds.map((userId) => ({ userId, groupId: group?.id ?? '' })));
  const tokens = userIds.map(() => newToken());
  const expiresAt = new Date(Date.now() + 86_400_000);
  for (let i = 0; i < userIds.length; i += 500) {
    await db.insert(sessions).values(
      userIds.slice(i, i + 500).map((userId, j) => ({
        userId,
        tokenHash: hashToken(tokens[i + j] ?? ''),
        expiresAt,
        ip: '127.0.0.1',
        userAgent: 'bench',
      })),
    );
  }
  const adminToken = newToken();
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, BENCH_ADMIN.email));
  await db.insert(sessions).values({
    userId: admin?.id ?? '',
    tokenHash: hashToken(adminToken),
    expiresAt,
    ip: '127.0.0.1',
    userAgent: 'bench',
  });
  return { adminToken, tokens, userIds };
}

/** The child: a server on the engine (a database URL for PostgreSQL); the first node makes the data. */
async function serve(engine: Engine, databaseUrl: string | undefined, first: boolean) {
  // PostgreSQL: the nodes share the database the parent made (openBench makes one of its own too,
  // unused), and both open it by URL.
  const bench = await openBench('live', engine, { RATE_LIMIT: 'off' });
  const database = databaseUrl ? await openDatabase({ databaseUrl }) : bench.database;
  if (first) {
    await database.migrate();
    await seedDatabase(database.db, bench.config);
  }
  const app = await buildApp({ config: bench.config, database, webDistDir: bench.webDistDir });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.send?.({ url } satisfies FromChild);
  if (first) process.send?.({ setup: await makeUsers(database.db) } satisfies FromChild);
  process.on('message', async (message: string) => {
    if (message === 'rss') {
      (globalThis as { gc?: () => void }).gc?.();
      process.send?.({ rss: rssOf(process.pid) } satisfies FromChild);
      return;
    }
    await app.close();
    if (database !== bench.database) await database.close();
    await bench.close();
    process.exit(0);
  });
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

type Node = {
  url: string;
  setup: Promise<Setup>;
  rss(): Promise<number>;
  stop(): Promise<void>;
};

function startNode(engine: Engine, databaseUrl: string | undefined, first: boolean): Promise<Node> {
  const child: ChildProcess = fork(
    new URL(import.meta.url).pathname,
    ['--serve', engine, databaseUrl ?? '', first ? 'first' : ''],
    { execArgv: [...process.execArgv, '--expose-gc'] },
  );
  const waiting: ((message: FromChild) => void)[] = [];
  child.on('message', (message: FromChild) => {
    for (const wake of waiting.splice(0)) wake(message);
  });
  const next = <K extends string>(key: K) =>
    new Promise<Extract<FromChild, Record<K, unknown>>>((resolve) => {
      const look = (message: FromChild) => {
        if (key in message) resolve(message as Extract<FromChild, Record<K, unknown>>);
        else waiting.push(look);
      };
      waiting.push(look);
    });
  const setup = first ? next('setup').then((m) => m.setup) : Promise.reject(new Error('not the first node'));
  setup.catch(() => undefined);
  return next('url').then(({ url }) => ({
    url,
    setup,
    async rss() {
      const answer = next('rss');
      child.send('rss');
      return (await answer).rss;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send('stop');
      }),
  }));
}

/** An authenticated socket, once the server said it is ready. */
function openSocket(url: string, token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/live`);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    ws.once('close', (code) => reject(new Error(`socket closed with ${code}`)));
    ws.once('message', (raw) => {
      if ((JSON.parse(raw.toString()) as { type: string }).type === 'ready') resolve(ws);
    });
  });
}

/** Opens `tokens`' sockets a hundred at a time (as browsers returning after a restart would). */
async function openAll(url: string, tokens: string[]): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < tokens.length; i += 100) {
    sockets.push(...(await Promise.all(tokens.slice(i, i + 100).map((token) => openSocket(url, token)))));
  }
  return sockets;
}

async function api(url: string, token: string, path: string, body: object) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data: { id: string } };
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** The message being sent: every chat.message that arrives meanwhile is one of its deliveries. */
let sending: { sentAt: number; left: number; done: () => void } | null = null;
const latencies: number[] = [];

function delivered() {
  if (!sending) return;
  latencies.push(performance.now() - sending.sentAt);
  sending.left -= 1;
  if (sending.left === 0) sending.done();
}

/**
 * MESSAGES chat messages, one after the other, sent through `sendVia` to a channel of the first
 * MEMBERS users, whose sockets are `receivers`: a delivery's time runs from the POST's start to
 * the socket's receipt (one message at a time, in a room of the bench's own).
 */
async function fanOut(sendVia: string, setup: Setup, receivers: WebSocket[]) {
  latencies.length = 0;
  for (const ws of receivers) {
    ws.on('message', (raw) => {
      if ((JSON.parse(raw.toString()) as { type: string }).type === 'chat.message') delivered();
    });
  }
  const members = setup.userIds.slice(0, MEMBERS);
  const room = await api(sendVia, setup.adminToken, '/api/chat/rooms', {
    name: `bench-${Date.now()}`,
    memberIds: members,
  });
  for (let i = 0; i < WARM_UP + MESSAGES; i += 1) {
    if (i === WARM_UP) latencies.length = 0;
    const all = new Promise<void>((resolve) => {
      sending = { sentAt: performance.now(), left: receivers.length, done: resolve };
    });
    await api(sendVia, setup.adminToken, `/api/chat/rooms/${room.id}/messages`, { body: `Fan-out ${i}` });
    await all;
    sending = null;
  }
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: percentile(latencies, 100),
    count: latencies.length,
  };
}

async function main() {
  const results: string[] = [];
  const line = (text: string) => {
    results.push(text);
    console.log(text);
  };
  const engines: Engine[] = ['pglite', ...(process.env.BENCH_DATABASE_URL ? ['postgres' as const] : [])];
  for (const engine of engines) {
    const shared = engine === 'postgres' ? await serverDatabase('live') : null;
    const nodeA = await startNode(engine, shared?.url, true);
    const setup = await nodeA.setup;
    const before = await nodeA.rss();
    const sockets = await openAll(nodeA.url, setup.tokens);
    const after = await nodeA.rss();
    const perSocket = (after - before) / sockets.length;
    line(
      `${engine}: ${sockets.length} open sockets (at most ${liveLimits.socketsPerUser} per user), server RSS ${(before / MB).toFixed(0)} → ${(after / MB).toFixed(0)} MB: ${(perSocket / 1024).toFixed(1)} KB per idle socket`,
    );
    const one = await fanOut(nodeA.url, setup, sockets.slice(0, MEMBERS));
    line(
      `${one.p99 <= BUDGET_ONE_NODE_MS ? 'ok  ' : 'OVER'}  ${engine}, one node: a chat message to ${MEMBERS} members (${MESSAGES} messages after ${WARM_UP} untimed, ${one.count} deliveries, ${SOCKETS} sockets open): p50 ${one.p50.toFixed(1)} ms, p99 ${one.p99.toFixed(1)} ms, max ${one.max.toFixed(1)} ms (budget p99 ${BUDGET_ONE_NODE_MS} ms)`,
    );
    for (const ws of sockets) ws.close();
    if (engine === 'postgres' && shared) {
      const nodeB = await startNode(engine, shared.url, false);
      const onB = await openAll(nodeB.url, setup.tokens.slice(0, MEMBERS));
      const two = await fanOut(nodeA.url, setup, onB);
      for (const ws of onB) ws.close();
      line(
        `${two.p99 <= BUDGET_TWO_NODES_MS ? 'ok  ' : 'OVER'}  postgres, two nodes: sent through A, ${MEMBERS} members on B (${two.count} deliveries): p50 ${two.p50.toFixed(1)} ms, p99 ${two.p99.toFixed(1)} ms, max ${two.max.toFixed(1)} ms (budget p99 ${BUDGET_TWO_NODES_MS} ms)`,
      );
      await nodeB.stop();
    }
    await nodeA.stop();
    await shared?.drop();
  }
  line(
    `load average during the run: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} (${process.env.HOSTNAME ?? 'this machine'})`,
  );
}

if (process.argv[2] === '--serve') {
  await serve(
    (process.argv[3] as Engine) ?? 'pglite',
    process.argv[4] || undefined,
    process.argv[5] === 'first',
  );
} else {
  await main();
}
