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
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { chatMembers, chatRooms, groups, userGroups, users } from '../apps/server/src/db/schema';
import { seedDatabase } from '../apps/server/src/seed';
import { BENCH_ADMIN, type Engine, onEveryEngine, openBench, type TimedCall, timeCalls } from './harness';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
const ROOMS = Number(process.env.BENCH_ROOMS ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
/** Messages in each of the other rooms. */
const SMALL_ROOM_MESSAGES = 30;
const BUDGET_MS = 50;

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
    const calls: TimedCall[] = [
      ['newest page of the big room', messages, true],
      [`a page back from the middle (before=${middle})`, `${messages}?before=${middle}`, true],
      [`the rooms list of a user in ${ROOMS} rooms`, '/api/chat/rooms', true],
      [`a page around seq ${middle}`, `${messages}?around=${middle}`, false],
      [`catch-up after seq ${MESSAGES - 20}`, `${messages}?after=${MESSAGES - 20}`, false],
      ['search "review of 4242"', `${messages}?q=review%20of%204242`, false],
    ];
    const ok = await timeCalls(app, headers, calls, {
      about: `${MESSAGES.toLocaleString('en')} messages in one room, ${ROOMS} rooms`,
      runs: RUNS,
      budgetMs: BUDGET_MS,
      say,
      count: (body) => body.items?.length ?? 0,
    });
    await app.close();
    return ok;
  } finally {
    await bench.close();
  }
}

await onEveryEngine(run);
