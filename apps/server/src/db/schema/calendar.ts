import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { groups, users } from './accounts';
import { auditColumns, versionColumn } from './columns';

/**
 * Calendar events (SPEC §3 "Calendar event"): one row per event; a series (daily, weekly, monthly
 * until `repeat_until`) is one row too, expanded into occurrences when a range is read.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    /** The first occurrence (`start` and `end` of the API; "end" is an SQL keyword). */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** Exclusive; an all-day event runs from midnight to the midnight after its last day. */
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    allDay: boolean('all_day').notNull().default(false),
    category: text('category').notNull().default('info'),
    location: text('location').notNull().default(''),
    description: text('description').notNull().default(''),
    department: text('department').notNull().default(''),
    url: text('url').notNull().default(''),
    repeat: text('repeat').notNull().default('none'),
    /** The last day (in `time_zone`) an occurrence may start on; null for a single event. */
    repeatUntil: date('repeat_until'),
    /** The IANA zone the event was made in: a series keeps its local time in it across DST. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /**
     * When the last occurrence ends, at the latest (`ends_at` for a single event): what a range
     * query compares with, so that a series is found by `starts_at < range end and
     * series_ends_at > range start` like a single event, through the same index.
     */
    seriesEndsAt: timestamp('series_ends_at', { withTimezone: true }).notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    // The range query of one person's calendar: events not over by the range's start, then
    // those that begin before its end (read from the index).
    index('calendar_events_owner_range_idx').on(t.ownerId, t.seriesEndsAt, t.startsAt),
    index('calendar_events_owner_start_idx').on(t.ownerId, t.startsAt),
    index('calendar_events_start_idx').on(t.startsAt),
    index('calendar_events_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    check('calendar_events_end_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('calendar_events_series_end_check', sql`${t.seriesEndsAt} >= ${t.endsAt}`),
    check('calendar_events_category_check', sql`${t.category} in ('success', 'info', 'warning', 'danger')`),
    check('calendar_events_repeat_check', sql`${t.repeat} in ('none', 'daily', 'weekly', 'monthly')`),
    check('calendar_events_repeat_until_check', sql`(${t.repeat} = 'none') = (${t.repeatUntil} is null)`),
  ],
);

/** Who else sees an event: a user, or the members of a group (exactly one of the two per row). */
export const calendarEventShares = pgTable(
  'calendar_event_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calendar_event_shares_user_key').on(t.eventId, t.userId).where(sql`${t.userId} is not null`),
    uniqueIndex('calendar_event_shares_group_key')
      .on(t.eventId, t.groupId)
      .where(sql`${t.groupId} is not null`),
    index('calendar_event_shares_user_idx').on(t.userId),
    index('calendar_event_shares_group_idx').on(t.groupId),
    check('calendar_event_shares_one_check', sql`(${t.userId} is null) <> (${t.groupId} is null)`),
  ],
);

/**
 * A user's iCalendar feed: the sha256 of its secret token (the token itself is shown once and
 * never stored). One per user; making a new one replaces it.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
