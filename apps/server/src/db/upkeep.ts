/**
 * PGlite runs PostgreSQL in single-user mode, without autovacuum: updated and deleted rows stay as
 * dead tuples (a tasks table grew to 3x its vacuumed size after ~1,800 updates) and the planner's
 * statistics go stale. This runs VACUUM (ANALYZE) once the server has been idle for `idleMs` after
 * a write, so the upkeep never competes with people's requests.
 */
export const IDLE_VACUUM_AFTER_MS = 60_000;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type IdleVacuum = {
  /** Tells it a request began or ended: the server is not idle. */
  activity(method: string): void;
  /** Stops the schedule and waits for a vacuum under way. */
  stop(): Promise<void>;
};

export function scheduleIdleVacuum(options: {
  vacuum: () => Promise<void>;
  onError: (error: unknown) => void;
  idleMs?: number;
}): IdleVacuum {
  const idleMs = options.idleMs ?? IDLE_VACUUM_AFTER_MS;
  let written = false;
  let lastActivity = Date.now();
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (!written || running || Date.now() - lastActivity < idleMs) return;
    written = false;
    running = options
      .vacuum()
      .catch(options.onError)
      .finally(() => {
        running = undefined;
      });
  }, idleMs / 2);
  timer.unref();
  return {
    activity(method) {
      lastActivity = Date.now();
      if (!READS.has(method)) written = true;
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
