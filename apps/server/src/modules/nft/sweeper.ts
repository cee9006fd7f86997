type Log = { error(obj: object, msg: string): void; info(obj: object, msg: string): void };

/**
 * Runs the auction sweep every `everyMs` (NFT_AUCTION_SWEEP_MS; 0: never) on this node, the first
 * time at start (what ended while every node was down closes then). Runs never overlap; stop()
 * waits for the one under way.
 */
export function createAuctionSweeper(deps: { sweep: () => Promise<number>; everyMs: number; log: Log }) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const run = async () => {
    try {
      const closed = await deps.sweep();
      if (closed > 0) deps.log.info({ closed }, 'nft: auctions closed');
    } catch (error) {
      deps.log.error({ err: error }, 'nft: the auction sweep failed');
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().finally(() => {
        running = null;
        schedule();
      });
    }, deps.everyMs);
    timer.unref();
  };

  return {
    /** One sweep now, whatever the timer (the tests, as two nodes would run it). */
    sweepNow: () => deps.sweep(),
    start() {
      if (deps.everyMs <= 0 || timer || running) return;
      running = run().finally(() => {
        running = null;
        schedule();
      });
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
export type AuctionSweeper = ReturnType<typeof createAuctionSweeper>;
