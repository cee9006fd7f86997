import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { chatMembers, chatMessages, chatRooms, groups, userGroups, users } from '../db/schema';
import { directKeyOf } from '../modules/chat/service';
import { createRandom } from './random';

/** The chat's own seed: changing another area's demo data does not shift this one. */
const CHAT_SEED = 15_001;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const channels = [
  { name: 'general', topic: 'Everything that is not a project of its own', everyone: true, messages: 90 },
  { name: 'budget-2027', topic: 'Preparing the 2027 budget: figures, owners, deadlines', messages: 70 },
  { name: 'procurement', topic: 'Suppliers, quotes and purchase orders', messages: 50 },
  { name: 'month-end', topic: 'Closing the books each month', messages: 40 },
];

const lines = [
  'Morning all — the figures for last month are in the shared folder.',
  'Who is looking at the variance on the travel budget?',
  'I can take it this afternoon.',
  'The supplier sent a new quote, about 4% lower than the first one.',
  'Can we move the review to Thursday? Tuesday is packed.',
  'Thursday works for me.',
  'Reminder: invoices for the quarter must be approved by Friday.',
  'I updated the forecast with the new headcount.',
  'Looks good. One question on the training line: is that per person?',
  'Yes, per person, for the whole year.',
  'The bank reconciliation is done, two items still open.',
  'Thanks! Which two?',
  'The card payment from the 12th and a refund we have not received yet.',
  'I will chase the refund.',
  'Draft of the budget letter attached to the folder, comments welcome.',
  'Nice work on the dashboard, much easier to read now.',
  'Could someone check the VAT on the last order? It looks off.',
  'Checked: the rate was right, the quantity was wrong. Fixed.',
  'Lunch at 12:30?',
  'The auditors asked for the fixed-asset register by next week.',
  'I will send it Monday.',
  'Has anyone heard back from legal about the framework contract?',
  'Not yet, I pinged them again this morning.',
  'Capex requests for 2027 are due at the end of the month.',
  'We are 3% over on software licences, mostly the new CRM seats.',
  'Can we spread that over two quarters?',
  'Possibly, let me ask the vendor.',
  'Closing checklist updated: accruals are step 4 now.',
  'Great, that matches what we did last month.',
  'The purchase order for the laptops is approved.',
];
const directLines = [
  'Hi! Do you have a minute for the budget file?',
  'Sure, what do you need?',
  'The totals on the second tab do not match the summary.',
  'Ah, I see it — a hidden row. Fixing it now.',
  'Thanks, much appreciated.',
  'Can you send me the latest version of the report?',
  'Sent it to your inbox.',
  'Are you joining the review tomorrow?',
  'Yes, I will be a few minutes late.',
  'No problem.',
  'Quick one: which cost centre for the conference tickets?',
  'Use the training one, 4100.',
];

/** The active users who may chat (administrators, or in a group holding chat.use). */
async function chatUsers(tx: Database, candidates: string[]) {
  if (candidates.length === 0) return [];
  const rows = await tx
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.userId, users.id))
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(
      and(
        inArray(users.id, candidates),
        eq(users.isActive, true),
        sql`'chat.use' = any(${groups.permissions})`,
      ),
    );
  const allowed = new Set(rows.map((r) => r.id));
  return candidates.filter((id) => allowed.has(id));
}

/**
 * Demo chat: channels (#general for everyone who may chat, #budget-2027, #procurement,
 * #month-end) and direct conversations of the administrator with up to 8 colleagues, a few hundred
 * messages over the last weeks with replies and mentions. The administrator has read most of it:
 * a couple of rooms keep a few unread messages.
 */
export async function seedChat(tx: Database, options: { adminId: string; userIds: string[]; now?: Date }) {
  const random = createRandom(CHAT_SEED);
  const now = (options.now ?? new Date()).getTime();
  const people = await chatUsers(tx, options.userIds);
  const everyone = [options.adminId, ...people];

  /** Writes a room's messages, spread over the last `days` until 3 hours ago; returns its last seq. */
  const fill = async (
    roomId: string,
    members: string[],
    count: number,
    texts: string[],
    days: number,
    turns: boolean,
  ) => {
    const start = now - days * DAY;
    const step = (days * DAY - 3 * HOUR) / count;
    const rows: (typeof chatMessages.$inferInsert)[] = [];
    for (let seq = 1; seq <= count; seq += 1) {
      // A conversation of two takes turns; a channel is whoever speaks up.
      const senderId = turns ? (members[seq % members.length] ?? options.adminId) : random.pick(members);
      const others = members.filter((id) => id !== senderId);
      const previous = rows.at(-1);
      const mention = others.length > 0 && random.next() < 0.08 ? random.pick(others) : undefined;
      const reply = previous && random.next() < 0.12 ? previous : undefined;
      rows.push({
        id: randomUUID(),
        roomId,
        seq,
        senderId,
        body: `${mention ? '@mention ' : ''}${texts[(seq - 1 + members.length) % texts.length]}`,
        replyToId: reply?.id ?? null,
        mentions: mention ? [mention] : [],
        createdAt: new Date(start + (seq - 1) * step + random.int(0, Math.floor(step / 2))),
      });
    }
    // A mention reads with the person's name: the web highlights "@Name".
    const names = new Map(
      (
        await tx
          .select({ id: users.id, first: users.firstName })
          .from(users)
          .where(inArray(users.id, members))
      ).map((u) => [u.id, u.first]),
    );
    for (const row of rows) {
      const [mentioned] = row.mentions ?? [];
      if (mentioned) row.body = row.body.replace('@mention', `@${names.get(mentioned) ?? ''}`);
    }
    for (let i = 0; i < rows.length; i += 200) await tx.insert(chatMessages).values(rows.slice(i, i + 200));
    const last = rows.at(-1);
    await tx
      .update(chatRooms)
      .set({ lastSeq: count, lastMessageAt: last?.createdAt ?? null })
      .where(eq(chatRooms.id, roomId));
    return count;
  };

  for (const [index, spec] of channels.entries()) {
    const members = spec.everyone ? everyone : [options.adminId, ...people.filter(() => random.next() < 0.6)];
    const [room] = await tx
      .insert(chatRooms)
      .values({
        kind: 'channel',
        name: spec.name,
        topic: spec.topic,
        createdBy: options.adminId,
        createdAt: new Date(now - 40 * DAY),
      })
      .returning({ id: chatRooms.id });
    if (!room) throw new Error('chat room insert returned nothing');
    await tx.insert(chatMembers).values(
      members.map((userId) => ({
        roomId: room.id,
        userId,
        role: userId === options.adminId ? ('owner' as const) : ('member' as const),
        joinedAt: new Date(now - 40 * DAY),
      })),
    );
    const lastSeq = await fill(room.id, members, spec.messages, lines, 28 - index * 4, false);
    // Everyone has read up to near the end; the administrator has a few unread in two channels.
    const unread = index === 1 || index === 2 ? 3 + index : 0;
    await tx
      .update(chatMembers)
      .set({
        lastReadSeq: sql`${lastSeq} - case when ${chatMembers.userId} = ${options.adminId} then ${unread} else 0 end`,
      })
      .where(eq(chatMembers.roomId, room.id));
  }

  for (const [index, peer] of people.slice(0, 8).entries()) {
    const [room] = await tx
      .insert(chatRooms)
      .values({
        kind: 'direct',
        directKey: directKeyOf(options.adminId, peer),
        createdBy: options.adminId,
        createdAt: new Date(now - 30 * DAY),
      })
      .returning({ id: chatRooms.id });
    if (!room) throw new Error('chat room insert returned nothing');
    const members = [options.adminId, peer];
    await tx
      .insert(chatMembers)
      .values(members.map((userId) => ({ roomId: room.id, userId, role: 'owner' as const })));
    const lastSeq = await fill(room.id, members, 6 + random.int(0, 10), directLines, 2 + index * 3, true);
    await tx
      .update(chatMembers)
      .set({
        lastReadSeq: sql`${lastSeq} - case when ${chatMembers.userId} = ${options.adminId} then ${index === 0 ? 2 : 0} else 0 end`,
      })
      .where(eq(chatMembers.roomId, room.id));
  }
}
