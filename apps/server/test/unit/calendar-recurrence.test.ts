import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { calendarText, escapeText, foldLine } from '../../src/modules/calendar/ics';
import {
  instantOfWall,
  isoIn,
  localDayOf,
  occurrencesIn,
  type Series,
  seriesEndOf,
  wholeDays,
} from '../../src/modules/calendar/recurrence';

// Series expansion and iCalendar text, without a database.

const series = (fields: Partial<Series> & Pick<Series, 'startsAt' | 'endsAt'>): Series => ({
  allDay: false,
  repeat: 'none',
  repeatUntil: null,
  timeZone: 'Europe/Paris',
  ...fields,
});
const starts = (s: Series, from: string, to: string, limit = 1000) =>
  occurrencesIn(s, new Date(from), new Date(to), limit).map((o) => isoIn(o.start, s.timeZone));

describe('occurrences of a series', () => {
  it('a single event is found when it overlaps the range, not when it only touches it', () => {
    const one = series({
      startsAt: new Date('2026-03-10T09:00:00Z'),
      endsAt: new Date('2026-03-10T10:00:00Z'),
    });
    expect(starts(one, '2026-03-10T09:30:00Z', '2026-03-11T00:00:00Z')).toEqual([
      '2026-03-10T10:00:00+01:00',
    ]);
    expect(starts(one, '2026-03-10T10:00:00Z', '2026-03-11T00:00:00Z')).toEqual([]);
    expect(starts(one, '2026-03-09T00:00:00Z', '2026-03-10T09:00:00Z')).toEqual([]);
  });

  it('a daily series at 09:00 Paris keeps its local time over both DST changes, in New York too', () => {
    const daily = series({
      startsAt: new Date('2026-03-27T08:00:00Z'),
      endsAt: new Date('2026-03-27T09:00:00Z'),
      repeat: 'daily',
      repeatUntil: '2026-03-31',
    });
    expect(starts(daily, '2026-03-01T00:00:00Z', '2026-04-30T00:00:00Z')).toEqual([
      '2026-03-27T09:00:00+01:00',
      '2026-03-28T09:00:00+01:00',
      '2026-03-29T09:00:00+02:00',
      '2026-03-30T09:00:00+02:00',
      '2026-03-31T09:00:00+02:00',
    ]);
    const newYork = series({
      startsAt: new Date('2026-10-30T13:00:00Z'),
      endsAt: new Date('2026-10-30T14:00:00Z'),
      repeat: 'weekly',
      repeatUntil: '2026-11-13',
      timeZone: 'America/New_York',
    });
    expect(starts(newYork, '2026-10-01T00:00:00Z', '2026-12-01T00:00:00Z')).toEqual([
      '2026-10-30T09:00:00-04:00',
      '2026-11-06T09:00:00-05:00',
      '2026-11-13T09:00:00-05:00',
    ]);
  });

  it('a local time inside the spring-forward gap moves forward by the gap', () => {
    const early = series({
      startsAt: new Date('2026-03-28T01:30:00Z'),
      endsAt: new Date('2026-03-28T02:00:00Z'),
      repeat: 'daily',
      repeatUntil: '2026-03-30',
    });
    expect(starts(early, '2026-03-27T00:00:00Z', '2026-04-01T00:00:00Z')).toEqual([
      '2026-03-28T02:30:00+01:00',
      '2026-03-29T03:30:00+02:00',
      '2026-03-30T02:30:00+02:00',
    ]);
  });

  it('a monthly series on the 31st skips shorter months; on the 29th, skips February of a common year', () => {
    const endOfMonth = series({
      startsAt: new Date('2026-01-31T08:00:00Z'),
      endsAt: new Date('2026-01-31T09:00:00Z'),
      repeat: 'monthly',
      repeatUntil: '2026-12-31',
    });
    expect(
      starts(endOfMonth, '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z').map((s) => s.slice(0, 10)),
    ).toEqual([
      '2026-01-31',
      '2026-03-31',
      '2026-05-31',
      '2026-07-31',
      '2026-08-31',
      '2026-10-31',
      '2026-12-31',
    ]);
    const the29th = series({
      startsAt: new Date('2027-01-29T08:00:00Z'),
      endsAt: new Date('2027-01-29T09:00:00Z'),
      repeat: 'monthly',
      repeatUntil: '2028-03-31',
    });
    const days = starts(the29th, '2027-01-01T00:00:00Z', '2028-04-01T00:00:00Z').map((s) => s.slice(0, 10));
    expect(days).not.toContain('2027-02-28');
    expect(days).toContain('2028-02-29');
  });

  it('finds the occurrences of a range years into a long series without walking from its start', () => {
    const daily = series({
      startsAt: new Date('2026-01-01T08:00:00Z'),
      endsAt: new Date('2026-01-01T08:30:00Z'),
      repeat: 'daily',
      repeatUntil: '2030-12-31',
    });
    const found = starts(daily, '2030-06-01T00:00:00Z', '2030-06-08T00:00:00Z');
    expect(found[0]).toBe('2030-06-01T09:00:00+02:00');
    expect(found).toHaveLength(7);
    const monthly = series({ ...daily, repeat: 'monthly' });
    expect(
      starts(monthly, '2030-06-01T00:00:00Z', '2030-09-01T00:00:00Z').map((s) => s.slice(0, 10)),
    ).toEqual(['2030-06-01', '2030-07-01', '2030-08-01']);
    expect(starts(daily, '2030-06-01T00:00:00Z', '2030-07-01T00:00:00Z', 3)).toHaveLength(3);
  });

  it('an all-day series covers its days in its zone; the series ends no earlier than its last occurrence', () => {
    const days = wholeDays(
      new Date('2026-03-28T10:00:00Z'),
      new Date('2026-03-29T10:00:00Z'),
      'Europe/Paris',
    );
    expect(days).toEqual({ start: new Date('2026-03-27T23:00:00Z'), end: new Date('2026-03-29T22:00:00Z') });
    const weekly = series({
      startsAt: days.start,
      endsAt: days.end,
      allDay: true,
      repeat: 'weekly',
      repeatUntil: '2026-04-11',
    });
    const found = occurrencesIn(
      weekly,
      new Date('2026-03-01T00:00:00Z'),
      new Date('2026-05-01T00:00:00Z'),
      10,
    );
    expect(
      found.map((o) => [localDayOf(o.start, 'Europe/Paris'), localDayOf(o.end, 'Europe/Paris')]),
    ).toEqual([
      ['2026-03-28', '2026-03-30'],
      ['2026-04-04', '2026-04-06'],
      ['2026-04-11', '2026-04-13'],
    ]);
    const last = found.at(-1);
    expect(seriesEndOf(weekly).getTime()).toBeGreaterThanOrEqual(last?.end ?? Number.POSITIVE_INFINITY);
  });
});

describe('the zone clock of the hot path', () => {
  it('agrees with Temporal on offsets and on wall times, gaps and overlaps included, in several zones', () => {
    const zones = [
      'Europe/Paris',
      'America/New_York',
      'Australia/Lord_Howe',
      'Asia/Kolkata',
      'America/Santiago',
      'UTC',
    ];
    let checked = 0;
    for (const zone of zones) {
      // Every 31 hours and 7 minutes over three years: every hour of the day, either side of every change.
      for (let epoch = Date.UTC(2025, 0, 1); epoch < Date.UTC(2028, 0, 1); epoch += (31 * 60 + 7) * 60_000) {
        const zoned = Temporal.Instant.fromEpochMilliseconds(epoch).toZonedDateTimeISO(zone);
        expect(isoIn(epoch, zone)).toBe(zoned.toString({ timeZoneName: 'never', smallestUnit: 'second' }));
        const wall = Date.UTC(zoned.year, zoned.month - 1, zoned.day, zoned.hour, 30);
        const expected = Temporal.PlainDateTime.from({
          year: zoned.year,
          month: zoned.month,
          day: zoned.day,
          hour: zoned.hour,
          minute: 30,
        }).toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds;
        expect(instantOfWall(zone, wall)).toBe(expected);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5000);
  });
});

describe('iCalendar text', () => {
  it('escapes text values and folds lines at 75 octets without splitting a character', () => {
    expect(escapeText('a;b,c\\d\ne')).toBe('a\\;b\\,c\\\\d\\ne');
    const long = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(long).split('\r\n');
    for (const line of folded) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(folded.map((line, i) => (i === 0 ? line : line.slice(1))).join('')).toBe(long);
  });

  it('writes a series with its zone and an RRULE, an all-day event by dates, CRLF throughout', () => {
    const text = calendarText(
      [
        {
          id: '11111111-1111-4111-8111-111111111111',
          title: 'Stand-up',
          startsAt: new Date('2026-03-23T08:00:00Z'),
          endsAt: new Date('2026-03-23T08:15:00Z'),
          allDay: false,
          category: 'info',
          location: '',
          description: 'Line one\nline two',
          url: 'https://example.org/a',
          repeat: 'weekly',
          repeatUntil: '2026-04-13',
          timeZone: 'Europe/Paris',
          version: 3,
          updatedAt: new Date('2026-03-01T10:00:00Z'),
        },
        {
          id: '22222222-2222-4222-8222-222222222222',
          title: 'Offsite',
          startsAt: new Date('2026-03-27T23:00:00Z'),
          endsAt: new Date('2026-03-29T22:00:00Z'),
          allDay: true,
          category: 'success',
          location: 'Annecy',
          description: '',
          url: '',
          repeat: 'none',
          repeatUntil: null,
          timeZone: 'Europe/Paris',
          version: 1,
          updatedAt: new Date('2026-03-01T10:00:00Z'),
        },
      ],
      { method: 'REQUEST' },
    );
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n');
    expect(lines).toContain('DTSTART;TZID=Europe/Paris:20260323T090000');
    expect(lines).toContain('RRULE:FREQ=WEEKLY;UNTIL=20260413T215959Z');
    expect(lines).toContain('SEQUENCE:3');
    expect(lines).toContain('DESCRIPTION:Line one\\nline two');
    expect(lines).toContain('DTSTART;VALUE=DATE:20260328');
    expect(lines).toContain('DTEND;VALUE=DATE:20260330');
    expect(lines).toContain('UID:22222222-2222-4222-8222-222222222222@ledgerdesk');
  });
});
