import { timingSafeEqual } from 'node:crypto';
import {
  type CalendarEventRecord,
  type CalendarFeed,
  type CalendarLayers,
  type CalendarOccurrence,
  calendarMessages,
  type EventCategory,
  type EventRepeat,
  eventCategories,
  MAX_OCCURRENCES,
} from '@ledgerdesk/contracts';
import {
  and,
  arrayContains,
  asc,
  eq,
  gt,
  gte,
  inArray,
  lt,
  lte,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  calendarEventShares,
  calendarEvents,
  calendarFeeds,
  groups,
  invoices,
  tasks,
  userGroups,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { Outbox } from '../../lib/outbox';
import { hashToken, newToken } from '../../lib/tokens';
import type { UsersService } from '../users/service';
import { calendarText, type IcsEvent } from './ics';
import { isoIn, localDayOf, occurrencesIn } from './recurrence';

export type EventRow = typeof calendarEvents.$inferSelect;
type Caller = { id: string | null };
/** What the occurrences of a range need of an event. */
type Candidate = Pick<
  EventRow,
  | 'id'
  | 'title'
  | 'startsAt'
  | 'endsAt'
  | 'allDay'
  | 'location'
  | 'description'
  | 'department'
  | 'url'
  | 'repeatUntil'
  | 'timeZone'
  | 'ownerId'
> & { category: EventCategory; repeat: EventRepeat };
/** A candidate as the range query's JSON carries it (times in epoch milliseconds). */
type CandidateFields = [
  string,
  string,
  number,
  number,
  boolean,
  EventCategory,
  string,
  string,
  string,
  string,
  EventRepeat,
  string | null,
  string,
  string,
];
type Range = { start: Date; end: Date };

/** The outbox kind of an invitation or a cancellation mail (its .ics made when it is queued). */
const CALENDAR_MAIL = 'calendar.mail';
type CalendarMail = {
  to: string;
  subject: string;
  paragraphs: string[];
  ics: string;
  method: 'REQUEST' | 'CANCEL';
};

/** The feed shows what lies between 90 days ago and a year ahead. */
const FEED_PAST_DAYS = 90;
const FEED_FUTURE_DAYS = 365;
const DAY_MS = 86_400_000;

/**
 * The events a user sees: their own, those shared with them, and those shared with a group they
 * belong to. Administrators are no exception: a personal calendar is private, whoever reads the
 * database's other areas (an administrator who must see one can be invited to it).
 */
export function visibleTo(caller: Caller): SQL {
  if (!caller.id) return sql`false`;
  return or(eq(calendarEvents.ownerId, caller.id), inArray(calendarEvents.id, sharedWith(caller.id))) as SQL;
}

/** The ids of events shared with the user, or with a group of theirs. */
const sharedWith = (userId: string) =>
  sql`(select ${calendarEventShares.eventId} from ${calendarEventShares} where ${calendarEventShares.userId} = ${userId} or ${calendarEventShares.groupId} in (select ${userGroups.groupId} from ${userGroups} where ${userGroups.userId} = ${userId}))`;

/** Only the owner changes or deletes an event; the others who see it get a 403 that says so. */
export function assertOwner(caller: Caller, row: EventRow): void {
  if (row.ownerId !== caller.id) throw AppError.forbidden(calendarMessages.notOwner);
}

const icsOf = (row: EventRow): IcsEvent => ({
  id: row.id,
  title: row.title,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  allDay: row.allDay,
  category: row.category,
  location: row.location,
  description: row.description,
  url: row.url,
  repeat: row.repeat as EventRepeat,
  repeatUntil: row.repeatUntil,
  timeZone: row.timeZone,
  version: row.version,
  updatedAt: row.updatedAt,
});

export function createCalendarService(deps: {
  db: Database;
  config: Pick<Config, 'publicUrl'>;
  users: UsersService;
  outbox: Outbox;
  mailer: Mailer;
}) {
  const { db, config, outbox, mailer } = deps;

  outbox.handle(CALENDAR_MAIL, async (payload) => {
    const mail = payload as CalendarMail;
    await mailer.send({
      to: mail.to,
      subject: mail.subject,
      paragraphs: mail.paragraphs,
      attachments: [
        {
          filename: mail.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
          content: mail.ics,
          contentType: `text/calendar; charset=utf-8; method=${mail.method}`,
        },
      ],
    });
  });

  /** The shares of events, by event: the users and the groups, with their names. */
  async function sharesOf(executor: Database, eventIds: string[]) {
    const byEvent = new Map<
      string,
      { users: { id: string; name: string }[]; groups: { id: string; name: string }[] }
    >();
    if (eventIds.length === 0) return byEvent;
    const rows = await executor
      .select({
        eventId: calendarEventShares.eventId,
        userId: calendarEventShares.userId,
        groupId: calendarEventShares.groupId,
        groupName: groups.name,
      })
      .from(calendarEventShares)
      .leftJoin(groups, eq(groups.id, calendarEventShares.groupId))
      .where(inArray(calendarEventShares.eventId, eventIds))
      .orderBy(asc(calendarEventShares.createdAt), asc(calendarEventShares.id));
    const names = await deps.users.namesOf(
      executor,
      rows.flatMap((r) => (r.userId ? [r.userId] : [])),
    );
    for (const row of rows) {
      const entry = byEvent.get(row.eventId) ?? { users: [], groups: [] };
      if (row.userId) entry.users.push({ id: row.userId, name: names.get(row.userId) ?? '' });
      if (row.groupId) entry.groups.push({ id: row.groupId, name: row.groupName ?? '' });
      byEvent.set(row.eventId, entry);
    }
    return byEvent;
  }

  /** Rows → the engine's records, as `caller` sees them. */
  async function recordsOf(
    executor: Database,
    rows: EventRow[],
    caller: Caller,
  ): Promise<CalendarEventRecord[]> {
    const shares = await sharesOf(
      executor,
      rows.map((r) => r.id),
    );
    const owners = await deps.users.namesOf(
      executor,
      rows.map((r) => r.ownerId),
    );
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      start: isoIn(row.startsAt.getTime(), row.timeZone),
      end: isoIn(row.endsAt.getTime(), row.timeZone),
      allDay: row.allDay,
      category: row.category as EventCategory,
      location: row.location,
      description: row.description,
      department: row.department,
      url: row.url,
      repeat: row.repeat as EventRepeat,
      repeatUntil: row.repeatUntil,
      timeZone: row.timeZone,
      owner: { id: row.ownerId, name: owners.get(row.ownerId) ?? '' },
      users: shares.get(row.id)?.users ?? [],
      groups: shares.get(row.id)?.groups ?? [],
      mayEdit: row.ownerId === caller.id,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      version: row.version,
    }));
  }

  /**
   * The events the caller sees that may have an occurrence in the range: their own through the
   * owner's range index, those shared with them through the shares' indexes. Never every event.
   * The rows come back as one JSON text: on PGlite, decoding 2,000 rows of 14 columns costs more
   * than the query (bench/calendar.ts), and one text is decoded at once.
   */
  async function candidates(caller: Caller, range: Range): Promise<Candidate[]> {
    if (!caller.id) return [];
    const e = calendarEvents;
    const fields = sql`json_build_array(${e.id}, ${e.title}, extract(epoch from ${e.startsAt}) * 1000, extract(epoch from ${e.endsAt}) * 1000, ${e.allDay}, ${e.category}, ${e.location}, ${e.description}, ${e.department}, ${e.url}, ${e.repeat}, ${e.repeatUntil}, ${e.timeZone}, ${e.ownerId})`;
    const overlaps = sql`${e.seriesEndsAt} > ${range.start.toISOString()} and ${e.startsAt} < ${range.end.toISOString()}`;
    const [found] = await rowsOf<{ events: string }>(
      db,
      sql`select coalesce(json_agg(event), '[]')::text as events from (
            select ${fields} as event from ${e} where ${e.ownerId} = ${caller.id} and ${overlaps}
            union all
            select ${fields} from ${e}
             where ${e.id} in ${sharedWith(caller.id)} and ${e.ownerId} <> ${caller.id} and ${overlaps}
          ) as visible`,
    );
    const rows = JSON.parse(found?.events ?? '[]') as CandidateFields[];
    return rows.map(
      ([
        id,
        title,
        startsAt,
        endsAt,
        allDay,
        category,
        location,
        description,
        department,
        url,
        repeat,
        repeatUntil,
        timeZone,
        ownerId,
      ]) => ({
        id,
        title,
        startsAt: new Date(Number(startsAt)),
        endsAt: new Date(Number(endsAt)),
        allDay,
        category,
        location,
        description,
        department,
        url,
        repeat,
        repeatUntil,
        timeZone,
        ownerId,
      }),
    );
  }

  /** The occurrences in the range, in order of their start, at most `limit`. */
  async function occurrences(
    caller: Caller,
    range: Range,
    limit = MAX_OCCURRENCES,
  ): Promise<CalendarOccurrence[]> {
    const found: { at: number; occurrence: CalendarOccurrence }[] = [];
    for (const row of await candidates(caller, range)) {
      for (const { start, end } of occurrencesIn(row, range.start, range.end, limit)) {
        const recurring = row.repeat !== 'none';
        const category = row.category;
        found.push({
          at: start,
          occurrence: {
            id: recurring ? `${row.id}_${new Date(start).toISOString().slice(0, 19)}Z` : row.id,
            eventId: row.id,
            title: row.title,
            // An all-day event by its days, whatever the viewer's zone.
            start: row.allDay ? localDayOf(start, row.timeZone) : isoIn(start, row.timeZone),
            end: row.allDay ? localDayOf(end, row.timeZone) : isoIn(end, row.timeZone),
            allDay: row.allDay,
            className: category,
            category,
            location: row.location,
            description: row.description,
            url: row.url,
            extendedProps: { department: row.department },
            recurring,
            mayEdit: row.ownerId === caller.id,
          },
        });
      }
    }
    found.sort((a, b) => a.at - b.at || a.occurrence.id.localeCompare(b.occurrence.id));
    return found.slice(0, limit).map((f) => f.occurrence);
  }

  /** A range bound's day, as the client wrote it ("2026-03-01T00:00:00+01:00" → 2026-03-01). */
  const dayOf = (bound: string) => bound.slice(0, 10);

  /** The feed's events: the user's, between 90 days ago and a year ahead (a series as one, with its RRULE). */
  async function feedText(userId: string, now: Date) {
    const rows = await db
      .select()
      .from(calendarEvents)
      .where(
        and(
          visibleTo({ id: userId }),
          gt(calendarEvents.seriesEndsAt, new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS)),
          lt(calendarEvents.startsAt, new Date(now.getTime() + FEED_FUTURE_DAYS * DAY_MS)),
        ),
      )
      .orderBy(asc(calendarEvents.startsAt), asc(calendarEvents.id))
      .limit(MAX_OCCURRENCES);
    return calendarText(rows.map(icsOf), { name: 'Ledgerdesk' });
  }

  /** Who an event's invitation goes to: the users named and the members of the groups, not its owner. */
  async function recipientsOf(
    executor: Database,
    ownerId: string,
    userIds: string[],
    groupIds: string[],
  ): Promise<Map<string, { email: string; name: string }>> {
    const members =
      groupIds.length === 0
        ? []
        : await executor
            .select({ userId: userGroups.userId })
            .from(userGroups)
            .where(inArray(userGroups.groupId, groupIds));
    const ids = [...new Set([...userIds, ...members.map((m) => m.userId)])].filter((id) => id !== ownerId);
    if (ids.length === 0) return new Map();
    const rows = await executor
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.isActive, true)));
    return new Map(
      rows.map((u) => [u.id, { email: u.email, name: `${u.firstName} ${u.lastName}`.trim() || u.email }]),
    );
  }

  async function ownerOf(executor: Database, ownerId: string) {
    const [owner] = await executor
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, ownerId));
    return {
      email: owner?.email ?? '',
      name: `${owner?.firstName ?? ''} ${owner?.lastName ?? ''}`.trim() || (owner?.email ?? ''),
    };
  }

  /** Queues one mail per person, each with the event's .ics (in the caller's transaction). */
  async function queueMails(
    executor: Database,
    row: EventRow,
    people: { email: string; name: string }[],
    method: 'REQUEST' | 'CANCEL',
  ) {
    if (people.length === 0) return;
    const organizer = await ownerOf(executor, row.ownerId);
    const when = row.allDay
      ? localDayOf(row.startsAt.getTime(), row.timeZone)
      : `${isoIn(row.startsAt.getTime(), row.timeZone).slice(0, 16).replace('T', ' ')} (${row.timeZone})`;
    for (const person of people) {
      const ics = calendarText([{ ...icsOf(row), organizer, attendees: [person] }], { method });
      const mail: CalendarMail =
        method === 'REQUEST'
          ? {
              to: person.email,
              subject: `Invitation: ${row.title}`,
              paragraphs: [
                `${organizer.name} invites you to "${row.title}", ${when}.`,
                ...(row.location ? [`Where: ${row.location}`] : []),
                'The attached file adds it to your calendar; it also shows in your Ledgerdesk calendar.',
              ],
              ics,
              method,
            }
          : {
              to: person.email,
              subject: `Cancelled: ${row.title}`,
              paragraphs: [
                `"${row.title}" (${when}) no longer includes you, or was cancelled by ${organizer.name}.`,
              ],
              ics,
              method,
            };
      await outbox.enqueue(CALENDAR_MAIL, mail, executor);
    }
  }

  return {
    recordsOf,
    occurrences,

    /** Counts of the visible occurrences in the range per category, every category named. */
    async categories(caller: Caller, range: Range) {
      const counts = new Map<string, number>(eventCategories.map((c) => [c, 0]));
      for (const occurrence of await occurrences(caller, range, Number.MAX_SAFE_INTEGER)) {
        counts.set(occurrence.category, (counts.get(occurrence.category) ?? 0) + 1);
      }
      return eventCategories.map((id) => ({ id, count: counts.get(id) ?? 0 }));
    },

    /** The next occurrences from `now` (those under way included), at most `limit`. */
    async upcoming(caller: Caller, limit: number, now: Date) {
      // A month first (the usual case), then a year.
      for (const days of [31, 366]) {
        const found = await occurrences(
          caller,
          { start: now, end: new Date(now.getTime() + days * DAY_MS) },
          limit,
        );
        if (found.length >= limit || days === 366) return found;
      }
      return [];
    },

    /** The due dates of the caller's tasks and unpaid invoices in the range, as far as they may see them. */
    async layers(
      caller: Caller,
      range: { start: string; end: string },
      may: { tasks: boolean; invoices: boolean },
    ) {
      const from = dayOf(range.start);
      const last = dayOf(range.end);
      // The range's end is exclusive: at midnight it leaves its day out, at a later time it does not.
      const endsAtMidnight = range.end.length === 10 || /T00:00(:00(\.0+)?)?(Z|[+-])/.test(range.end);
      const within = (column: typeof tasks.dueDate | typeof invoices.dueDate) =>
        and(gte(column, from), endsAtMidnight ? lt(column, last) : lte(column, last));
      const layers: CalendarLayers = {};
      if (may.tasks && caller.id) {
        const rows = await db
          .select({ id: tasks.id, title: tasks.task, date: tasks.dueDate })
          .from(tasks)
          .where(
            and(
              arrayContains(tasks.assigneeIds, [caller.id]),
              ne(tasks.status, 'Completed'),
              within(tasks.dueDate),
            ),
          )
          .orderBy(asc(tasks.dueDate), asc(tasks.id))
          .limit(500);
        layers.tasks = rows.map((r) => ({
          id: r.id,
          title: r.title,
          date: r.date ?? from,
          url: `/apps/tasks/${r.id}`,
        }));
      }
      if (may.invoices) {
        const rows = await db
          .select({
            id: invoices.id,
            number: invoices.number,
            customer: invoices.customerName,
            date: invoices.dueDate,
          })
          .from(invoices)
          .where(and(notInArray(invoices.status, ['Paid', 'Cancelled']), within(invoices.dueDate)))
          .orderBy(asc(invoices.dueDate), asc(invoices.id))
          .limit(500);
        layers.invoices = rows.map((r) => ({
          id: r.id,
          title: r.customer ? `${r.number} · ${r.customer}` : r.number,
          date: r.date ?? from,
          url: `/apps/invoices/${r.id}`,
        }));
      }
      return layers;
    },

    /** The shares of an event, replaced by the input's, and the mails their change calls for. */
    async writeShares(
      executor: Database,
      eventId: string,
      input: { userIds: string[]; groupIds: string[] },
      before: CalendarEventRecord | null,
    ) {
      const [row] = await executor.select().from(calendarEvents).where(eq(calendarEvents.id, eventId));
      if (!row) throw AppError.notFound();
      const userIds = [...new Set(input.userIds)];
      const groupIds = [...new Set(input.groupIds)];
      await deps.users.assertUsersExist(executor, userIds, {
        field: 'userIds',
        message: calendarMessages.unknownUsers,
      });
      if (groupIds.length > 0) {
        const found = await executor
          .select({ id: groups.id })
          .from(groups)
          .where(inArray(groups.id, groupIds));
        if (found.length !== groupIds.length)
          throw AppError.badRequest(calendarMessages.unknownGroups, {
            groupIds: calendarMessages.unknownGroups,
          });
      }
      const recipientsBefore = before
        ? await recipientsOf(
            executor,
            row.ownerId,
            before.users.map((u) => u.id),
            before.groups.map((g) => g.id),
          )
        : new Map();
      await executor.delete(calendarEventShares).where(eq(calendarEventShares.eventId, eventId));
      const shares = [
        ...userIds.map((userId) => ({ eventId, userId })),
        ...groupIds.map((groupId) => ({ eventId, groupId })),
      ];
      if (shares.length > 0) await executor.insert(calendarEventShares).values(shares);
      const recipientsAfter = await recipientsOf(executor, row.ownerId, userIds, groupIds);
      const invited = [...recipientsAfter].filter(([id]) => !recipientsBefore.has(id)).map(([, p]) => p);
      const dropped = [...recipientsBefore].filter(([id]) => !recipientsAfter.has(id)).map(([, p]) => p);
      await queueMails(executor, row, invited, 'REQUEST');
      await queueMails(executor, row, dropped, 'CANCEL');
    },

    /** Before an event is deleted: a cancellation to everyone it was shared with. */
    async cancelAll(executor: Database, eventId: string) {
      const [row] = await executor.select().from(calendarEvents).where(eq(calendarEvents.id, eventId));
      if (!row) return;
      const shares = await executor
        .select()
        .from(calendarEventShares)
        .where(eq(calendarEventShares.eventId, eventId));
      const people = await recipientsOf(
        executor,
        row.ownerId,
        shares.flatMap((s) => (s.userId ? [s.userId] : [])),
        shares.flatMap((s) => (s.groupId ? [s.groupId] : [])),
      );
      await queueMails(executor, row, [...people.values()], 'CANCEL');
    },

    /** The caller's feed: whether they have one, since when. */
    async feedStatus(userId: string): Promise<CalendarFeed> {
      const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
      return { active: Boolean(feed), createdAt: feed ? feed.createdAt.toISOString() : null };
    },

    /** A new secret address for the caller's feed (the previous one stops working); shown once. */
    async createFeed(userId: string): Promise<CalendarFeed> {
      const token = newToken();
      const [feed] = await db
        .insert(calendarFeeds)
        .values({ userId, tokenHash: hashToken(token) })
        .onConflictDoUpdate({
          target: calendarFeeds.userId,
          set: { tokenHash: hashToken(token), createdAt: sql`now()` },
        })
        .returning();
      return {
        active: true,
        createdAt: (feed?.createdAt ?? new Date()).toISOString(),
        url: `${config.publicUrl}/api/calendar/feed/${token}.ics`,
      };
    },

    async revokeFeed(userId: string): Promise<void> {
      await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    },

    /** The iCalendar text of the feed whose token this is, or a 404 (unknown or revoked). */
    async feedByToken(token: string, now: Date): Promise<string> {
      const hash = hashToken(token);
      const [feed] = await db
        .select({ userId: calendarFeeds.userId, tokenHash: calendarFeeds.tokenHash })
        .from(calendarFeeds)
        .innerJoin(users, eq(users.id, calendarFeeds.userId))
        .where(and(eq(calendarFeeds.tokenHash, hash), eq(users.isActive, true)));
      // The lookup is by hash already; the constant-time comparison keeps it so should it change.
      if (!feed || !timingSafeEqual(Buffer.from(feed.tokenHash), Buffer.from(hash)))
        throw AppError.notFound();
      return feedText(feed.userId, now);
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
