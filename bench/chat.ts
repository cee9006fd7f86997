// Budgets of the chat (issue 15): a room of 100,000 messages opens its newest page in ≤ 50 ms, and
// a page back from the middle of its history too; the rooms list of a user in 200 rooms (each with
// its last message and unread count) also ≤ 50 ms. p95 of the server time through app.inject, as
// a member, on PGlite and, when BENCH_DATABASE_URL names a PostgreSQL server, on a database of its
// own there. Also measured (no budget of their own): a page around a seq (jumping to a search hit),
// the catch-up after a seq, and a search in the big room.
//
// Run: npx tsx bench/chat.ts
//      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npx tsx bench/chat.ts
// Options: BENCH_MESSAGES=100000; BENCH_ROOMS=200; BENCH_RUNS=30 (calls of each after a warm-up).
import { availableParallelism, loadavg } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { chatMembers, chatRooms, groups, userGroups, users } from '../apps/server/src/db/schema';
import { seedDatabase } from '../apps/server/src/seed';
import { BENCH_ADMIN, benchEngines, type Engine, openBench } from './harness';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
const ROOMS = Number(process.env.BENCH_ROOMS ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
/** Messages in each of the other rooms. */
const SMALL_ROOM_MESSAGES = 30;
const BUDGET_MS = 50;

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

async function run(engine: Engine): Promise<boolean> {
  const bench = await openBench('chat', engine, { RATE_LIMIT: 'off' });
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
    const [group] = await db
      .insert(groups)
      .values({ name: 'Chat', permissions: ['chat.use'] })
      .returning();
    if (group) await db.insert(userGroups).values({ userId: peer.id, groupId: group.id });

    // The big room: both of them, MESSAGES messages over the last 100 days, the bench user half-way read.
    const [big] = await db
      .insert(chatRooms)
      .values({
        kind: 'channel',
        name: 'big',
        createdBy: me.id,
        lastSeq: MESSAGES,
        lastMessageAt: new Date(),
      })
      .returning({ id: chatRooms.id });
    if (!big) throw new Error('no room');
    await db.insert(chatMembers).values([
      { roomId: big.id, userId: me.id, role: 'owner', lastReadSeq: MESSAGES / 2 },
      { roomId: big.id, userId: peer.id, lastReadSeq: MESSAGES },
    ]);
    await db.execute(sql`
      insert into chat_messages (room_id, seq, sender_id, body, created_at)
      select ${big.id}, g, case when g % 3 = 0 then ${me.id}::uuid else ${peer.id}::uuid end,
             (array['The invoice for order ', 'Can we move the review of ', 'Budget line ', 'Thanks for '])[1 + g % 4]
               || g || ' — ' || md5(g::text),
             now() - ((${MESSAGES} - g) || ' minutes')::interval
        from generate_series(1, ${MESSAGES}) g`);

    // The other rooms of the bench user: SMALL_ROOM_MESSAGES each, a few unread in every other one.
    await db.execute(sql`
      with made as (
        insert into chat_rooms (kind, name, created_by, last_seq, last_message_at)
        select 'channel', 'room ' || g, ${me.id}::uuid, ${SMALL_ROOM_MESSAGES}, now() - (g || ' hours')::interval
          from generate_series(2, ${ROOMS}) g
        returning id)
      insert into chat_members (room_id, user_id, role, last_read_seq)
      select id, ${me.id}::uuid, 'owner', ${SMALL_ROOM_MESSAGES} - (case when random() < 0.5 then 5 else 0 end) from made
      union all select id, ${peer.id}::uuid, 'member', ${SMALL_ROOM_MESSAGES} from made`);
    await db.execute(sql`
      insert into chat_messages (room_id, seq, sender_id, body, created_at)
      select r.id, g, ${peer.id}::uuid, 'Message ' || g || ' of ' || r.name, now() - ((${SMALL_ROOM_MESSAGES} - g) || ' minutes')::interval
        from chat_rooms r cross join generate_series(1, ${SMALL_ROOM_MESSAGES}) g
       where r.id <> ${big.id}`);
    // As the server's upkeep leaves it once idle (VACUUM ANALYZE on PGlite, autovacuum on a server).
    await database.vacuum();
    if (engine === 'postgres') await db.execute(sql`vacuum analyze chat_messages, chat_members, chat_rooms`);

    const app = await buildApp({ config, database, webDistDir: bench.webDistDir });
    const login = await app.inject({ method: 'POST', url: '/api/users/login/', payload: BENCH_ADMIN });
    const headers = { authorization: `Bearer ${login.json().accessToken}` };
    const middle = Math.floor(MESSAGES / 2);
    const messages = `/api/chat/rooms/${big.id}/messages`;
    const calls: [string, string, boolean, (body: { items: unknown[] }) => number][] = [
      ['newest page of the big room', messages, true, (b) => b.items.length],
      [
        `a page back from the middle (before=${middle})`,
        `${messages}?before=${middle}`,
        true,
        (b) => b.items.length,
      ],
      [`the rooms list of a user in ${ROOMS} rooms`, '/api/chat/rooms', true, (b) => b.items.length],
      [`a page around seq ${middle}`, `${messages}?around=${middle}`, false, (b) => b.items.length],
      [
        `catch-up after seq ${MESSAGES - 20}`,
        `${messages}?after=${MESSAGES - 20}`,
        false,
        (b) => b.items.length,
      ],
      ['search "review of 4242"', `${messages}?q=review%20of%204242`, false, (b) => b.items.length],
    ];
    say(
      `${MESSAGES.toLocaleString('en')} messages in one room, ${ROOMS} rooms; load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`,
    );
    let ok = true;
    for (const [label, url, budgeted, countOf] of calls) {
      const times: number[] = [];
      // This process's CPU time per call too: on a loaded machine the wall time counts the waits
      // for a core; the CPU time does not (PGlite runs in this process; a server's own CPU is not in it).
      const cpu: number[] = [];
      let count = 0;
      for (let i = 0; i <= RUNS; i++) {
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        const res = await app.inject({ method: 'GET', url, headers });
        const ms = performance.now() - t0;
        const used = process.cpuUsage(c0);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        if (i === 0) count = countOf(res.json());
        else {
          times.push(ms);
          cpu.push((used.user + used.system) / 1000);
        }
      }
      const p95 = percentile(times, 95);
      const within = p95 <= BUDGET_MS;
      if (budgeted) ok = ok && within;
      say(
        `${label}: ${count} items; p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms of ${RUNS} calls${budgeted ? ` (budget p95 ≤ ${BUDGET_MS} ms) — ${within ? 'within' : 'OVER'} budget` : ''}; CPU p50 ${percentile(cpu, 50).toFixed(1)} ms, p95 ${percentile(cpu, 95).toFixed(1)} ms; load ${loadavg()[0]?.toFixed(1)}`,
      );
    }
    await app.close();
    return ok;
  } finally {
    await bench.close();
  }
}

let ok = true;
for (const engine of benchEngines()) ok = (await run(engine)) && ok;
if (!ok) process.exitCode = 1;
