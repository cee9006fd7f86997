import {
  type CalendarEventRecord,
  calendarEventFilters,
  calendarEventInput,
  calendarEventInputOf,
  calendarEventRecord,
  eventCategories,
} from '@ledgerdesk/contracts';
import { eq } from 'drizzle-orm';
import { rankOf } from '../../db/rank';
import { calendarEvents } from '../../db/schema';
import type { ResourceDefinition } from '../../resources/engine';
import { seriesEndOf, wholeDays } from './recurrence';
import { assertOwner, type CalendarService, visibleTo } from './service';

/**
 * Calendar events on the resource engine (SPEC §7): /api/calendar/events, and the spec's
 * /add/event, /update/event (the id in the body) and /delete/event (the id in the `event` header).
 * Scoped: a caller reaches only the events they see (service.ts `visibleTo`), and only the owner
 * changes or deletes one.
 */
export function calendarEventResource(
  calendar: CalendarService,
): ResourceDefinition<
  typeof calendarEvents,
  CalendarEventRecord,
  typeof calendarEventInput,
  typeof calendarEventFilters
> {
  return {
    entity: 'calendarEvent',
    label: 'Event',
    area: 'calendar',
    path: '/api/calendar/events',
    aliases: {
      add: '/api/add/event',
      update: '/api/update/event',
      delete: { path: '/api/delete/event', header: 'event' },
    },
    table: calendarEvents,
    record: calendarEventRecord,
    input: calendarEventInput,
    filters: calendarEventFilters,
    scope: visibleTo,
    authorize: assertOwner,
    where: (f) => [f.category ? eq(calendarEvents.category, f.category) : undefined],
    search: [calendarEvents.title],
    sortable: {
      title: calendarEvents.title,
      start: calendarEvents.startsAt,
      end: calendarEvents.endsAt,
      category: rankOf(calendarEvents.category, eventCategories),
      createdAt: calendarEvents.createdAt,
    },
    defaultOrdering: 'start',
    toRecords: (db, rows, actor) => calendar.recordsOf(db, rows, actor),
    toColumns(input, current, actor) {
      // An all-day event covers whole days of its zone: midnight to midnight.
      const when = input.allDay
        ? wholeDays(new Date(input.start), new Date(input.end), input.timeZone)
        : { start: new Date(input.start), end: new Date(input.end) };
      return {
        title: input.title,
        startsAt: when.start,
        endsAt: when.end,
        allDay: input.allDay,
        category: input.category,
        location: input.location,
        description: input.description,
        department: input.department,
        url: input.url,
        repeat: input.repeat,
        repeatUntil: input.repeat === 'none' ? null : input.repeatUntil,
        timeZone: input.timeZone,
        seriesEndsAt: seriesEndOf({
          startsAt: when.start,
          endsAt: when.end,
          allDay: input.allDay,
          repeat: input.repeat,
          repeatUntil: input.repeat === 'none' ? null : input.repeatUntil,
          timeZone: input.timeZone,
        }),
        // The owner is who made it; an update keeps them.
        ownerId: current?.ownerId ?? actor.id ?? undefined,
      };
    },
    toInput: calendarEventInputOf,
    writeChildren: (db, id, input, { before }) => calendar.writeShares(db, id, input, before),
    beforeDelete: (db, id) => calendar.cancelAll(db, id),
    csv: {
      id: (e) => e.id,
      title: (e) => e.title,
      start: (e) => e.start,
      end: (e) => e.end,
      allDay: (e) => String(e.allDay),
      category: (e) => e.category,
      location: (e) => e.location,
      department: (e) => e.department,
      repeat: (e) => e.repeat,
      repeatUntil: (e) => e.repeatUntil ?? '',
      owner: (e) => e.owner.name,
    },
  };
}
