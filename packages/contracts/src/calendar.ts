import { z } from 'zod/mini';
import { recordVersion, text, timestamp, versionInput } from './api';
import { isTimeZone } from './dashboards';
import { isoDate, isoDateTime, oneOf, optionalText, requiredText } from './fields';
import { codeParams } from './validation';

/*
 * Calendar (SPEC §3 "Calendar event"; §7 /events, /categories, /upcommingevents, /add/event,
 * /update/event, /delete/event). Events are records keyed `id`, owned by one user and shared with
 * users and groups; a series (daily, weekly, monthly) is one record, expanded by the server into
 * occurrences for the range asked (GET /api/events).
 */

export const eventCategories = ['success', 'info', 'warning', 'danger'] as const;
export type EventCategory = (typeof eventCategories)[number];
export const eventRepeats = ['none', 'daily', 'weekly', 'monthly'] as const;
export type EventRepeat = (typeof eventRepeats)[number];

export const MAX_EVENT_USERS = 50;
export const MAX_EVENT_GROUPS = 20;
/** A series ends at most this many years after its first occurrence. */
export const MAX_REPEAT_YEARS = 5;
/** The widest range GET /api/events (and /categories, /calendar/layers) answers for. */
export const MAX_EVENT_RANGE_DAYS = 400;
export const MAX_UPCOMING_EVENTS = 50;

const ref = z.object({ id: z.uuid(), name: z.string() });

/** An event as the resource engine shows it (GET /api/calendar/events/{id}). */
export const calendarEventRecord = z.object({
  id: z.uuid(),
  title: z.string(),
  /** ISO 8601 with the offset of the event's time zone at that instant. */
  start: timestamp,
  /** Exclusive; for an all-day event, midnight of the day after its last day (as FullCalendar). */
  end: timestamp,
  allDay: z.boolean(),
  category: z.enum(eventCategories),
  location: z.string(),
  description: z.string(),
  department: z.string(),
  url: z.string(),
  repeat: z.enum(eventRepeats),
  /** The last day a series may have an occurrence start on (in the event's time zone), or null. */
  repeatUntil: z.nullable(z.iso.date()),
  /** The IANA zone the event was made in: a series repeats at the same local time in it. */
  timeZone: z.string(),
  owner: ref,
  users: z.array(ref),
  groups: z.array(ref),
  /** Whether the caller may change or delete it (only its owner may). */
  mayEdit: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type CalendarEventRecord = z.infer<typeof calendarEventRecord>;

const webLink = z._default(
  text(2000, 'The link must be at most 2000 characters.').check(
    z.refine((value) => value === '' || /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value), {
      error: 'The link must be a web address starting with http:// or https://.',
      params: codeParams('webAddress'),
    }),
  ),
  '',
);

const timeZone = z.string('Please choose a time zone.').check(
  z.maxLength(64, 'The time zone is not valid.'),
  z.refine(isTimeZone, {
    error: 'The time zone is not a known IANA zone (for example Europe/Paris).',
    params: codeParams('timeZone'),
  }),
);

/** The day after `date` (YYYY-MM-DD), `years` later (a 29 February falls on 1 March). */
export function yearsAfter(date: string, years: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCFullYear(day.getUTCFullYear() + years);
  return day.toISOString().slice(0, 10);
}

/** The calendar day of an instant in a time zone (YYYY-MM-DD). */
export function dayIn(instant: string | Date, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  // Years before 1000 or after 9999 are not what an event holds; the 4-digit pad keeps them ISO.
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** The years an event may fall in: a calendar's, and a local time every zone can write. */
export const EVENT_YEARS = { first: 1900, last: 2200 } as const;
const yearOf = (value: string) => new Date(value).getUTCFullYear();

/** The start or end of an event: an ISO date and time with an offset, within EVENT_YEARS. */
const eventTime = (name: 'start' | 'end') =>
  isoDateTime(`The ${name} must be a date and time (ISO 8601 with an offset).`).check(
    z.refine((value) => !(yearOf(value) < EVENT_YEARS.first), {
      error: `The ${name} must be in ${EVENT_YEARS.first} or later.`,
      params: codeParams('tooSmall', { min: `${EVENT_YEARS.first}-01-01` }),
    }),
    z.refine((value) => !(yearOf(value) > EVENT_YEARS.last), {
      error: `The ${name} must be in ${EVENT_YEARS.last} or earlier.`,
      params: codeParams('tooBig', { max: `${EVENT_YEARS.last}-12-31` }),
    }),
  );

const safeZone = (zone: unknown) => (typeof zone === 'string' && isTimeZone(zone) ? zone : 'UTC');
/** Whether both bounds are dates (each one's own check names it when it is not). */
const bothDates = (start: string, end: string) =>
  Number.isFinite(Date.parse(start)) && Number.isFinite(Date.parse(end));
/** The day the event starts on in its zone, or null when its start is no date (its own check says so). */
const startDay = (event: { start: string; timeZone: string }) =>
  Number.isFinite(Date.parse(event.start)) ? dayIn(event.start, safeZone(event.timeZone)) : null;

export const calendarEventInput = z
  .object({
    version: versionInput,
    title: requiredText('title', 200),
    start: eventTime('start'),
    end: eventTime('end'),
    allDay: z._default(z.boolean('Use true or false.'), false),
    category: z._default(z.enum(eventCategories, oneOf('The category', eventCategories)), 'info'),
    location: optionalText('location', 200),
    description: optionalText('description', 5000),
    department: optionalText('department', 100),
    url: webLink,
    repeat: z._default(z.enum(eventRepeats, oneOf('The repeat', eventRepeats)), 'none'),
    repeatUntil: z._default(z.nullable(isoDate('The end of the series')), null),
    timeZone: z._default(timeZone, 'UTC'),
    userIds: z._default(
      z
        .array(z.uuid('Unknown user.'))
        .check(z.maxLength(MAX_EVENT_USERS, `At most ${MAX_EVENT_USERS} users.`)),
      [],
    ),
    groupIds: z._default(
      z
        .array(z.uuid('Unknown group.'))
        .check(z.maxLength(MAX_EVENT_GROUPS, `At most ${MAX_EVENT_GROUPS} groups.`)),
      [],
    ),
  })
  .check(
    z.refine(
      (event) => !bothDates(event.start, event.end) || Date.parse(event.end) > Date.parse(event.start),
      {
        message: 'The end must be after the start.',
        path: ['end'],
        params: codeParams('afterStart'),
      },
    ),
    z.refine((event) => event.repeat === 'none' || event.repeatUntil !== null, {
      message: 'Please say until when the event repeats.',
      path: ['repeatUntil'],
      params: codeParams('required'),
    }),
    z.refine(
      (event) => {
        const day = startDay(event);
        return event.repeatUntil === null || day === null || event.repeatUntil >= day;
      },
      {
        message: 'The series cannot end before the event starts.',
        path: ['repeatUntil'],
        params: codeParams('notBeforeStart'),
      },
    ),
    z.refine(
      (event) => {
        const day = startDay(event);
        return (
          event.repeatUntil === null || day === null || event.repeatUntil <= yearsAfter(day, MAX_REPEAT_YEARS)
        );
      },
      {
        message: `A series may last at most ${MAX_REPEAT_YEARS} years.`,
        path: ['repeatUntil'],
        params: codeParams('tooManyYears', { max: MAX_REPEAT_YEARS }),
      },
    ),
  );
export type CalendarEventInput = z.input<typeof calendarEventInput>;

/** An event back as its input: where the server's PATCH and the web edit form start from. */
export const calendarEventInputOf = (event: CalendarEventRecord): CalendarEventInput => ({
  title: event.title,
  start: event.start,
  end: event.end,
  allDay: event.allDay,
  category: event.category,
  location: event.location,
  description: event.description,
  department: event.department,
  url: event.url,
  repeat: event.repeat,
  repeatUntil: event.repeatUntil,
  timeZone: event.timeZone,
  userIds: event.users.map((user) => user.id),
  groupIds: event.groups.map((group) => group.id),
});

export const calendarEventFilters = z.object({
  category: z.optional(z.enum(eventCategories, oneOf('category', eventCategories))),
});

/**
 * One occurrence of an event in a range, as FullCalendar reads it (SPEC §3 "Calendar event": id,
 * title, start, end, allDay, className, location, description, extendedProps.department, url).
 */
export const calendarOccurrence = z.object({
  /** The event's id for a single event; `${eventId}_${start}` for an occurrence of a series. */
  id: z.string(),
  eventId: z.uuid(),
  title: z.string(),
  /**
   * ISO 8601 with the offset of the event's time zone; for an all-day event, a date (YYYY-MM-DD),
   * so that it shows on that day whatever the viewer's time zone.
   */
  start: z.string(),
  /** Exclusive, like start (an all-day event's end is the day after its last day). */
  end: z.string(),
  allDay: z.boolean(),
  /** The category, which FullCalendar puts on the event's element as a class. */
  className: z.enum(eventCategories),
  category: z.enum(eventCategories),
  location: z.string(),
  description: z.string(),
  url: z.string(),
  extendedProps: z.object({ department: z.string() }),
  /** Whether it is one occurrence of a series. */
  recurring: z.boolean(),
  mayEdit: z.boolean(),
});
export type CalendarOccurrence = z.infer<typeof calendarOccurrence>;

/** A bound of a range: an ISO date and time with an offset, or a date (midnight UTC). */
const rangeBound = (name: string) =>
  z.string(`${name} is required (an ISO 8601 date and time).`).check(
    z.refine(
      (value) =>
        (/^\d{4}-\d{2}-\d{2}$/.test(value) ||
          /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)) &&
        Number.isFinite(Date.parse(value)) &&
        !value.startsWith('0000'),
      {
        error: `${name} must be an ISO 8601 date and time with an offset (or a date).`,
        params: codeParams('dateTime'),
      },
    ),
  );

/** GET /api/events, /api/categories, /api/calendar/layers: the range shown (end exclusive). */
export const eventRangeQuery = z.object({ start: rangeBound('start'), end: rangeBound('end') }).check(
  z.refine((range) => Date.parse(range.end) > Date.parse(range.start), {
    message: 'end must be after start.',
    path: ['end'],
    params: codeParams('afterStart'),
  }),
  z.refine(
    (range) =>
      !bothDates(range.start, range.end) ||
      Date.parse(range.end) - Date.parse(range.start) <= MAX_EVENT_RANGE_DAYS * 86_400_000,
    {
      message: `The range may span at most ${MAX_EVENT_RANGE_DAYS} days.`,
      path: ['end'],
      params: codeParams('spanTooLong', { max: MAX_EVENT_RANGE_DAYS }),
    },
  ),
);
export type EventRangeQuery = z.infer<typeof eventRangeQuery>;

/** GET /api/events: the occurrences overlapping the range, at most MAX_OCCURRENCES. */
export const MAX_OCCURRENCES = 5000;

/** GET /api/categories: how many visible occurrences of each category the range holds. */
export const calendarCategoryCount = z.object({ id: z.enum(eventCategories), count: z.number() });
export type CalendarCategoryCount = z.infer<typeof calendarCategoryCount>;

/** GET /api/upcommingevents (and /api/upcoming-events): the next occurrences from now. */
export const upcomingEventsQuery = z.object({
  limit: z._default(
    z.coerce
      .number('limit must be a number.')
      .check(
        z.int('limit must be a whole number.'),
        z.minimum(1, 'limit must be at least 1.'),
        z.maximum(MAX_UPCOMING_EVENTS, `limit must be at most ${MAX_UPCOMING_EVENTS}.`),
      ),
    5,
  ),
});
export type UpcomingEventsQuery = z.infer<typeof upcomingEventsQuery>;

/** A read-only date of another area shown on the calendar (a task's or an invoice's due date). */
export const calendarLayerItem = z.object({
  id: z.uuid(),
  title: z.string(),
  /** YYYY-MM-DD. */
  date: z.iso.date(),
  /** Where the web shows the record (a path of the web app). */
  url: z.string(),
});
export type CalendarLayerItem = z.infer<typeof calendarLayerItem>;

/**
 * GET /api/calendar/layers: the caller's assigned tasks due in the range (with tasks.view) and the
 * unpaid invoices due in it (with invoices.view); a layer the caller may not see is left out.
 */
export const calendarLayers = z.object({
  tasks: z.optional(z.array(calendarLayerItem)),
  invoices: z.optional(z.array(calendarLayerItem)),
});
export type CalendarLayers = z.infer<typeof calendarLayers>;
export const calendarLayerNames = ['tasks', 'invoices'] as const;

/** GET/POST /api/calendar/feed: the caller's iCalendar subscription. */
export const calendarFeed = z.object({
  active: z.boolean(),
  createdAt: z.nullable(timestamp),
  /** The secret address, only in the answer of the POST that made it (it is not stored). */
  url: z.optional(z.string()),
});
export type CalendarFeed = z.infer<typeof calendarFeed>;

export const calendarMessages = {
  notOwner: 'Only the person who created this event may change or delete it.',
  unknownUsers: 'One or more invited users do not exist.',
  unknownGroups: 'One or more invited groups do not exist.',
  feedCreated: 'Your calendar feed address was created. Copy it now: it will not be shown again.',
  feedRevoked: 'Your calendar feed address was revoked.',
} as const;
