import { buildApp } from '../apps/server/src/app';
import { users } from '../apps/server/src/db/schema';
import { seedDatabase } from '../apps/server/src/seed';
import { benchEngines, openBench } from './harness';

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
  const bench = await openBench('enumeration', engine);
  const { config, database } = bench;
  // The worker is not started: what is measured is the request, which only enqueues.
  const app = await buildApp({ config, database, webDistDir: bench.webDistDir });
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
    await bench.close();
  }
}

let ok = true;
for (const engine of benchEngines()) {
  ok = (await run(engine)) && ok;
}
process.exit(ok ? 0 : 1);
