import type { EventRepeat } from '@ledgerdesk/contracts';
import { Temporal } from 'temporal-polyfill';

/*
 * Series of events, expanded in the time zone they were made in: a weekly 09:00 meeting stays at
 * 09:00 local time across a change of daylight saving time (its UTC time moves by an hour).
 * - daily, weekly: every day (week) after the first, at the same local time;
 * - monthly: the same day of every month. A month without that day (the 31st in April, the 30th in
 *   February) has no occurrence: it is skipped, as iCalendar's RRULE does (RFC 5545, 3.3.10), so
 *   that the calendar and the subscribed feed agree.
 * A local time that does not exist on a day (inside the spring-forward gap) moves forward by the
 * gap's length (Temporal's 'compatible' disambiguation, as iCalendar does).
 */

/** What the expansion needs of an event. */
export type Series = {
  startsAt: Date;
  endsAt: Date;
  allDay: boolean;
  repeat: EventRepeat;
  /** The last local day an occurrence may start on (YYYY-MM-DD); null for a single event. */
  repeatUntil: string | null;
  timeZone: string;
};

/** An occurrence's start and end, as instants (epoch milliseconds). */
export type Occurrence = { start: number; end: number };

const MINUTE_MS = 60_000;
const QUARTER_MS = 15 * MINUTE_MS;
const DAY_MS = 86_400_000;

export const zonedOf = (instant: Date, timeZone: string) =>
  Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone);

/*
 * The hot path of a range (thousands of occurrences) works on epoch milliseconds and "wall" times
 * (the local date and time of a zone, written as if it were UTC), with the zone's UTC offsets
 * remembered per quarter of an hour: a zone's offset changes a few times a year, always on a
 * quarter hour, and asking Intl (as Temporal's ZonedDateTime does on each step) costs tens of
 * microseconds a time. The unit test checks it against Temporal over many instants and zones.
 */
/** Per zone: its offsets by quarter hour since the epoch, and its formatter. */
const zones = new Map<string, { offsets: Map<number, number>; format: Intl.DateTimeFormat }>();

/** The zone's UTC offset at an instant, in milliseconds (Paris in winter: 3,600,000). */
export function offsetAt(timeZone: string, epoch: number): number {
  const quarter = Math.floor(epoch / QUARTER_MS);
  let zone = zones.get(timeZone);
  const known = zone?.offsets.get(quarter);
  if (known !== undefined) return known;
  if (!zone) {
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      // Offsets of local mean time (before 1900 or so) have seconds.
      second: 'numeric',
    });
    zone = { offsets: new Map(), format };
    zones.set(timeZone, zone);
  }
  const at = quarter * QUARTER_MS;
  const part: Record<string, number> = {};
  for (const { type, value } of zone.format.formatToParts(at)) part[type] = Number(value);
  // Not Date.UTC: it reads the years 0 to 99 as 1900 to 1999.
  const local = new Date(0);
  local.setUTCFullYear(part.year ?? 1970, (part.month ?? 1) - 1, part.day ?? 1);
  local.setUTCHours(part.hour ?? 0, part.minute ?? 0, part.second ?? 0, 0);
  const wall = local.getTime();
  // A bound on memory: the cache is only ever a cache.
  if (zone.offsets.size > 100_000) zone.offsets.clear();
  const offset = wall - at;
  zone.offsets.set(quarter, offset);
  return offset;
}

/**
 * The instant of a wall time in the zone; a time in a spring-forward gap moves forward by the gap,
 * one in a fall-back overlap is the earlier (Temporal's and iCalendar's 'compatible' choice).
 */
export function instantOfWall(timeZone: string, wall: number): number {
  const before = offsetAt(timeZone, wall - DAY_MS);
  const after = offsetAt(timeZone, wall + DAY_MS);
  if (before === after) return wall - before;
  const early = wall - before;
  const late = wall - after;
  const earlyValid = offsetAt(timeZone, early) === before;
  const lateValid = offsetAt(timeZone, late) === after;
  if (earlyValid && lateValid) return Math.min(early, late);
  if (earlyValid) return early;
  if (lateValid) return late;
  return early;
}

/** An instant as ISO 8601 with the offset it has in the zone ("2026-03-30T09:00:00+02:00"). */
export function isoIn(epoch: number, timeZone: string): string {
  const offset = offsetAt(timeZone, epoch);
  const minutes = Math.abs(Math.round(offset / MINUTE_MS));
  const sign = offset < 0 ? '-' : '+';
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${new Date(epoch + offset).toISOString().slice(0, 19)}${sign}${hh}:${mm}`;
}

/** The local day of an instant in the zone (YYYY-MM-DD). */
export const localDayOf = (epoch: number, timeZone: string) =>
  new Date(epoch + offsetAt(timeZone, epoch)).toISOString().slice(0, 10);

/** The n-th occurrence's wall start (n = 0 is the first), or null when the month lacks the day. */
function nthWall(first: Date, repeat: EventRepeat, n: number): number | null {
  switch (repeat) {
    case 'daily':
      return first.getTime() + n * DAY_MS;
    case 'weekly':
      return first.getTime() + n * 7 * DAY_MS;
    case 'monthly': {
      const wall = Date.UTC(
        first.getUTCFullYear(),
        first.getUTCMonth() + n,
        first.getUTCDate(),
        first.getUTCHours(),
        first.getUTCMinutes(),
        first.getUTCSeconds(),
        first.getUTCMilliseconds(),
      );
      return new Date(wall).getUTCDate() === first.getUTCDate() ? wall : null;
    }
    default:
      return n === 0 ? first.getTime() : null;
  }
}

/**
 * How many whole steps of the series `ms` holds at least: a day or a week (give or take an hour of
 * DST, which the caller's two steps back absorb), a month of at most 31 days.
 */
function stepsWithin(repeat: EventRepeat, ms: number) {
  const stepDays = repeat === 'daily' ? 1 : repeat === 'weekly' ? 7 : 31;
  return Math.floor(ms / (stepDays * DAY_MS));
}

/**
 * The occurrences of a series (or the single event) that overlap [rangeStart, rangeEnd), in
 * order, at most `limit`. Starts near the range rather than at the first occurrence, so that a
 * five-year daily series costs the range's days, not its whole history. An occurrence lasts as
 * long as the first: in whole days for an all-day event (midnight to midnight of its zone), else
 * in time.
 */
export function occurrencesIn(series: Series, rangeStart: Date, rangeEnd: Date, limit: number): Occurrence[] {
  const zone = series.timeZone;
  const startsAt = series.startsAt.getTime();
  const length = series.endsAt.getTime() - startsAt;
  const from = rangeStart.getTime();
  const to = rangeEnd.getTime();
  if (series.repeat === 'none') {
    return startsAt < to && series.endsAt.getTime() > from && limit > 0
      ? [{ start: startsAt, end: startsAt + length }]
      : [];
  }
  const firstWall = new Date(startsAt + offsetAt(zone, startsAt));
  const endWall = series.endsAt.getTime() + offsetAt(zone, series.endsAt.getTime());
  const wallDays = Math.round((endWall - firstWall.getTime()) / DAY_MS);
  // A local day after the last one a series may start on: its midnight, as a wall time.
  const stopWall = series.repeatUntil
    ? Date.parse(`${series.repeatUntil}T00:00:00Z`) + DAY_MS
    : Number.POSITIVE_INFINITY;
  const found: Occurrence[] = [];
  const skip = Math.max(0, stepsWithin(series.repeat, from - length - startsAt) - 2);
  for (let n = skip; found.length < limit; n++) {
    const wall = nthWall(firstWall, series.repeat, n);
    if (wall === null) continue;
    if (wall >= stopWall) break;
    const start = instantOfWall(zone, wall);
    if (start >= to) break;
    const end = series.allDay ? instantOfWall(zone, wall + wallDays * DAY_MS) : start + length;
    if (end > from) found.push({ start, end });
  }
  return found;
}

/**
 * When the last occurrence of a series ends at the latest: the end of its last possible day plus
 * the event's length (a day more for a DST change on the way). What `series_ends_at` stores.
 */
export function seriesEndOf(series: Series): Date {
  if (series.repeat === 'none' || !series.repeatUntil) return series.endsAt;
  const afterLastDay = Temporal.PlainDate.from(series.repeatUntil)
    .add({ days: 1 })
    .toZonedDateTime({ timeZone: series.timeZone });
  const length = series.endsAt.getTime() - series.startsAt.getTime();
  return new Date(afterLastDay.epochMilliseconds + length + DAY_MS);
}

/** Midnight at the start of `instant`'s day in the zone, and of the day at or after `end`. */
export function wholeDays(start: Date, end: Date, timeZone: string): { start: Date; end: Date } {
  const first = zonedOf(start, timeZone).toPlainDate();
  const endZoned = zonedOf(end, timeZone);
  let last = endZoned.toPlainDate();
  // An end past midnight counts its day in full.
  if (!endZoned.equals(endZoned.startOfDay())) last = last.add({ days: 1 });
  if (Temporal.PlainDate.compare(last, first) <= 0) last = first.add({ days: 1 });
  const midnight = (day: Temporal.PlainDate) => new Date(day.toZonedDateTime({ timeZone }).epochMilliseconds);
  return { start: midnight(first), end: midnight(last) };
}
