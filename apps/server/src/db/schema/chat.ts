import { chatMemberRoles, chatRoomKinds } from '@ledgerdesk/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { textLiterals } from '../rank';
import { users } from './accounts';
import { versionColumn } from './columns';

/**
 * Chat rooms: a direct conversation of two users (`direct_key` = their two ids sorted and joined,
 * unique, so that two people starting it at once end up in the same room) or a channel.
 * `last_seq` numbers the room's messages: a message takes `last_seq + 1` by updating this row in
 * its transaction, whose lock puts a room's messages in one order.
 */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** A channel's name; '' for a direct room (it is named after the other person). */
    name: text('name').notNull().default(''),
    topic: text('topic').notNull().default(''),
    directKey: text('direct_key'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    ...versionColumn(),
  },
  (t) => [
    uniqueIndex('chat_rooms_direct_key').on(t.directKey),
    check('chat_rooms_kind_check', sql`${t.kind} in (${textLiterals(chatRoomKinds)})`),
    check('chat_rooms_direct_key_check', sql`(${t.kind} = 'direct') = (${t.directKey} is not null)`),
  ],
);

export const chatMembers = pgTable(
  'chat_members',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('member'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** The seq of the last message this member has read; it only moves forward. */
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    index('chat_members_user_idx').on(t.userId),
    check('chat_members_role_check', sql`${t.role} in (${textLiterals(chatMemberRoles)})`),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** Null once the sender's account is deleted: their messages stay in the room. */
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    replyToId: uuid('reply_to_id').references((): AnyPgColumn => chatMessages.id, { onDelete: 'set null' }),
    mentions: uuid('mentions').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    // Paging (before/after/around) and unread counts walk this index of one room.
    uniqueIndex('chat_messages_room_seq_key').on(t.roomId, t.seq),
    index('chat_messages_sender_idx').on(t.senderId),
    index('chat_messages_reply_idx').on(t.replyToId),
    index('chat_messages_search_idx').using('gin', t.body.op('gin_trgm_ops')),
  ],
);
