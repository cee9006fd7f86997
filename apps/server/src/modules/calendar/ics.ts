import type { EventRepeat } from '@ledgerdesk/contracts';
import { Temporal } from 'temporal-polyfill';
import { zonedOf } from './recurrence';

/*
 * iCalendar (RFC 5545) for invitations (METHOD:REQUEST, METHOD:CANCEL) and the subscribed feed.
 * A series is one VEVENT with an RRULE: its start is written in its own zone (DTSTART;TZID=…), so
 * that a client repeats it at the same local time as the server expands it. The zone is named by
 * its IANA name without a VTIMEZONE block, which the common clients (Google, Outlook, Apple)
 * read; a single event is written in UTC and needs none.
 */

/** What an event is in iCalendar. */
export type IcsEvent = {
  id: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  allDay: boolean;
  category: string;
  location: string;
  description: string;
  url: string;
  repeat: EventRepeat;
  repeatUntil: string | null;
  timeZone: string;
  /** SEQUENCE: one more on every change, so that a client replaces what it had. */
  version: number;
  updatedAt: Date;
  organizer?: { name: string; email: string };
  attendees?: { name: string; email: string }[];
};

/** The event's UID: the same for every invitation, cancellation and feed of one event. */
export const uidOf = (eventId: string) => `${eventId}@ledgerdesk`;

/** TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545, 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n|\r/g, '\\n');
}

/** A parameter value (a name in CN=…): quoted, without the characters a quoted value may not hold. */
const paramValue = (value: string) => `"${value.replace(/["\r\n]/g, '')}"`;

/**
 * A content line folded at 75 octets (RFC 5545, 3.1): each further line begins with a space,
 * never inside a character's UTF-8 bytes.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets; the others 74 after their leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const utcStamp = (instant: Date) => `${instant.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
const dateStamp = (date: Temporal.PlainDate) => date.toString().replace(/-/g, '');
const localStamp = (zoned: Temporal.ZonedDateTime) =>
  zoned.toPlainDateTime().toString({ smallestUnit: 'second' }).replace(/[-:]/g, '');

function whenLines(event: IcsEvent): string[] {
  const start = zonedOf(event.startsAt, event.timeZone);
  const end = zonedOf(event.endsAt, event.timeZone);
  if (event.allDay) {
    return [
      `DTSTART;VALUE=DATE:${dateStamp(start.toPlainDate())}`,
      `DTEND;VALUE=DATE:${dateStamp(end.toPlainDate())}`,
    ];
  }
  if (event.repeat === 'none')
    return [`DTSTART:${utcStamp(event.startsAt)}`, `DTEND:${utcStamp(event.endsAt)}`];
  return [
    `DTSTART;TZID=${event.timeZone}:${localStamp(start)}`,
    `DTEND;TZID=${event.timeZone}:${localStamp(end)}`,
  ];
}

/** The RRULE of a series: until the end of its last day (UTC, or a date for an all-day series). */
function ruleLine(event: IcsEvent): string[] {
  if (event.repeat === 'none' || !event.repeatUntil) return [];
  const lastDay = Temporal.PlainDate.from(event.repeatUntil);
  const until = event.allDay
    ? dateStamp(lastDay)
    : utcStamp(
        new Date(
          lastDay.add({ days: 1 }).toZonedDateTime({ timeZone: event.timeZone }).epochMilliseconds - 1000,
        ),
      );
  return [`RRULE:FREQ=${event.repeat.toUpperCase()};UNTIL=${until}`];
}

function eventLines(event: IcsEvent, cancelled: boolean): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${uidOf(event.id)}`,
    `DTSTAMP:${utcStamp(event.updatedAt)}`,
    // A cancellation comes after every version of the event its invitees may have.
    `SEQUENCE:${cancelled ? event.version + 1 : event.version}`,
    ...whenLines(event),
    ...ruleLine(event),
    `SUMMARY:${escapeText(event.title)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    `CATEGORIES:${escapeText(event.category)}`,
    ...(event.organizer
      ? [`ORGANIZER;CN=${paramValue(event.organizer.name)}:mailto:${event.organizer.email}`]
      : []),
    ...(event.attendees ?? []).map(
      (a) => `ATTENDEE;CN=${paramValue(a.name)};ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${a.email}`,
    ),
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
  ];
}

/**
 * A whole iCalendar object: CRLF line ends, folded lines. `method` for a mail (an invitation or a
 * cancellation); none for a feed.
 */
export function calendarText(
  events: IcsEvent[],
  options: { method?: 'REQUEST' | 'CANCEL'; name?: string } = {},
) {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Ledgerdesk//Calendar//EN',
    'CALSCALE:GREGORIAN',
    ...(options.method ? [`METHOD:${options.method}`] : []),
    ...(options.name ? [`X-WR-CALNAME:${escapeText(options.name)}`] : []),
    ...events.flatMap((event) => eventLines(event, options.method === 'CANCEL')),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
