import { Temporal } from 'temporal-polyfill';

/** The viewer's IANA time zone (where new events are made). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * When an event happens, as the dialog edits it: days (YYYY-MM-DD) and times (HH:mm) in the event's
 * time zone. An all-day event's `endDate` is its last day (the API's end is the midnight after it).
 */
export interface EventTimes {
  allDay: boolean;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
}

const zoned = (instant: string | Date, zone: string) =>
  (typeof instant === 'string'
    ? Temporal.Instant.from(instant)
    : Temporal.Instant.fromEpochMilliseconds(instant.getTime())
  ).toZonedDateTimeISO(zone);

/** ISO 8601 with the offset, to the second: what the API takes ("2026-03-12T09:00:00+01:00"). */
const isoOf = (value: Temporal.ZonedDateTime) =>
  value.toString({ timeZoneName: 'never', smallestUnit: 'second' });

const hourMinute = (value: Temporal.ZonedDateTime) =>
  value.toPlainTime().toString({ smallestUnit: 'minute' });

/** The times of an event (its API start and end) in `zone`. */
export function timesOf(start: string | Date, end: string | Date, allDay: boolean, zone: string): EventTimes {
  const from = zoned(start, zone);
  let to = zoned(end, zone);
  if (allDay) {
    // The exclusive end: the last day is the one before (a zero-length event keeps its day).
    const lastDay = to.toPlainDate().subtract({ days: 1 });
    return {
      allDay,
      startDate: from.toPlainDate().toString(),
      startTime: '09:00',
      endDate:
        Temporal.PlainDate.compare(lastDay, from.toPlainDate()) < 0
          ? from.toPlainDate().toString()
          : lastDay.toString(),
      endTime: '10:00',
    };
  }
  if (Temporal.ZonedDateTime.compare(to, from) < 0) to = from;
  return {
    allDay,
    startDate: from.toPlainDate().toString(),
    startTime: hourMinute(from),
    endDate: to.toPlainDate().toString(),
    endTime: hourMinute(to),
  };
}

/** The API's start and end of the dialog's times in `zone`; null for a day or time that is not one. */
export function instantsOf(times: EventTimes, zone: string): { start: string; end: string } | null {
  try {
    if (times.allDay) {
      const start = Temporal.PlainDate.from(times.startDate).toZonedDateTime({ timeZone: zone });
      const end = Temporal.PlainDate.from(times.endDate).add({ days: 1 }).toZonedDateTime({ timeZone: zone });
      return { start: isoOf(start), end: isoOf(end) };
    }
    const at = (date: string, time: string) =>
      Temporal.PlainDateTime.from(`${date}T${time}`).toZonedDateTime(zone);
    return {
      start: isoOf(at(times.startDate, times.startTime)),
      end: isoOf(at(times.endDate, times.endTime)),
    };
  } catch {
    return null;
  }
}

/** FullCalendar's duration of a drag or a resize. */
export interface Shift {
  years: number;
  months: number;
  days: number;
  milliseconds: number;
}

/**
 * `instant` moved by `shift` in `zone`: days and months on the wall clock (a week later is the same
 * local time across a change to summer time), then the time of day.
 */
export function shifted(instant: string, zone: string, shift: Shift): string {
  return isoOf(
    zoned(instant, zone)
      .add({ years: shift.years, months: shift.months, days: shift.days })
      .add({ milliseconds: shift.milliseconds }),
  );
}

/** An all-day span of one day from midnight of `instant`'s day, or a timed one of `minutes`. */
export function spanFrom(instant: string, zone: string, allDay: boolean, minutes = 60) {
  const from = zoned(instant, zone);
  if (allDay) {
    const day = from.toPlainDate().toZonedDateTime({ timeZone: zone });
    return { start: isoOf(day), end: isoOf(day.add({ days: 1 })) };
  }
  return { start: isoOf(from), end: isoOf(from.add({ minutes })) };
}

/** The viewer's calendar day of a date (YYYY-MM-DD). */
export function localDay(date: Date): string {
  return zoned(date, browserTimeZone()).toPlainDate().toString();
}

/** The next whole hour from now, for an event made from the button. */
export function nextHour(now: Date = new Date()): Date {
  const next = new Date(now);
  next.setMinutes(0, 0, 0);
  next.setHours(next.getHours() + 1);
  return next;
}
