import {
  CHAT_MESSAGE_ATTACHMENTS,
  CHAT_TEASER_LENGTH,
  CHAT_UNREAD_CAP,
  type ChatContact,
  type ChatMember,
  type ChatMessage,
  type ChatMessagesPage,
  type ChatPerson,
  type ChatReadResponse,
  type ChatRoomDetail,
  type ChatRoomKind,
  type ChatRoomSummary,
  type ChatUserStatus,
  type chatContactsQuery,
  type chatMessageInput,
  type chatMessagePatch,
  type chatMessagesQuery,
  type chatRoomInput,
  type chatRoomPatch,
  chatMessages as chatTexts,
} from '@ledgerdesk/contracts';
import { and, asc, desc, eq, gt, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { chatMembers, chatMessages, chatRooms, groups, userGroups, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { attachmentsOf, deleteAttachmentsOf } from '../../resources/attachments';
import { searchCondition } from '../../resources/list';
import type { UsersService } from '../users/service';

type MessageRow = typeof chatMessages.$inferSelect;
type Executor = Database;

/** The live topic of chat events; its payloads carry ids only (the receiving node reads the rest). */
export const CHAT_TOPIC = 'chat';

/**
 * What a chat event says happened (the payload of CHAT_TOPIC): `room` is the room; `users` are
 * people to tell besides its members (those just removed).
 */
export type ChatEvent =
  | { op: 'new' | 'edit'; room: string; msg: string }
  | { op: 'delete'; room: string; msg: string; seq: number }
  | { op: 'read'; room: string; user: string; seq: number }
  | { op: 'typing'; room: string; user: string }
  | { op: 'room'; room: string; change: 'created' | 'updated' | 'joined' | 'left'; users?: string[] };

/** What chat needs of the live hub and the notifications service (app.ts hands them in). */
export type ChatLinks = {
  /** Announces an event with the writer's transaction: nothing is said before it commits. */
  publish(executor: Database, event: ChatEvent): Promise<void>;
  presence(userIds: string[]): Promise<Map<string, ChatUserStatus>>;
  notify(
    executor: Database,
    notification: {
      userIds: string[];
      kind: 'message' | 'mention';
      params: Record<string, string>;
      link: string;
      coalesceKey?: string;
    },
  ): Promise<void>;
};

/** The first characters of a body, on one line. */
export const teaserOf = (body: string) => {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > CHAT_TEASER_LENGTH ? `${line.slice(0, CHAT_TEASER_LENGTH - 1)}…` : line;
};

/** Where a notification about a room leads (the chat page opens the room, at the message). */
export const chatLink = (roomId: string, seq?: number) =>
  `/chat?room=${roomId}${seq === undefined ? '' : `&seq=${seq}`}`;

/** The key a direct room is found by: its two users' ids, sorted. */
export const directKeyOf = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** SQL: the user `id` may chat (active, and an administrator or in a group holding chat.use). */
const mayChat = (id: SQL | typeof users.id) => sql<boolean>`exists (
  select 1 from ${users} chatter where chatter.id = ${id} and chatter.is_active and (chatter.is_admin or exists (
    select 1 from ${userGroups} ug join ${groups} g on g.id = ug.group_id
    where ug.user_id = chatter.id and 'chat.use' = any(g.permissions))))`;

/** SQL: the caller's unread messages of a room after `lastRead`, counted up to the cap. */
const unreadOf = (roomId: SQL, lastRead: SQL, userId: string) => sql`(select count(*)::int from (
  select 1 from ${chatMessages} x where x.room_id = ${roomId} and x.seq > ${lastRead}
    and x.sender_id is distinct from ${userId} limit ${CHAT_UNREAD_CAP}) unread)`;

type RoomRow = {
  id: string;
  kind: ChatRoomKind;
  name: string;
  topic: string;
  last_seq: number;
  last_read_seq: number;
  activity_at: Date;
  member_count: number;
  unread: number;
  peer_id: string | null;
  msg_id: string | null;
  msg_seq: number | null;
  msg_body: string | null;
  msg_sender: string | null;
  msg_at: Date | null;
};

export function createChatService(deps: {
  db: Database;
  users: UsersService;
  storage: Storage;
  links: ChatLinks;
}) {
  const { db, users: usersService, storage, links } = deps;

  /** Names and avatars of users, by id. */
  const peopleOf = async (executor: Executor, ids: Iterable<string>): Promise<Map<string, ChatPerson>> => {
    const unique = [...new Set(ids)];
    const [names, avatars] = await Promise.all([
      usersService.namesOf(executor, unique),
      usersService.avatarsOf(executor, unique),
    ]);
    return new Map([...names].map(([id, name]) => [id, { id, name, avatarUrl: avatars.get(id) ?? null }]));
  };

  /** The caller's membership of a room; a room they are not in is a 404, whether it exists or not. */
  const membershipOf = async (executor: Executor, roomId: string, userId: string) => {
    const [found] = await executor
      .select({
        role: chatMembers.role,
        lastReadSeq: chatMembers.lastReadSeq,
        kind: chatRooms.kind,
        lastSeq: chatRooms.lastSeq,
        name: chatRooms.name,
      })
      .from(chatMembers)
      .innerJoin(chatRooms, eq(chatRooms.id, chatMembers.roomId))
      .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)));
    if (!found) throw AppError.notFound();
    return found;
  };

  const memberIdsOf = async (executor: Executor, roomId: string) =>
    (
      await executor
        .select({ id: chatMembers.userId })
        .from(chatMembers)
        .where(eq(chatMembers.roomId, roomId))
    ).map((row) => row.id);

  /** Of `ids`, those who may not chat (inactive, unknown, or without chat.use). */
  const notChatUsers = async (executor: Executor, ids: string[]) => {
    if (ids.length === 0) return [];
    const allowed = await executor
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), mayChat(users.id)));
    const ok = new Set(allowed.map((row) => row.id));
    return ids.filter((id) => !ok.has(id));
  };

  /** A message's own mentions, checked: members of the room only. */
  const checkMentions = async (executor: Executor, roomId: string, mentions: string[]) => {
    const unique = [...new Set(mentions)];
    if (unique.length === 0) return unique;
    const found = await executor
      .select({ id: chatMembers.userId })
      .from(chatMembers)
      .where(and(eq(chatMembers.roomId, roomId), inArray(chatMembers.userId, unique)));
    if (found.length !== unique.length)
      throw AppError.badRequest(chatTexts.notMember, { mentions: chatTexts.notMember });
    return unique;
  };

  /** Message rows → what the API shows: sender, the message replied to, attachments. */
  const describe = async (executor: Executor, rows: MessageRow[]): Promise<ChatMessage[]> => {
    if (rows.length === 0) return [];
    const replyIds = [...new Set(rows.flatMap((r) => (r.replyToId ? [r.replyToId] : [])))];
    const replied = replyIds.length
      ? await executor
          .select({
            id: chatMessages.id,
            seq: chatMessages.seq,
            body: chatMessages.body,
            senderId: chatMessages.senderId,
          })
          .from(chatMessages)
          .where(inArray(chatMessages.id, replyIds))
      : [];
    const senderIds = [...rows, ...replied].flatMap((r) => (r.senderId ? [r.senderId] : []));
    const [people, files] = await Promise.all([
      peopleOf(executor, senderIds),
      attachmentsOf(
        storage,
        executor,
        CHAT_MESSAGE_ATTACHMENTS,
        rows.map((r) => r.id),
      ),
    ]);
    const repliedById = new Map(replied.map((r) => [r.id, r]));
    return rows.map((row) => {
      const reply = row.replyToId ? repliedById.get(row.replyToId) : undefined;
      return {
        id: row.id,
        roomId: row.roomId,
        seq: row.seq,
        sender: (row.senderId && people.get(row.senderId)) || null,
        body: row.body,
        ...(reply
          ? {
              replyTo: {
                id: reply.id,
                seq: reply.seq,
                teaser: teaserOf(reply.body),
                senderName: (reply.senderId && people.get(reply.senderId)?.name) || '',
              },
            }
          : {}),
        mentions: row.mentions,
        createdAt: row.createdAt.toISOString(),
        editedAt: row.editedAt?.toISOString() ?? null,
        attachments: files.get(row.id) ?? [],
      };
    });
  };

  /** The caller's rooms (all, or only `roomIds`), newest activity first. */
  const roomRows = (executor: Executor, userId: string, roomIds?: string[]) =>
    rowsOf<RoomRow>(
      executor,
      sql`select r.id, r.kind, r.name, r.topic, r.last_seq::float8 as last_seq,
            m.last_read_seq::float8 as last_read_seq,
            coalesce(r.last_message_at, r.created_at) as activity_at,
            (select count(*)::int from ${chatMembers} c where c.room_id = r.id) as member_count,
            ${unreadOf(sql`r.id`, sql`m.last_read_seq`, userId)} as unread,
            case when r.kind = 'direct' then (select c.user_id from ${chatMembers} c
              where c.room_id = r.id and c.user_id <> ${userId} limit 1) end as peer_id,
            lm.id as msg_id, lm.seq::float8 as msg_seq, lm.body as msg_body,
            lm.sender_id as msg_sender, lm.created_at as msg_at
          from ${chatMembers} m
          join ${chatRooms} r on r.id = m.room_id
          left join lateral (select x.id, x.seq, x.body, x.sender_id, x.created_at from ${chatMessages} x
            where x.room_id = r.id order by x.seq desc limit 1) lm on true
          where m.user_id = ${userId}
            ${
              roomIds
                ? sql`and r.id in (${sql.join(
                    roomIds.map((id) => sql`${id}`),
                    sql`, `,
                  )})`
                : sql``
            }
          order by coalesce(r.last_message_at, r.created_at) desc, r.id`,
    );

  const summaries = async (executor: Executor, userId: string, roomIds?: string[]) => {
    if (roomIds?.length === 0) return [];
    const rows = await roomRows(executor, userId, roomIds);
    const peerIds = rows.flatMap((r) => (r.peer_id ? [r.peer_id] : []));
    const [people, presence] = await Promise.all([
      peopleOf(executor, [...peerIds, ...rows.flatMap((r) => (r.msg_sender ? [r.msg_sender] : []))]),
      links.presence(peerIds),
    ]);
    return rows.map((row): ChatRoomSummary => {
      const peer = row.peer_id ? people.get(row.peer_id) : undefined;
      return {
        id: row.id,
        kind: row.kind,
        name: row.kind === 'direct' ? (peer?.name ?? '') : row.name,
        topic: row.topic,
        memberCount: row.member_count,
        ...(peer ? { peer: { ...peer, status: presence.get(peer.id) ?? 'offline' } } : {}),
        ...(row.msg_id && row.msg_seq !== null && row.msg_body !== null && row.msg_at
          ? {
              lastMessage: {
                id: row.msg_id,
                seq: row.msg_seq,
                teaser: teaserOf(row.msg_body),
                senderName: (row.msg_sender && people.get(row.msg_sender)?.name) || '',
                senderId: row.msg_sender,
                createdAt: new Date(row.msg_at).toISOString(),
              },
            }
          : {}),
        unread: row.unread,
        lastReadSeq: row.last_read_seq,
        lastSeq: row.last_seq,
        activityAt: new Date(row.activity_at).toISOString(),
      };
    });
  };

  const detail = async (executor: Executor, roomId: string, userId: string): Promise<ChatRoomDetail> => {
    const [summary] = await summaries(executor, userId, [roomId]);
    if (!summary) throw AppError.notFound();
    const [room] = await executor
      .select({ createdAt: chatRooms.createdAt, version: chatRooms.version })
      .from(chatRooms)
      .where(eq(chatRooms.id, roomId));
    const memberRows = await executor.select().from(chatMembers).where(eq(chatMembers.roomId, roomId));
    const ids = memberRows.map((m) => m.userId);
    const [people, presence] = await Promise.all([peopleOf(executor, ids), links.presence(ids)]);
    const members = memberRows
      .map(
        (m): ChatMember => ({
          id: m.userId,
          name: people.get(m.userId)?.name ?? '',
          avatarUrl: people.get(m.userId)?.avatarUrl ?? null,
          role: m.role as ChatMember['role'],
          status: presence.get(m.userId) ?? 'offline',
          lastReadSeq: m.lastReadSeq,
          joinedAt: m.joinedAt.toISOString(),
        }),
      )
      // Owners first, then by name.
      .sort(
        (a, b) => Number(b.role === 'owner') - Number(a.role === 'owner') || a.name.localeCompare(b.name),
      );
    const me = memberRows.find((m) => m.userId === userId);
    return {
      ...summary,
      createdAt: (room?.createdAt ?? new Date()).toISOString(),
      myRole: (me?.role ?? 'member') as ChatMember['role'],
      members,
      version: room?.version ?? 1,
    };
  };

  /** Messages of a room with `where`, `limit + 1` of them in `order`: the page and whether more follow. */
  const slice = async (roomId: string, where: SQL | undefined, order: 'asc' | 'desc', limit: number) => {
    const rows = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.roomId, roomId), where))
      .orderBy(order === 'asc' ? asc(chatMessages.seq) : desc(chatMessages.seq))
      .limit(limit + 1);
    return { rows: rows.slice(0, limit), more: rows.length > limit };
  };
  const anyBefore = async (roomId: string, seq: number | undefined) =>
    seq !== undefined &&
    (
      await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(and(eq(chatMessages.roomId, roomId), lt(chatMessages.seq, seq)))
        .limit(1)
    ).length > 0;
  const anyAfter = async (roomId: string, seq: number | undefined) =>
    seq !== undefined &&
    (
      await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(and(eq(chatMessages.roomId, roomId), gt(chatMessages.seq, seq)))
        .limit(1)
    ).length > 0;

  /** A message the caller may see (a member of its room), with its room's membership; else 404. */
  const messageFor = async (executor: Executor, messageId: string, userId: string) => {
    const [row] = await executor
      .select({ message: chatMessages })
      .from(chatMessages)
      .innerJoin(
        chatMembers,
        and(eq(chatMembers.roomId, chatMessages.roomId), eq(chatMembers.userId, userId)),
      )
      .where(eq(chatMessages.id, messageId));
    return row?.message ?? null;
  };
  const ownMessage = async (executor: Executor, messageId: string, userId: string) => {
    const message = await messageFor(executor, messageId, userId);
    if (!message) throw AppError.notFound();
    if (message.senderId !== userId) throw AppError.forbidden(chatTexts.notYourMessage);
    return message;
  };

  /** Channels only: a direct room has no name, topic or members to change. */
  const channelOwned = async (executor: Executor, roomId: string, userId: string, ownerOnly: boolean) => {
    const membership = await membershipOf(executor, roomId, userId);
    if (membership.kind !== 'channel') throw AppError.badRequest(chatTexts.directNotChannel);
    if (ownerOnly && membership.role !== 'owner') throw AppError.forbidden(chatTexts.ownersOnly);
    return membership;
  };

  const assertChatUsers = async (executor: Executor, ids: string[], field: string) => {
    const refused = await notChatUsers(executor, ids);
    if (refused.length) throw AppError.badRequest(chatTexts.notChatUser, { [field]: chatTexts.notChatUser });
  };

  /** Notifications of a new message: the peer of a direct room (coalesced per room), and mentions. */
  const notifyAbout = async (
    executor: Executor,
    message: { roomId: string; seq: number; body: string; senderId: string },
    room: { kind: string; name: string },
    mentioned: string[],
  ) => {
    const [sender] = (await usersService.namesOf(executor, [message.senderId])).values();
    const from = sender ?? '';
    const teaser = teaserOf(message.body);
    const told = new Set<string>([message.senderId]);
    if (room.kind === 'direct') {
      const peers = (await memberIdsOf(executor, message.roomId)).filter((id) => id !== message.senderId);
      if (peers.length) {
        await links.notify(executor, {
          userIds: peers,
          kind: 'message',
          params: { from, teaser, roomId: message.roomId },
          link: chatLink(message.roomId),
          coalesceKey: `room:${message.roomId}`,
        });
        for (const id of peers) told.add(id);
      }
    }
    const toMention = mentioned.filter((id) => !told.has(id));
    if (toMention.length)
      await links.notify(executor, {
        userIds: toMention,
        kind: 'mention',
        params: {
          from,
          teaser,
          roomId: message.roomId,
          ...(room.kind === 'channel' ? { room: room.name } : {}),
        },
        link: chatLink(message.roomId, message.seq),
      });
  };

  /** Deletes a room that has no member left, with its messages and their files. */
  const dropIfEmpty = async (executor: Executor, roomId: string) => {
    const left = await memberIdsOf(executor, roomId);
    if (left.length) return left;
    await deleteAttachmentsOf(
      executor,
      CHAT_MESSAGE_ATTACHMENTS,
      (
        await executor
          .select({ id: chatMessages.id })
          .from(chatMessages)
          .where(eq(chatMessages.roomId, roomId))
      ).map((m) => m.id),
    );
    await executor.delete(chatRooms).where(eq(chatRooms.id, roomId));
    return left;
  };

  const service = {
    rooms: (userId: string): Promise<ChatRoomSummary[]> => summaries(db, userId),

    room: (roomId: string, userId: string) => detail(db, roomId, userId),

    async createChannel(input: z.output<typeof chatRoomInput>, userId: string): Promise<ChatRoomDetail> {
      const roomId = await db.transaction(async (trx) => {
        const tx = trx as Database;
        const others = [...new Set(input.memberIds)].filter((id) => id !== userId);
        await assertChatUsers(tx, others, 'memberIds');
        const [room] = await tx
          .insert(chatRooms)
          .values({ kind: 'channel', name: input.name, topic: input.topic, createdBy: userId })
          .returning({ id: chatRooms.id });
        if (!room) throw new Error('room insert returned nothing');
        await tx
          .insert(chatMembers)
          .values([
            { roomId: room.id, userId, role: 'owner' },
            ...others.map((id) => ({ roomId: room.id, userId: id })),
          ]);
        await links.publish(tx, { op: 'room', room: room.id, change: 'created' });
        return room.id;
      });
      return detail(db, roomId, userId);
    },

    /**
     * The direct room of the caller and `peerId`, made on first use. Two first uses at once make
     * one room: the second insert meets the first's unique direct_key and finds its room.
     */
    async direct(peerId: string, userId: string): Promise<{ created: boolean; room: ChatRoomDetail }> {
      if (peerId === userId)
        throw AppError.badRequest(chatTexts.selfDirect, { userId: chatTexts.selfDirect });
      const key = directKeyOf(userId, peerId);
      const find = async (executor: Executor) =>
        (await executor.select({ id: chatRooms.id }).from(chatRooms).where(eq(chatRooms.directKey, key)))[0]
          ?.id;
      const existing = await find(db);
      if (existing) return { created: false, room: await detail(db, existing, userId) };
      await assertChatUsers(db, [peerId], 'userId');
      const found = await db.transaction(async (trx) => {
        const tx = trx as Database;
        const [made] = await tx
          .insert(chatRooms)
          .values({ kind: 'direct', directKey: key, createdBy: userId })
          .onConflictDoNothing({ target: chatRooms.directKey })
          .returning({ id: chatRooms.id });
        if (!made) {
          const other = await find(tx);
          if (!other) throw new Error('direct room vanished');
          return { created: false, id: other };
        }
        await tx.insert(chatMembers).values([
          { roomId: made.id, userId, role: 'owner' },
          { roomId: made.id, userId: peerId, role: 'owner' },
        ]);
        await links.publish(tx, { op: 'room', room: made.id, change: 'created' });
        return { created: true, id: made.id };
      });
      return { created: found.created, room: await detail(db, found.id, userId) };
    },

    async updateRoom(roomId: string, input: z.output<typeof chatRoomPatch>, userId: string) {
      const stale = await db.transaction(async (trx) => {
        const tx = trx as Database;
        await channelOwned(tx, roomId, userId, true);
        const [room] = await tx
          .select({ version: chatRooms.version })
          .from(chatRooms)
          .where(eq(chatRooms.id, roomId))
          .for('update');
        if (input.version !== undefined && room && input.version < room.version) return true;
        await tx
          .update(chatRooms)
          .set({
            ...(input.name === undefined ? {} : { name: input.name }),
            ...(input.topic === undefined ? {} : { topic: input.topic }),
            version: sql`${chatRooms.version} + 1`,
          })
          .where(eq(chatRooms.id, roomId));
        await links.publish(tx, { op: 'room', room: roomId, change: 'updated' });
        return false;
      });
      const room = await detail(db, roomId, userId);
      if (stale) throw AppError.stale(room);
      return room;
    },

    async addMembers(roomId: string, userIds: string[], userId: string) {
      await db.transaction(async (trx) => {
        const tx = trx as Database;
        await channelOwned(tx, roomId, userId, true);
        const ids = [...new Set(userIds)];
        await assertChatUsers(tx, ids, 'userIds');
        await tx
          .insert(chatMembers)
          .values(ids.map((id) => ({ roomId, userId: id })))
          .onConflictDoNothing();
        await links.publish(tx, { op: 'room', room: roomId, change: 'joined' });
      });
      return detail(db, roomId, userId);
    },

    /**
     * Removes a member (an owner), or the caller leaves. A channel left without an owner passes to
     * its longest-standing member; a channel left by everyone is deleted with its messages.
     */
    removeMember(roomId: string, memberId: string, userId: string) {
      return db.transaction(async (trx) => {
        const tx = trx as Database;
        await channelOwned(tx, roomId, userId, memberId !== userId);
        const removed = await tx
          .delete(chatMembers)
          .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, memberId)))
          .returning({ id: chatMembers.userId });
        if (removed.length === 0) throw AppError.notFound();
        const left = await dropIfEmpty(tx, roomId);
        await links.publish(tx, { op: 'room', room: roomId, change: 'left', users: [memberId] });
        if (left.length) {
          const [owner] = await tx
            .select({ id: chatMembers.userId })
            .from(chatMembers)
            .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.role, 'owner')))
            .limit(1);
          if (!owner) {
            const [oldest] = await tx
              .select({ id: chatMembers.userId })
              .from(chatMembers)
              .where(eq(chatMembers.roomId, roomId))
              .orderBy(asc(chatMembers.joinedAt), asc(chatMembers.userId))
              .limit(1);
            if (oldest)
              await tx
                .update(chatMembers)
                .set({ role: 'owner' })
                .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, oldest.id)));
          }
        }
        return { id: memberId };
      });
    },

    /** A page of a room's messages (see chatMessagesQuery). */
    async messages(
      roomId: string,
      query: z.output<typeof chatMessagesQuery>,
      userId: string,
    ): Promise<ChatMessagesPage> {
      await membershipOf(db, roomId, userId);
      const { limit, before, after, around, q } = query;
      if (q !== undefined && q !== '') {
        const found = await slice(
          roomId,
          and(
            searchCondition(q, [chatMessages.body]),
            before === undefined ? undefined : lt(chatMessages.seq, before),
          ),
          'desc',
          limit,
        );
        return { items: await describe(db, found.rows), hasMore: found.more, hasNewer: false };
      }
      if (after !== undefined) {
        const found = await slice(roomId, gt(chatMessages.seq, after), 'asc', limit);
        return {
          items: await describe(db, found.rows),
          hasMore: await anyBefore(roomId, found.rows[0]?.seq ?? after + 1),
          hasNewer: found.more,
        };
      }
      if (around !== undefined) {
        const olderCount = Math.floor(limit / 2);
        const [older, newer] = await Promise.all([
          slice(roomId, lt(chatMessages.seq, around), 'desc', olderCount),
          slice(roomId, gte(chatMessages.seq, around), 'asc', limit - olderCount),
        ]);
        const rows = [...older.rows.reverse(), ...newer.rows];
        return {
          items: await describe(db, rows),
          hasMore: older.more || (olderCount === 0 && (await anyBefore(roomId, around))),
          hasNewer: newer.more,
        };
      }
      const found = await slice(
        roomId,
        before === undefined ? undefined : lt(chatMessages.seq, before),
        'desc',
        limit,
      );
      const rows = found.rows.reverse();
      return {
        items: await describe(db, rows),
        hasMore: found.more,
        hasNewer: before !== undefined && (await anyAfter(roomId, rows.at(-1)?.seq ?? before - 1)),
      };
    },

    /**
     * A new message: it takes the room's next seq (the room row's lock orders the room's messages),
     * counts as read by its sender, is announced live, and notifies the peer of a direct room and
     * those mentioned.
     */
    send(roomId: string, input: z.output<typeof chatMessageInput>, userId: string): Promise<ChatMessage> {
      return db.transaction(async (trx) => {
        const tx = trx as Database;
        const membership = await membershipOf(tx, roomId, userId);
        const mentions = await checkMentions(tx, roomId, input.mentions);
        if (input.replyToId) {
          const [replied] = await tx
            .select({ roomId: chatMessages.roomId })
            .from(chatMessages)
            .where(eq(chatMessages.id, input.replyToId));
          if (replied?.roomId !== roomId)
            throw AppError.badRequest(chatTexts.replyElsewhere, { replyToId: chatTexts.replyElsewhere });
        }
        const [room] = await tx
          .update(chatRooms)
          .set({ lastSeq: sql`${chatRooms.lastSeq} + 1`, lastMessageAt: sql`now()` })
          .where(eq(chatRooms.id, roomId))
          .returning({ seq: chatRooms.lastSeq });
        if (!room) throw AppError.notFound();
        const [row] = await tx
          .insert(chatMessages)
          .values({
            roomId,
            seq: room.seq,
            senderId: userId,
            body: input.body,
            replyToId: input.replyToId ?? null,
            mentions,
          })
          .returning();
        if (!row) throw new Error('message insert returned nothing');
        await tx
          .update(chatMembers)
          .set({ lastReadSeq: sql`greatest(${chatMembers.lastReadSeq}, ${room.seq})` })
          .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)));
        await links.publish(tx, { op: 'new', room: roomId, msg: row.id });
        await notifyAbout(
          tx,
          { roomId, seq: row.seq, body: row.body, senderId: userId },
          membership,
          mentions,
        );
        const [message] = await describe(tx, [row]);
        if (!message) throw new Error('message vanished');
        return message;
      });
    },

    /** Its sender changes a message; new mentions are notified. */
    edit(messageId: string, input: z.output<typeof chatMessagePatch>, userId: string): Promise<ChatMessage> {
      return db.transaction(async (trx) => {
        const tx = trx as Database;
        const before = await ownMessage(tx, messageId, userId);
        const mentions =
          input.mentions === undefined
            ? before.mentions
            : await checkMentions(tx, before.roomId, input.mentions);
        const [row] = await tx
          .update(chatMessages)
          .set({ body: input.body, mentions, editedAt: sql`now()` })
          .where(eq(chatMessages.id, messageId))
          .returning();
        if (!row) throw AppError.notFound();
        await links.publish(tx, { op: 'edit', room: row.roomId, msg: row.id });
        const added = mentions.filter((id) => !before.mentions.includes(id) && id !== userId);
        if (added.length) {
          const membership = await membershipOf(tx, row.roomId, userId);
          await notifyAbout(
            tx,
            { roomId: row.roomId, seq: row.seq, body: row.body, senderId: userId },
            { kind: 'channel', name: membership.name },
            added,
          );
        }
        const [message] = await describe(tx, [row]);
        if (!message) throw new Error('message vanished');
        return message;
      });
    },

    /** Its sender deletes a message by id (SPEC §4), its files with it. */
    remove(messageId: string, userId: string) {
      return db.transaction(async (trx) => {
        const tx = trx as Database;
        const message = await ownMessage(tx, messageId, userId);
        await deleteAttachmentsOf(tx, CHAT_MESSAGE_ATTACHMENTS, [messageId]);
        await tx.delete(chatMessages).where(eq(chatMessages.id, messageId));
        await links.publish(tx, { op: 'delete', room: message.roomId, msg: messageId, seq: message.seq });
        return { id: messageId };
      });
    },

    /** The caller has read up to `seq` (it never moves back, nor past the newest message). */
    async markRead(roomId: string, seq: number, userId: string): Promise<ChatReadResponse> {
      return db.transaction(async (trx) => {
        const tx = trx as Database;
        const membership = await membershipOf(tx, roomId, userId);
        const target = Math.min(seq, membership.lastSeq);
        let lastReadSeq = membership.lastReadSeq;
        if (target > membership.lastReadSeq) {
          const [row] = await tx
            .update(chatMembers)
            .set({ lastReadSeq: sql`greatest(${chatMembers.lastReadSeq}, ${target})` })
            .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)))
            .returning({ lastReadSeq: chatMembers.lastReadSeq });
          lastReadSeq = row?.lastReadSeq ?? target;
          await links.publish(tx, { op: 'read', room: roomId, user: userId, seq: lastReadSeq });
        }
        const [counted] = await rowsOf<{ unread: number }>(
          tx,
          sql`select ${unreadOf(sql`${roomId}::uuid`, sql`${lastReadSeq}`, userId)} as unread`,
        );
        return { roomId, lastReadSeq, unread: counted?.unread ?? 0 };
      });
    },

    /**
     * Users one may chat with (active, holding chat.use or administrators), except oneself, by name:
     * SPEC's chat contacts, with their direct room and its unread count.
     */
    async contacts(query: z.output<typeof chatContactsQuery>, userId: string): Promise<ChatContact[]> {
      const rows = await rowsOf<{
        id: string;
        first_name: string;
        last_name: string;
        email: string;
        room_id: string | null;
        badge: number | null;
      }>(
        db,
        sql`select u.id, u.first_name, u.last_name, u.email, r.id as room_id,
              case when r.id is null then 0 else ${unreadOf(sql`r.id`, sql`m.last_read_seq`, userId)} end as badge
            from ${users} u
            left join ${chatRooms} r on r.direct_key = case when u.id::text < ${userId}
              then u.id::text || ':' || ${userId} else ${userId} || ':' || u.id::text end
            left join ${chatMembers} m on m.room_id = r.id and m.user_id = ${userId}
            where u.id <> ${userId} and ${mayChat(sql`u.id`)}
              ${query.q ? sql`and ${searchCondition(query.q, [sql`(u.first_name || ' ' || u.last_name)`, sql`u.email`])}` : sql``}
            order by lower(u.first_name), lower(u.last_name), u.email
            limit 500`,
      );
      const ids = rows.map((r) => r.id);
      const [avatars, presence] = await Promise.all([usersService.avatarsOf(db, ids), links.presence(ids)]);
      return rows.map((row) => ({
        id: row.id,
        name: `${row.first_name} ${row.last_name}`.trim() || row.email,
        avatarUrl: avatars.get(row.id) ?? null,
        email: row.email,
        phone: null,
        location: null,
        status: presence.get(row.id) ?? 'offline',
        // A direct room the caller has left (channels only can be left) is not theirs.
        roomId: row.room_id,
        badge: row.badge ?? 0,
      }));
    },

    // For the live handler and the attachments' owner ---------------------------------------------

    /** Whether the user is a member of the room. */
    async isMember(executor: Executor, roomId: string, userId: string) {
      const [found] = await executor
        .select({ one: sql`1` })
        .from(chatMembers)
        .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)));
      return found !== undefined;
    },

    /** Who may see a message's files (its room's members) and change them (its sender). */
    async messageFileAccess(executor: Executor, messageId: string, userId: string) {
      const message = await messageFor(executor, messageId, userId);
      return { view: message !== null, edit: message?.senderId === userId };
    },

    /** The room of a message (null once it is deleted). */
    async roomOfMessage(messageId: string) {
      const [found] = await db
        .select({ roomId: chatMessages.roomId })
        .from(chatMessages)
        .where(eq(chatMessages.id, messageId));
      return found?.roomId ?? null;
    },

    memberIds: (roomId: string) => memberIdsOf(db, roomId),

    /** A message's files changed: its room's members are told it changed. */
    async attachmentsChanged(messageId: string) {
      const roomId = await service.roomOfMessage(messageId);
      if (roomId) await links.publish(db, { op: 'edit', room: roomId, msg: messageId });
    },

    /** One message as everyone sees it (null once deleted): what the live handler sends. */
    async messageById(messageId: string) {
      const rows = await db.select().from(chatMessages).where(eq(chatMessages.id, messageId));
      return (await describe(db, rows))[0] ?? null;
    },

    /** The display name of a user (typing indicator). */
    async nameOf(userId: string) {
      return (await usersService.namesOf(db, [userId])).get(userId) ?? '';
    },
  };
  return service;
}
export type ChatService = ReturnType<typeof createChatService>;
