import { type IcoGroup, icoGroups } from '@ledgerdesk/contracts';
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cryptoCoins, cryptoIcos } from '../../db/schema';
import type { AuditLog } from '../../lib/audit';
import type { LiveHub } from '../../lib/live/hub';
import { icoRecordOf } from './icos.resource';
import { createMarket, MARKET_TOPIC, type MarketEvent } from './market';
import { createWallet } from './wallet';

// What the crypto dashboard reads (modules/dashboards/crypto.ts).
export { walletValuesAt } from './history';
export { marketItemsOf } from './market';
export { orderRecords, portfolioOf, transactionRecords } from './wallet';

/** The step's length when ticking is off (tests tick by hand, with steps of this length). */
export const DEFAULT_STEP_MS = 5000;

type Log = { warn(obj: object, msg: string): void };

/**
 * The crypto area: the simulated market (and its ticker), the wallets, the ICO listings. The
 * dashboards reach it through here.
 */
export function createCryptoService(deps: {
  db: Database;
  audit: AuditLog;
  live: Pick<LiveHub, 'publish'>;
  /** MARKET_TICK_MS: 0 leaves the ticker off. */
  tickMs: number;
  log: Log;
  now?: () => Date;
}) {
  const { db, tickMs, log } = deps;
  const market = createMarket({
    db,
    stepMs: tickMs > 0 ? tickMs : DEFAULT_STEP_MS,
    publish: (executor, event: MarketEvent) => deps.live.publish(executor, MARKET_TOPIC, event),
    now: deps.now,
  });
  const wallet = createWallet({ db, audit: deps.audit });

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  /** One tick for now's step, unless the last one is still running (a slow database: skip one). */
  const tickNow = () => {
    if (running) return;
    running = market
      .tick(market.currentStep())
      .catch((error: unknown) => log.warn({ err: error }, 'crypto: the market tick failed'))
      .finally(() => {
        running = null;
      });
  };

  const ticker = {
    /** Ticks every MARKET_TICK_MS from now on (main.ts); nothing when it is 0. */
    start() {
      if (tickMs <= 0 || timer) return;
      timer = setInterval(tickNow, tickMs);
      timer.unref();
      tickNow();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };

  async function coins() {
    return db
      .select({
        code: cryptoCoins.code,
        name: cryptoCoins.name,
        color: cryptoCoins.color,
        rank: cryptoCoins.rank,
      })
      .from(cryptoCoins)
      .orderBy(asc(cryptoCoins.rank));
  }

  async function icoGroupList(): Promise<IcoGroup[]> {
    const rows = await db.select().from(cryptoIcos).orderBy(asc(cryptoIcos.date), asc(cryptoIcos.label));
    return icoGroups.map((title) => ({
      title,
      subItems: rows.filter((row) => row.group === title).map(icoRecordOf),
    }));
  }

  return { market, wallet, ticker, coins, icoGroups: icoGroupList };
}
export type CryptoService = ReturnType<typeof createCryptoService>;
