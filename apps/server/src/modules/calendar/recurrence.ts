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

export type Occurrence = { start: Temporal.ZonedDateTime; end: Temporal.ZonedDateTime };

const DAY_MS = 86_400_000;

export const zonedOf = (instant: Date, timeZone: string) =>
  Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone);

/** The n-th occurrence's start (n = 0 is the first), or null when the month lacks the day. */
function nthStart(first: Temporal.ZonedDateTime, repeat: EventRepeat, n: number) {
  switch (repeat) {
    case 'daily':
      return first.add({ days: n });
    case 'weekly':
      return first.add({ weeks: n });
    case 'monthly': {
      const start = first.add({ months: n });
      return start.day === first.day ? start : null;
    }
    default:
      return n === 0 ? first : null;
  }
}

/** The occurrence's end: as long as the first (in days for an all-day event, else in time). */
function endOf(series: Series, first: Temporal.ZonedDateTime, start: Temporal.ZonedDateTime) {
  if (series.allDay) {
    const days = first.toPlainDate().until(zonedOf(series.endsAt, series.timeZone).toPlainDate()).days;
    return start.toPlainDate().add({ days }).toZonedDateTime({ timeZone: series.timeZone });
  }
  return start.add({ milliseconds: series.endsAt.getTime() - series.startsAt.getTime() });
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
 * five-year daily series costs the range's days, not its whole history.
 */
export function occurrencesIn(series: Series, rangeStart: Date, rangeEnd: Date, limit: number): Occurrence[] {
  const first = zonedOf(series.startsAt, series.timeZone);
  const lastDay = series.repeatUntil ? Temporal.PlainDate.from(series.repeatUntil) : null;
  const durationMs = series.endsAt.getTime() - series.startsAt.getTime();
  const found: Occurrence[] = [];
  // A step of the series is never shorter than this estimate allows (two steps back covers DST).
  const skip = Math.max(
    0,
    stepsWithin(series.repeat, rangeStart.getTime() - durationMs - first.epochMilliseconds) - 2,
  );
  for (let n = series.repeat === 'none' ? 0 : skip; found.length < limit; n++) {
    const start = nthStart(first, series.repeat, n);
    if (series.repeat === 'none' && n > 0) break;
    if (start === null) continue;
    if (start.epochMilliseconds >= rangeEnd.getTime()) break;
    if (lastDay && Temporal.PlainDate.compare(start.toPlainDate(), lastDay) > 0) break;
    const end = endOf(series, first, start);
    if (end.epochMilliseconds > rangeStart.getTime()) found.push({ start, end });
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

/** An instant as ISO 8601 with the offset it has in the zone ("2026-03-30T09:00:00+02:00"). */
export const isoIn = (zoned: Temporal.ZonedDateTime) =>
  zoned.toString({ timeZoneName: 'never', smallestUnit: 'second' });

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
