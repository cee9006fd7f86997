import { closeSync, fsyncSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths';
import { type DataDirLock, lockDataDir } from './data-dir-lock';
import * as schema from './schema';

/** Drizzle over either engine: the queries are the same SQL on both. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations that have not run yet (call it inside `exclusive`). */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process of this database runs its own `exclusive` work: several
   * nodes starting together on one empty PostgreSQL migrate and seed one after the other.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /**
   * PGlite (single-user, no autovacuum): reclaims dead rows and refreshes the planner's statistics
   * with VACUUM (ANALYZE). PostgreSQL's own autovacuum does that on a server: nothing to do there.
   */
  vacuum(): Promise<void>;
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  /**
   * Hears `pg_notify(channel, payload)` of every process on this database, after the notifying
   * transaction commits; answers a function that stops listening. PostgreSQL: one connection of its
   * own per process (not from the pool), reconnected with backoff after it fails, then every
   * subscriber hears `{ reconnected: true }` (what was notified meanwhile is lost: resync).
   */
  listen(channel: string, handler: (event: ListenEvent) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

/** A notification's payload, or word that the listening connection was lost and is back. */
export type ListenEvent = { payload: string } | { reconnected: true };

/**
 * PGlite's buffer cache is 128 MB by default, most of its memory. Reads still hit the operating
 * system's file cache, so an embedded, single-office database loses little with a smaller one.
 */
const PGLITE_SHARED_BUFFERS = '8MB';

// A fixed key so that several processes starting together migrate and seed one at a time.
const STARTUP_LOCK_KEY = 7_412_993_001;

export type DatabaseOptions = {
  /** A PostgreSQL server; when unset, PGlite. */
  databaseUrl?: string | undefined;
  /**
   * PGlite's folder is `<dataDir>/pglite`, and the process holds the data directory's lock until
   * close() (a second process gets a DataDirBusyError); without a dataDir PGlite lives in memory.
   */
  dataDir?: string | undefined;
  /** PGlite only: fsync each commit (the default). Off only to measure what durability costs. */
  durable?: boolean;
};

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir, options.durable ?? true);
}

/** The part of Emscripten's NODEFS that durability needs (PGlite exposes it to preRun hooks). */
type EmscriptenNodeFs = {
  realPath(node: unknown): string;
  stream_ops: { fsync?: (stream: { nfd?: number; node: unknown }) => number };
};

/**
 * PGlite's NodeFS writes through Node's fs, but its fsync() does nothing (Emscripten's NODEFS has
 * no fsync, fdatasync is a stub) and PGlite starts PostgreSQL with fsync off (-F): a commit
 * reached the operating system's cache, not the disk, and a power cut could lose it. This NodeFS
 * gives NODEFS a real fsync, and the database is started with fsync on and wal_sync_method=fsync,
 * so PostgreSQL itself flushes the WAL at each commit and the data files at each checkpoint.
 */
class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>) {
    const result = await super.init(...args);
    const { emscriptenOpts } = result;
    emscriptenOpts.preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (mod: unknown) => {
        const nodefs = (mod as { NODEFS: EmscriptenNodeFs }).NODEFS;
        nodefs.stream_ops.fsync = (stream) => {
          if (stream.nfd !== undefined) {
            fsyncSync(stream.nfd);
            return 0;
          }
          // A directory (after a file was created or renamed in it): NODEFS keeps no descriptor.
          const fd = openSync(nodefs.realPath(stream.node), 'r');
          try {
            fsyncSync(fd);
          } finally {
            closeSync(fd);
          }
          return 0;
        };
      },
    ];
    return result;
  }
}

async function openPglite(dataDir: string | undefined, durable: boolean): Promise<DatabaseHandle> {
  let lock: DataDirLock | undefined;
  const options: PGliteOptions = {
    extensions: { pg_trgm, btree_gin },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  };
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    lock = lockDataDir(dataDir);
    const location = path.join(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
    if (durable) {
      options.fs = new DurableNodeFS(location);
      options.startParams = [
        ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
        '-c',
        'fsync=on',
        '-c',
        'wal_sync_method=fsync',
        '-c',
        `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
      ];
    } else {
      options.dataDir = location;
    }
  }
  let client: PGlite;
  try {
    client = await PGlite.create(options);
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsDir }),
    // One process owns a PGlite database (the data directory lock): nobody to wait for.
    exclusive: (work) => work(),
    vacuum: async () => {
      await client.exec('vacuum (analyze)');
    },
    ping: async () => {
      await client.query('select 1');
    },
    // PGlite delivers a notification once its transaction commits; its connection never drops.
    listen: async (channel, handler) => client.listen(channel, (payload) => handler({ payload })),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  // No JIT compilation: it pays off on queries of seconds, and the app's take milliseconds, but a
  // plan's estimate can be far off (a series over generated buckets is costed at a thousand rows) and
  // then 2 ms of work took 600 ms of compiling (found by bench/dashboards.ts).
  const pool = new pg.Pool({ connectionString, max: 10, options: '-c jit=off' });
  // An idle client that loses its server must not take the process down with it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  const listener = createPgListener(connectionString);
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db as never, { migrationsFolder: migrationsDir }),
    exclusive: async (work) => {
      // A session-level advisory lock, held on a connection of its own while `work` uses the pool.
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await work();
      } finally {
        await holder.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
        holder.release();
      }
    },
    // The server's autovacuum keeps PostgreSQL's tables in shape.
    vacuum: async () => {},
    ping: async () => {
      await pool.query('select 1');
    },
    listen: listener.listen,
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

const LISTEN_BACKOFF_MS = { first: 500, max: 30_000 };

/**
 * PostgreSQL's LISTEN needs a connection that stays: a pooled one would be handed to other queries.
 * One client per process, opened on the first `listen`, LISTENs to every channel subscribed; when it
 * fails it is replaced with backoff (0.5 s doubling to 30 s), and the subscribers are told.
 */
function createPgListener(connectionString: string) {
  const subscribers = new Map<string, Set<(event: ListenEvent) => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;
  let closed = false;

  const tell = (channel: string, event: ListenEvent) => {
    for (const handler of subscribers.get(channel) ?? []) handler(event);
  };

  async function open(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => tell(message.channel, { payload: message.payload ?? '' }));
    // An error or the server's end: drop this client and open another one later.
    const lost = () => {
      if (client !== next) return;
      client = null;
      next.end().catch(() => {});
      scheduleReconnect();
    };
    next.on('error', lost);
    next.on('end', lost);
    await next.connect();
    for (const channel of subscribers.keys()) await next.query(`listen ${quoteChannel(channel)}`);
    return next;
  }

  function connect(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= open()
      .then((opened) => {
        client = opened;
        return opened;
      })
      .finally(() => {
        connecting = null;
      });
    return connecting;
  }

  function scheduleReconnect() {
    if (closed || retry) return;
    const wait = Math.min(LISTEN_BACKOFF_MS.first * 2 ** failures, LISTEN_BACKOFF_MS.max);
    failures += 1;
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        () => {
          failures = 0;
          for (const channel of subscribers.keys()) tell(channel, { reconnected: true });
        },
        () => scheduleReconnect(),
      );
    }, wait);
    retry.unref();
  }

  return {
    async listen(channel: string, handler: (event: ListenEvent) => void): Promise<() => Promise<void>> {
      const quoted = quoteChannel(channel);
      let handlers = subscribers.get(channel);
      const first = !handlers;
      if (!handlers) {
        handlers = new Set();
        subscribers.set(channel, handlers);
      }
      handlers.add(handler);
      // A connection opened now LISTENs to every subscribed channel, this one included.
      const wasOpen = client !== null;
      const listening = await connect();
      if (first && wasOpen) await listening.query(`listen ${quoted}`);
      return async () => {
        handlers.delete(handler);
        if (handlers.size > 0) return;
        subscribers.delete(channel);
        await client?.query(`unlisten ${quoted}`).catch(() => {});
      };
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      retry = null;
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
  };
}

/** A channel is an identifier of ours: plain lower-case words only, so it needs no escaping. */
function quoteChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  return `"${channel}"`;
}
