// Budgets of the demo seeds (issue 6): each area's demo data is written in ≤ 1,000 ms, on a fresh
// PGlite database (and PostgreSQL too when BENCH_DATABASE_URL names a server where this may create
// databases). Medians of RUNS fresh databases, with min–max. These were assertions in the API tests
// once; a timing is a measurement, not a behaviour, so it lives here.
// Run: npx tsx bench/seeds.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../apps/server/src/db/client';
import { openDatabase } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema';
import { seedApiKeys } from '../apps/server/src/seed/api-keys';
import { seedAuditHistory } from '../apps/server/src/seed/audit-history';
import { seedContent } from '../apps/server/src/seed/content';
import { seedCrm } from '../apps/server/src/seed/crm';
import { seedEcommerce } from '../apps/server/src/seed/ecommerce';
import { seedFiles } from '../apps/server/src/seed/files';
import { seedInvoices } from '../apps/server/src/seed/invoices';
import { seedJobs } from '../apps/server/src/seed/jobs';
import { seedLibrary } from '../apps/server/src/seed/library';
import { seedProductPhotos } from '../apps/server/src/seed/product-photos';
import { seedProjects } from '../apps/server/src/seed/projects';
import { createRandom } from '../apps/server/src/seed/random';
import { storeBytesIn } from '../apps/server/src/seed/stored-bytes';
import { seedTasks } from '../apps/server/src/seed/tasks';
import { seedTeam } from '../apps/server/src/seed/team';
import { seedTickets } from '../apps/server/src/seed/tickets';
import { seedTodos } from '../apps/server/src/seed/todos';
import { benchEngines, serverDatabase } from './harness';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const filesDir = mkdtempSync(path.join(tmpdir(), 'ledgerdesk-bench-seed-files-'));
const BUDGET_MS = 1000;
type Person = { id: string; name: string; email: string };
/** The demo shop the last ecommerce seed made: its products get their photos next. */
let shop: Awaited<ReturnType<typeof seedEcommerce>> | undefined;

/** Each area's seed, as the first start runs it, given the demo people and the acting admin. */
const areas: Record<string, (db: Database, people: Person[], actor: string) => Promise<unknown>> = {
  library: (db, _p, actor) => seedLibrary(db, createRandom(1), actor),
  crm: (db, people, actor) =>
    seedCrm(
      db,
      people.map((p) => p.id),
      actor,
    ),
  tickets: (db, people, actor) =>
    seedTickets(
      db,
      people.map((p) => p.id),
      actor,
    ),
  invoices: (db, _p, actor) => seedInvoices(db, actor),
  projects: (db, people, actor) =>
    seedProjects(
      db,
      people.map((p) => p.id),
      actor,
    ),
  // After the projects, as on the first start: some tasks are on project boards.
  tasks: (db, people, actor) =>
    seedTasks(
      db,
      createRandom(2),
      people.map((p) => p.id),
      actor,
    ),
  team: (db, people, actor) => seedTeam(db, people, actor),
  todos: (db, _p, actor) => seedTodos(db, actor),
  ecommerce: async (db, people, actor) => {
    shop = await seedEcommerce(
      db,
      actor,
      people.map((p) => p.id),
    );
  },
  // The shop's generated photos, rendered and stored (into the bench's own data directory).
  'product photos': (db, _p, actor) =>
    seedProductPhotos(db, { put: storeBytesIn(filesDir), ownerId: actor, products: shop?.pictures ?? [] }),
  // The blog's covers and the gallery's pictures, rendered and stored, with posts, likes and a year of statistics.
  content: (db, people, actor) =>
    seedContent(db, storeBytesIn(filesDir), { adminId: actor, userIds: people.slice(1).map((p) => p.id) }),
  jobs: (db, _p, actor) => seedJobs(db, actor),
  'api keys': (db, _p, actor) => seedApiKeys(db, actor),
  // Real bytes (PDFs, pictures) made and stored: into a data directory of the bench's own.
  files: (db, people, actor) =>
    seedFiles(db, storeBytesIn(filesDir), { adminId: actor, colleagueId: people[1]?.id, groupId: undefined }),
  // Last, as on the first start: four months of the people's sign-ins and changes to the records above.
  'audit history': (db, people) =>
    seedAuditHistory(
      db,
      createRandom(3),
      people.map((p, i) => ({ id: p.id, email: p.email, active: i % 7 !== 6 })),
      new Date(),
    ),
};

async function open(engine: 'pglite' | 'postgres') {
  if (engine === 'pglite') return { handle: await openDatabase({}), drop: async () => {} };
  const { url, drop } = await serverDatabase('seeds');
  return { handle: await openDatabase({ databaseUrl: url }), drop };
}

/** One fresh database: the time of each area's seed, in the order the first start runs them. */
async function once(engine: 'pglite' | 'postgres'): Promise<Record<string, number>> {
  const { handle, drop } = await open(engine);
  try {
    await handle.migrate();
    const { db } = handle;
    const people = (
      await db
        .insert(users)
        .values(
          Array.from({ length: 16 }, (_, i) => ({
            email: `person${i}@bench.example`,
            username: `person${i}`,
            firstName: `First${i}`,
            lastName: `Last${i}`,
          })),
        )
        .returning({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    ).map((u) => ({ id: u.id, email: u.email, name: `${u.firstName} ${u.lastName}` }));
    const actor = people[0]?.id ?? '';
    const timings: Record<string, number> = {};
    for (const [area, seed] of Object.entries(areas)) {
      const started = performance.now();
      await seed(db, people, actor);
      timings[area] = performance.now() - started;
    }
    return timings;
  } finally {
    await handle.close();
    await drop();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

let ok = true;
for (const engine of benchEngines()) {
  const runs: Record<string, number>[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once(engine));
  for (const area of Object.keys(areas)) {
    const ms = runs.map((r) => r[area] ?? Number.NaN);
    const m = median(ms);
    ok &&= m <= BUDGET_MS;
    console.log(
      `${m <= BUDGET_MS ? 'ok  ' : 'OVER'}  [${engine}] seed ${area}: ${m.toFixed(1)} ms (${Math.min(...ms).toFixed(1)}–${Math.max(...ms).toFixed(1)}) (budget ${BUDGET_MS} ms)`,
    );
  }
}
rmSync(filesDir, { recursive: true, force: true });
process.exitCode = ok ? 0 : 1;
