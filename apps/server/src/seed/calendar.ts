import type { EventCategory, EventRepeat } from '@ledgerdesk/contracts';
import { Temporal } from 'temporal-polyfill';
import type { Database } from '../db/client';
import { calendarEventShares, calendarEvents } from '../db/schema';
import { seriesEndOf } from '../modules/calendar/recurrence';
import { createRandom } from './random';

const CALENDAR_SEED = 20_261_101;
const ZONE = 'Europe/Paris';
/** The seed's clock: the month the demo data is about (as the other areas' seeds), and the next. */
const FIRST_DAY = Temporal.PlainDate.from('2026-11-01');

const meetings: { title: string; category: EventCategory; department: string; minutes: number }[] = [
  { title: 'Budget committee', category: 'warning', department: 'Finance', minutes: 90 },
  { title: 'Supplier call', category: 'info', department: 'Purchasing', minutes: 30 },
  { title: 'One-to-one', category: 'info', department: 'People', minutes: 30 },
  { title: 'Customer demo', category: 'success', department: 'Sales', minutes: 60 },
  { title: 'Audit preparation', category: 'warning', department: 'Finance', minutes: 120 },
  { title: 'Payroll sign-off', category: 'danger', department: 'People', minutes: 60 },
  { title: 'Cash-flow forecast', category: 'warning', department: 'Finance', minutes: 60 },
  { title: 'Product roadmap', category: 'info', department: 'Product', minutes: 90 },
  { title: 'Interview: accountant', category: 'success', department: 'People', minutes: 60 },
  { title: 'Invoice run', category: 'danger', department: 'Finance', minutes: 30 },
  { title: 'Board pack review', category: 'warning', department: 'Management', minutes: 60 },
  { title: 'IT security briefing', category: 'info', department: 'IT', minutes: 45 },
];
const locations = ['Room 1', 'Room 4', 'Board room', 'Video call', 'Lyon office', 'Cafeteria'];

type Seeded = {
  title: string;
  start: Temporal.PlainDateTime;
  minutes?: number;
  days?: number;
  category: EventCategory;
  department: string;
  location?: string;
  description?: string;
  repeat?: EventRepeat;
  repeatUntil?: string;
  ownerId: string;
  userIds?: string[];
  groupIds?: string[];
};

/**
 * About 60 events for November and December 2026 in Paris time: meetings of the administrator and
 * of demo users (some shared with the administrator), deadlines, training, all-day events, a weekly
 * stand-up shared with a group and a monthly review series.
 */
export async function seedCalendar(db: Database, adminId: string, userIds: string[], groupIds: string[]) {
  const random = createRandom(CALENDAR_SEED);
  const at = (day: number, hour: number, minute = 0) =>
    FIRST_DAY.add({ days: day }).toPlainDateTime({ hour, minute });
  const events: Seeded[] = [
    {
      title: 'Team stand-up',
      start: at(1, 9, 30),
      minutes: 15,
      category: 'info',
      department: 'Finance',
      location: 'Video call',
      repeat: 'weekly',
      repeatUntil: '2026-12-28',
      ownerId: adminId,
      groupIds: groupIds.slice(0, 1),
    },
    {
      title: 'Monthly close review',
      start: at(4, 14),
      minutes: 90,
      category: 'warning',
      department: 'Finance',
      location: 'Board room',
      description: 'The month’s figures, open items and accruals.',
      repeat: 'monthly',
      repeatUntil: '2027-06-30',
      ownerId: adminId,
      userIds: userIds.slice(0, 3),
    },
    {
      title: 'Armistice Day',
      start: at(10, 0),
      days: 1,
      category: 'success',
      department: '',
      ownerId: adminId,
    },
    {
      title: 'Company offsite',
      start: at(18, 0),
      days: 2,
      category: 'success',
      department: 'Management',
      location: 'Annecy',
      ownerId: adminId,
      groupIds: groupIds.slice(0, 2),
    },
    {
      title: 'Christmas Day',
      start: at(54, 0),
      days: 1,
      category: 'success',
      department: '',
      ownerId: adminId,
    },
    {
      title: 'Year-end closing',
      start: at(60, 0),
      days: 1,
      category: 'danger',
      department: 'Finance',
      ownerId: adminId,
    },
    {
      title: 'VAT return deadline',
      start: at(18, 11),
      minutes: 60,
      category: 'danger',
      department: 'Finance',
      ownerId: adminId,
    },
    {
      title: 'Q1 budget submission',
      start: at(44, 16),
      minutes: 60,
      category: 'danger',
      department: 'Finance',
      ownerId: adminId,
    },
    {
      title: 'Excel refresher training',
      start: at(12, 10),
      minutes: 180,
      category: 'success',
      department: 'People',
      location: 'Room 1',
      ownerId: adminId,
      userIds: userIds.slice(3, 6),
    },
    {
      title: 'Security awareness training',
      start: at(37, 14),
      minutes: 120,
      category: 'success',
      department: 'IT',
      location: 'Video call',
      ownerId: adminId,
    },
  ];
  // Meetings on working days: the administrator's, and demo users' (a third shared with them).
  while (events.length < 60) {
    const day = random.int(0, 60);
    const weekday = FIRST_DAY.add({ days: day }).dayOfWeek;
    if (weekday > 5) continue;
    const meeting = random.pick(meetings);
    const mine = random.next() < 0.6;
    const ownerId = mine ? adminId : random.pick(userIds);
    events.push({
      title: meeting.title,
      start: at(day, random.int(8, 16), random.pick([0, 30])),
      minutes: meeting.minutes,
      category: meeting.category,
      department: meeting.department,
      location: random.pick(locations),
      ownerId,
      userIds: mine
        ? random.next() < 0.4
          ? [random.pick(userIds)]
          : []
        : random.next() < 0.35
          ? [adminId]
          : [],
    });
  }

  const rows = events.map((event) => {
    const start = event.start.toZonedDateTime(ZONE);
    const end = event.days ? start.add({ days: event.days }) : start.add({ minutes: event.minutes ?? 60 });
    const series = {
      startsAt: new Date(start.epochMilliseconds),
      endsAt: new Date(end.epochMilliseconds),
      allDay: Boolean(event.days),
      repeat: event.repeat ?? 'none',
      repeatUntil: event.repeatUntil ?? null,
      timeZone: ZONE,
    };
    return {
      title: event.title,
      ...series,
      category: event.category,
      department: event.department,
      location: event.location ?? '',
      description: event.description ?? '',
      seriesEndsAt: seriesEndOf(series),
      ownerId: event.ownerId,
      createdBy: event.ownerId,
      updatedBy: event.ownerId,
    };
  });
  const created = await db.insert(calendarEvents).values(rows).returning({ id: calendarEvents.id });
  const shares = events.flatMap((event, i) => {
    const eventId = created[i]?.id ?? '';
    return [
      ...(event.userIds ?? []).filter((id) => id !== event.ownerId).map((userId) => ({ eventId, userId })),
      ...(event.groupIds ?? []).map((groupId) => ({ eventId, groupId })),
    ];
  });
  if (shares.length > 0) await db.insert(calendarEventShares).values(shares);
}
