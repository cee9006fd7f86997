import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';

/** Runs one row's work; throwing means "try again later" (until the last attempt). */
export type OutboxHandler = (payload: Record<string, unknown>) => Promise<void>;

export type OutboxOptions = {
  /** Attempts before a row is given up (`failed_at`). */
  maxAttempts?: number;
  /** The wait after the first failed attempt; it doubles after each further one. */
  backoffSeconds?: number;
  /** The longest wait between two attempts. */
  maxBackoffSeconds?: number;
  /**
   * How long a claimed row stays hidden from other workers. A worker that dies mid-way leaves its
   * rows to be retried after this; it must exceed the longest a handler may take (the mailer's
   * timeouts stay well under it).
   */
  leaseSeconds?: number;
  /** How often a running worker looks for due rows that another node (or a backoff) made due. */
  pollSeconds?: number;
  /** How many rows one claim takes; they run concurrently. */
  batchSize?: number;
  /** Done rows are deleted after this many days (their payload names people). */
  keepDoneDays?: number;
};

type Log = {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type DrainResult = { done: number; retried: number; failed: number };
export type OutboxRow = typeof outbox.$inferSelect;

const DEFAULTS: Required<OutboxOptions> = {
  maxAttempts: 8,
  backoffSeconds: 30,
  maxBackoffSeconds: 3600,
  leaseSeconds: 300,
  pollSeconds: 5,
  batchSize: 10,
  keepDoneDays: 7,
};

/**
 * The outbox (ARCHITECTURE.md "Writes, concurrency, background work"): `enqueue` inserts a row —
 * in the caller's transaction when given one — and the worker claims due rows with
 * `FOR UPDATE SKIP LOCKED`, so that several nodes share the table and none runs a row another
 * holds. A claim counts an attempt and pushes the row's due time one lease ahead in the same
 * statement; no transaction stays open while a handler runs (on PGlite that would stall every
 * request). Delivery is at least once: a node dying between the handler's success and the
 * bookkeeping runs the row again after the lease.
 */
export function createOutbox(deps: {
  db: Database;
  log: Log;
  options?: OutboxOptions;
  /** Told of each row given up (app.ts writes it to the audit log, where administrators see it). */
  onGiveUp?: (row: OutboxRow) => Promise<void>;
}) {
  const { db, log } = deps;
  const settings = { ...DEFAULTS, ...deps.options };
  const handlers = new Map<string, OutboxHandler>();
  const giveUps = new Map<string, OutboxHandler>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let started = false;
  let lastCleanup = 0;
  const cleanUps: Array<() => Promise<void>> = [];

  /** The wait after the `attempts`-th failed attempt: backoff, doubled each time, capped. */
  const backoffSeconds = (attempts: number) =>
    Math.min(settings.backoffSeconds * 2 ** (attempts - 1), settings.maxBackoffSeconds);

  async function claim(): Promise<OutboxRow[]> {
    const lease = sql.raw(`interval '${Number(settings.leaseSeconds)} seconds'`);
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(isNull(outbox.doneAt), isNull(outbox.failedAt), sql`${outbox.nextAttemptAt} <= now()`))
      .orderBy(outbox.nextAttemptAt)
      .limit(settings.batchSize)
      .for('update', { skipLocked: true });
    return db
      .update(outbox)
      .set({
        attempts: sql`${outbox.attempts} + 1`,
        nextAttemptAt: sql`now() + ${lease}`,
        updatedAt: sql`now()`,
      })
      .where(inArray(outbox.id, due))
      .returning();
  }

  async function run(row: OutboxRow): Promise<keyof DrainResult> {
    try {
      const handler = handlers.get(row.kind);
      if (!handler) throw new Error(`no outbox handler for kind "${row.kind}"`);
      await handler(row.payload);
      await db
        .update(outbox)
        .set({ doneAt: sql`now()`, lastError: null, updatedAt: sql`now()` })
        .where(eq(outbox.id, row.id));
      return 'done';
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const last = row.attempts >= settings.maxAttempts;
      const wait = sql.raw(`interval '${backoffSeconds(row.attempts)} seconds'`);
      await db
        .update(outbox)
        .set({
          lastError: message.slice(0, 2000),
          updatedAt: sql`now()`,
          ...(last ? { failedAt: sql`now()` } : { nextAttemptAt: sql`now() + ${wait}` }),
        })
        .where(eq(outbox.id, row.id));
      const fields = { outboxId: row.id, kind: row.kind, attempts: row.attempts, err: message };
      if (last) {
        log.error(fields, `outbox: gave up "${row.kind}" after ${row.attempts} attempts`);
        await deps.onGiveUp?.({ ...row, lastError: message }).catch((error: unknown) => {
          log.error({ outboxId: row.id, err: error }, 'outbox: could not report a given-up row');
        });
        await giveUps
          .get(row.kind)?.(row.payload)
          .catch((error: unknown) => {
            log.error({ outboxId: row.id, err: error }, 'outbox: the give-up handler failed');
          });
      } else log.warn(fields, `outbox: "${row.kind}" failed, retrying in ${backoffSeconds(row.attempts)} s`);
      return last ? 'failed' : 'retried';
    }
  }

  /** Works every due row, batch after batch, until none is due; what a worker tick does. */
  async function drainOnce(): Promise<DrainResult> {
    const result: DrainResult = { done: 0, retried: 0, failed: 0 };
    for (;;) {
      const rows = await claim();
      if (rows.length === 0) break;
      for (const outcome of await Promise.all(rows.map(run))) result[outcome] += 1;
    }
    // At most once an hour per node: the clean-up's statements scan tables.
    if (Date.now() - lastCleanup > 3_600_000) {
      lastCleanup = Date.now();
      await cleanUp();
    }
    return result;
  }

  /** Deletes old done rows, then runs the clean-ups the modules registered (onCleanUp). */
  async function cleanUp(): Promise<void> {
    const keep = sql.raw(`interval '${Number(settings.keepDoneDays)} days'`);
    await db.delete(outbox).where(lt(outbox.doneAt, sql`now() - ${keep}`));
    for (const work of cleanUps) {
      await work().catch((error: unknown) => log.error({ err: error }, 'outbox: a clean-up failed'));
    }
  }

  /** One pass at a time in this process: a tick, a wake-up and drain() never overlap. */
  function pass(): Promise<DrainResult> {
    const next = (running ?? Promise.resolve()).then(drainOnce, drainOnce);
    running = next.catch(() => undefined);
    return next;
  }

  function schedule(seconds: number) {
    if (!started) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      pass()
        .catch((error) => log.error({ err: error }, 'outbox: a pass failed'))
        // Unless a wake-up was asked for meanwhile, look again after the poll interval.
        .finally(() => timer ?? schedule(settings.pollSeconds));
    }, seconds * 1000);
    timer.unref();
  }

  return {
    /**
     * Registers the handler of a kind (a module does so when it is made), and optionally what to do
     * when a row of it is given up (a sent mail's delivery shown as failed).
     */
    handle(kind: string, handler: OutboxHandler, onGiveUp?: OutboxHandler) {
      if (handlers.has(kind)) throw new Error(`outbox kind "${kind}" has two handlers`);
      handlers.set(kind, handler);
      if (onGiveUp) giveUps.set(kind, onGiveUp);
    },

    /**
     * Queues work; pass the transaction to make the work part of it. A started worker picks it up
     * at once (shortly after, so that the caller's transaction has committed) or at its next poll.
     */
    async enqueue(kind: string, payload: Record<string, unknown>, executor: Database = db): Promise<void> {
      await executor.insert(outbox).values({ kind, payload });
      if (started) schedule(0.05);
    },

    /** Works every due row now and says what became of them: tests call this instead of a timer. */
    drain: pass,

    /**
     * Adds periodic clean-up work (deleting what has expired), run by the worker at most hourly
     * per node on either database; a failure is logged and retried at the next clean-up.
     */
    onCleanUp(work: () => Promise<void>) {
      cleanUps.push(work);
    },

    /** Runs the clean-up now: tests call this instead of waiting an hour. */
    cleanUp,

    /** Starts polling (main.ts, once the server listens). */
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },

    /** Stops polling and waits for the pass under way, so that a shutdown loses no bookkeeping. */
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
