// Account enumeration by timing (issue 10): forgot-password for an address with an account and for
// one without, and sign-up with a new and with a taken email, must not differ measurably. Both
// take the same path by design (the outbox worker, not the request, decides who gets mail); this
// measures it, on PGlite and, when BENCH_DATABASE_URL names a PostgreSQL server (a database this
// may add rows to), on PostgreSQL too.
//   Budget: the median gap between the two kinds is at most 1 ms (forgot-password) and 10 % of the
//   request (sign-up, where the argon2 hash of the password dominates).
// Server time through inject, each from its own address (the throttle). The two kinds go in pairs,
// one right after the other, and the gap is the median of the pairs' differences: on a shared,
// busy machine the load drifts within a run, and pairing cancels that drift.
// Run: npx tsx bench/enumeration.ts [runs, default 3]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema';
import { seedDatabase } from '../apps/server/src/seed';

const RUNS = Number(process.argv[2] ?? 3);
const FORGOT_PAIRS = 150;
const SIGNUP_PAIRS = 30;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const ms = (x: number) => `${x.toFixed(2)} ms`;

/** One run's medians of each kind, and the median of the pairs' differences (known − unknown). */
type Pair = { known: number; unknown: number; gap: number };

function pairUp(times: { known: number[]; unknown: number[] }): Pair {
  const gaps = times.known.map((k, i) => k - (times.unknown[i] ?? 0));
  return { known: median(times.known), unknown: median(times.unknown), gap: median(gaps) };
}

async function run(engine: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ledgerdesk-bench-enumeration-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: 'bench-password-1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({
    databaseUrl: engine === 'postgres' ? process.env.BENCH_DATABASE_URL : undefined,
    dataDir,
  });
  // The worker is not started: what is measured is the request, which only enqueues.
  const app = await buildApp({ config, database, webDistDir: path.join(dataDir, 'none') });
  let address = 0;
  const nextIp = () => {
    address += 1;
    return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
  };
  const timed = async (url: string, payload: object, expected: number) => {
    const start = performance.now();
    const res = await app.inject({ method: 'POST', url, payload, remoteAddress: nextIp() });
    const elapsed = performance.now() - start;
    if (res.statusCode !== expected) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return elapsed;
  };

  try {
    await database.migrate();
    await seedDatabase(database.db, config);
    const forgot: Pair[] = [];
    const signup: Pair[] = [];
    for (let r = 0; r < RUNS; r++) {
      const tag = `${Date.now().toString(36)}r${r}`;
      const known = Array.from(
        { length: FORGOT_PAIRS + SIGNUP_PAIRS },
        (_, i) => `known${i}.${tag}@bench.local`,
      );
      await database.db.insert(users).values(known.map((email, i) => ({ email, username: `k${i}_${tag}` })));

      // Warm-up, not counted.
      for (let i = 0; i < 20; i++)
        await timed('/api/auth/forgot-password', { email: `warm${i}.${tag}@bench.local` }, 200);

      const times = { known: [] as number[], unknown: [] as number[] };
      for (let i = 0; i < FORGOT_PAIRS; i++) {
        // Alternate which goes first, so that neither kind always follows the other.
        const order = i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
        for (const kind of order) {
          const email = kind === 'known' ? known[i] : `nobody${i}.${tag}@bench.local`;
          times[kind].push(await timed('/api/auth/forgot-password', { email }, 200));
        }
      }
      forgot.push(pairUp(times));

      const signupTimes = { known: [] as number[], unknown: [] as number[] };
      for (let i = 0; i < SIGNUP_PAIRS; i++) {
        const order = i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
        for (const kind of order) {
          const email = kind === 'known' ? known[FORGOT_PAIRS + i] : `fresh${i}.${tag}@bench.local`;
          const payload = {
            email,
            username: `${kind === 'known' ? 't' : 'n'}${i}_${tag}`,
            firstName: 'Bench',
            lastName: 'Mark',
            password: 'violet-harbour-92',
          };
          signupTimes[kind].push(await timed('/api/auth/signup', payload, 201));
        }
      }
      signup.push(pairUp(signupTimes));
      console.log(
        `[${engine}] run ${r + 1}: forgot-password known ${ms(forgot[r]?.known ?? 0)} / unknown ${ms(forgot[r]?.unknown ?? 0)} (paired gap ${ms(forgot[r]?.gap ?? 0)}); sign-up taken ${ms(signup[r]?.known ?? 0)} / new ${ms(signup[r]?.unknown ?? 0)} (paired gap ${ms(signup[r]?.gap ?? 0)})`,
      );
    }

    const summary = (
      name: string,
      pairs: Pair[],
      budget: (request: number) => number,
      labels: [string, string],
    ) => {
      const known = median(pairs.map((p) => p.known));
      const unknown = median(pairs.map((p) => p.unknown));
      const gap = Math.abs(median(pairs.map((p) => p.gap)));
      const limit = budget(Math.max(known, unknown));
      const ok = gap <= limit;
      console.log(
        `[${engine}] ${name}: median of ${pairs.length} runs — ${labels[0]} ${ms(known)}, ${labels[1]} ${ms(unknown)}, paired gap ${ms(gap)} (budget ${ms(limit)}) ${ok ? 'ok' : 'OVER BUDGET'}`,
      );
      return ok;
    };
    const okForgot = summary('forgot-password', forgot, () => 1, ['known', 'unknown']);
    const okSignup = summary('sign-up', signup, (request) => request * 0.1, ['taken email', 'new email']);
    return okForgot && okSignup;
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

let ok = true;
for (const engine of [
  'pglite',
  ...(process.env.BENCH_DATABASE_URL ? (['postgres'] as const) : []),
] as const) {
  ok = (await run(engine)) && ok;
}
process.exit(ok ? 0 : 1);
