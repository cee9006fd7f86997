// Budget of the mailbox (issue 15): a folder of 100,000 mails pages in ≤ 50 ms (p95, server time
// through app.inject, as the mailbox's owner): its first page and a page from a deep cursor (the
// middle of the folder), on PGlite and, when BENCH_DATABASE_URL names a PostgreSQL server, on a
// database of its own there. Also measured (no budget of their own): `all` and `starred` (read by
// date over every folder), the counts, and a search.
//
// Run: npx tsx bench/mail.ts
//      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npx tsx bench/mail.ts
// Options: BENCH_MAILS=100000; BENCH_RUNS=30 (calls of each list after a warm-up).
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { users } from '../apps/server/src/db/schema';
import { seedDatabase } from '../apps/server/src/seed';
import { BENCH_ADMIN, type Engine, onEveryEngine, openBench, type TimedCall, timeCalls } from './harness';

const MAILS = Number(process.env.BENCH_MAILS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const BUDGET_MS = 50;

/** The list's cursor (modules/mail/service.ts): the date and id of the entry a page ends at. */
const cursorOf = (date: string, id: string) =>
  Buffer.from(JSON.stringify([new Date(date).toISOString(), id])).toString('base64url');

async function run(engine: Engine): Promise<boolean> {
  const bench = await openBench('mail', engine, { RATE_LIMIT: 'off' });
  const { config, database } = bench;
  const say = (line: string) => console.log(`[${engine}] ${line}`);
  try {
    await database.migrate();
    await seedDatabase(database.db, config);
    const db = database.db;
    const [me] = await db.select({ id: users.id }).from(users).where(eq(users.email, BENCH_ADMIN.email));
    if (!me) throw new Error('no bench admin');
    const [peer] = await db
      .insert(users)
      .values({ email: 'peer@example.com', username: 'peer', firstName: 'Pat', lastName: 'Peer' })
      .returning({ id: users.id });
    if (!peer) throw new Error('no peer');
    // The mails Pat sent the admin, one a minute back in time: Pat's sent entries and the admin's
    // inbox of 100,000 (a tenth unread, one in a hundred starred, some labelled).
    await db.execute(sql`
      insert into mail_messages (thread_id, sender_id, from_name, from_address, "to", subject, body_html,
                                 teaser, search_text, sent_at, created_at, updated_at)
      select gen_random_uuid(), ${peer.id}, 'Pat Peer', 'peer@example.com',
             jsonb_build_array(jsonb_build_object('address', ${BENCH_ADMIN.email}::text, 'name', 'Bench', 'userId', ${me.id}::text)),
             'Weekly report ' || g, '<p>The figures of week ' || g || ' are in.</p>',
             'The figures of week ' || g || ' are in.',
             'weekly report ' || g || ' pat peer peer@example.com the figures of week ' || g || ' are in.',
             d, d, d
        from generate_series(1, ${MAILS}) g,
             lateral (select date_trunc('milliseconds', now() - (g || ' minutes')::interval) as d) t`);
    await db.execute(sql`
      insert into mailbox_entries (owner_id, message_id, thread_id, folder, unread, starred, label, date)
      select ${me.id}, m.id, m.thread_id, 'inbox', n % 10 = 0, n % 100 = 0,
             (array[null, 'theme', 'support'])[1 + n % 3], m.sent_at
        from (select m.*, row_number() over () as n from mail_messages m where m.sender_id = ${peer.id}) m`);
    await db.execute(sql`
      insert into mailbox_entries (owner_id, message_id, thread_id, folder, date)
      select ${peer.id}, m.id, m.thread_id, 'sent', m.sent_at from mail_messages m where m.sender_id = ${peer.id}`);
    // As the server's upkeep leaves it once idle (VACUUM ANALYZE on PGlite, autovacuum on a server).
    await database.vacuum();
    if (engine === 'postgres') await db.execute(sql`vacuum analyze mail_messages, mailbox_entries`);

    const middle = await db.execute<{ date: string; id: string }>(sql`
      select date::text as date, id::text as id from mailbox_entries
       where owner_id = ${me.id} and folder = 'inbox'
       order by date desc, id desc offset ${Math.floor(MAILS / 2)} limit 1`);
    const deep = (middle as unknown as { rows: { date: string; id: string }[] }).rows[0];
    if (!deep) throw new Error('no middle entry');
    const cursor = cursorOf(deep.date, deep.id);

    const app = await buildApp({ config, database, webDistDir: bench.webDistDir });
    const login = await app.inject({ method: 'POST', url: '/api/users/login/', payload: BENCH_ADMIN });
    const headers = { authorization: `Bearer ${login.json().accessToken}` };
    const lists: TimedCall[] = [
      ['inbox, first page', '/api/mail?category=inbox', true],
      [
        `inbox, deep cursor (entry ${Math.floor(MAILS / 2).toLocaleString('en')})`,
        `/api/mail?category=inbox&cursor=${cursor}`,
        true,
      ],
      ['all, first page', '/api/mail?category=all', false],
      ['all, deep cursor', `/api/mail?category=all&cursor=${cursor}`, false],
      ['starred, first page', '/api/mail?category=starred', false],
      [
        'inbox labelled support, deep cursor',
        `/api/mail?category=inbox&label=support&cursor=${cursor}`,
        false,
      ],
      ['search "report 4242"', '/api/mail?category=inbox&q=report%204242', false],
      ['counts', '/api/mail/counts', false],
    ];
    const ok = await timeCalls(app, headers, lists, {
      about: `${MAILS.toLocaleString('en')} mails in one inbox`,
      runs: RUNS,
      budgetMs: BUDGET_MS,
      say,
      count: (body) => body.items?.length ?? 1,
    });
    await app.close();
    return ok;
  } finally {
    await bench.close();
  }
}

await onEveryEngine(run);
