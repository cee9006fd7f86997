// Budget of the blog's and the gallery's lists (issue 16): 1,000,000 posts and 1,000,000 gallery
// images page in ≤ 50 ms (p95, server time through app.inject): the first page in the default order
// (newest first) for a moderator and for a reader (whose list is scoped to published posts), a
// status filter, a search, another order; the gallery's first page and a category. On PGlite and,
// when BENCH_DATABASE_URL names a PostgreSQL server, on a database of its own there. A deep page
// (OFFSET) is measured, without a budget.
//
// Run: npx tsx bench/content-list.ts
//      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npx tsx bench/content-list.ts
// Options: BENCH_ROWS=1000000; BENCH_RUNS=30 (calls of each list after a warm-up).
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { galleryCategories, groups, userGroups, users } from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { seedDatabase } from '../apps/server/src/seed';
import { BENCH_ADMIN, type Engine, onEveryEngine, openBench, type TimedCall, timeCalls } from './harness';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const BUDGET_MS = 50;
const READER = { email: 'reader@bench.example', password: 'reader-password-1' };

async function run(engine: Engine): Promise<boolean> {
  const bench = await openBench('content', engine, { RATE_LIMIT: 'off' });
  const { config, database } = bench;
  const say = (line: string) => console.log(`[${engine}] ${line}`);
  try {
    await database.migrate();
    await seedDatabase(database.db, config);
    const db = database.db;
    const [me] = await db.select({ id: users.id }).from(users).where(eq(users.email, BENCH_ADMIN.email));
    if (!me) throw new Error('no bench admin');
    // A reader: blog.view and gallery.view, no blog.manage (their post list is scoped).
    const [reader] = await db
      .insert(users)
      .values({ email: READER.email, username: 'reader', passwordHash: await hashPassword(READER.password) })
      .returning({ id: users.id });
    const [readers] = await db
      .insert(groups)
      .values({ name: 'Readers', permissions: ['blog.view', 'gallery.view'] })
      .returning({ id: groups.id });
    if (!reader || !readers) throw new Error('no reader');
    await db.insert(userGroups).values({ userId: reader.id, groupId: readers.id });
    const categories = await db
      .insert(galleryCategories)
      .values(['Projects', 'Cityscapes', 'Landscapes', 'Coast', 'Night'].map((name) => ({ name })))
      .returning({ id: galleryCategories.id });
    const categoryIds = `{${categories.map((c) => c.id).join(',')}}`;
    // Posts: one in twenty a draft (no date), the others published a minute apart; badges varied.
    await db.execute(sql`
      insert into blog_posts (title, slug, badge_text, body, excerpt, status, published_at, author_id)
      select 'Post ' || lpad(g::text, 7, '0') || ' ' || (array['budget', 'close', 'tender', 'team'])[1 + g % 4],
             'post-' || g, (array['Budget', 'Guides', 'Events', 'Team'])[1 + g % 4],
             '<p>Text of post ' || g || '.</p>', 'Text of post ' || g || '.',
             case when g % 20 = 0 then 'draft' else 'published' end,
             case when g % 20 = 0 then null else now() - (g || ' minutes')::interval end,
             ${me.id}
        from generate_series(1, ${ROWS}) g`);
    await db.execute(sql`
      insert into gallery_images (title, category_id, author_id, created_at)
      select 'Picture ' || lpad(g::text, 7, '0'), (${categoryIds}::uuid[])[1 + g % 5], ${me.id},
             now() - (g || ' minutes')::interval
        from generate_series(1, ${ROWS}) g`);
    // As the server's upkeep leaves it once idle (VACUUM ANALYZE on PGlite, autovacuum on a server).
    await database.vacuum();
    if (engine === 'postgres') await db.execute(sql`vacuum analyze blog_posts, gallery_images`);

    const app = await buildApp({ config, database, webDistDir: bench.webDistDir });
    const tokenOf = async (who: { email: string; password: string }) =>
      (await app.inject({ method: 'POST', url: '/api/users/login/', payload: who })).json()
        .accessToken as string;
    const about = `${ROWS.toLocaleString('en')} posts and ${ROWS.toLocaleString('en')} gallery images`;
    const common = {
      runs: RUNS,
      budgetMs: BUDGET_MS,
      say,
      count: (body: { results?: unknown[] }) => body.results?.length ?? 0,
    };
    const asModerator: TimedCall[] = [
      ['posts: first page, newest first (moderator)', '/api/blog/posts', true],
      ['posts: 9 cards of the grid (moderator)', '/api/blog/posts?pageSize=9', true],
      ['posts: drafts', '/api/blog/posts?status=draft', true],
      ['posts: search "tender"', '/api/blog/posts?search=tender', true],
      ['posts: by title', '/api/blog/posts?ordering=title', true],
      ['posts: deep page 400', '/api/blog/posts?page=400', false],
      ['gallery: first page, newest first', '/api/gallery/images?pageSize=12', true],
      ['gallery: one category', `/api/gallery/images?pageSize=12&category=${categories[2]?.id}`, true],
    ];
    const moderatorOk = await timeCalls(
      app,
      { authorization: `Bearer ${await tokenOf(BENCH_ADMIN)}` },
      asModerator,
      { ...common, about },
    );
    const asReader: TimedCall[] = [
      ['posts: first page, newest first (reader: published only)', '/api/blog/posts', true],
      ['posts: search "budget" (reader)', '/api/blog/posts?search=budget', true],
    ];
    const readerOk = await timeCalls(app, { authorization: `Bearer ${await tokenOf(READER)}` }, asReader, {
      ...common,
      about: `${about}, as a reader`,
    });
    await app.close();
    return moderatorOk && readerOk;
  } finally {
    await bench.close();
  }
}

await onEveryEngine(run);
