import { ticketPriorities, ticketStatuses } from '@ledgerdesk/contracts';
import type { Database } from '../db/client';
import { ticketReplies, tickets } from '../db/schema';
import { createRandom } from './random';

/** The tickets' own seed: changing another area's demo data does not shift this one. */
const TICKETS_SEED = 6_002;
/** Demo tickets were opened over the 90 days before this day (the counters compare 30-day spans). */
const ANCHOR = Date.UTC(2026, 10, 20, 17);
const DAY = 86_400_000;

const subjects = [
  'Cannot export the budget report to CSV',
  'Invoice total does not match the order',
  'Password reset mail never arrives',
  'Need access to the L3 code list',
  'Dashboard is slow on Monday mornings',
  'Wrong VAT rate on an invoice',
  'Duplicate supplier in the contacts list',
  'Missing line items after the import',
  'Chart colours unreadable in dark mode',
  'Error when saving a project',
  'Change of billing address',
  'API key for our finance system',
  'Upload of the signed contract fails',
  'Due dates shown a day early',
  'Add a colleague to our team',
  'Report shows last year’s figures',
  'Cannot delete a draft invoice',
  'Question about the quarterly statement',
  'Sign-in page keeps reloading',
  'Totals rounded differently in the PDF',
];
const details = [
  'It started after the last update; nothing changed on our side.',
  'This blocks our month-end closing, so a quick answer would help.',
  'Two of my colleagues see the same thing in different browsers.',
  'Steps: open the page, apply the filter, press the button — nothing happens.',
  'We need this before the board meeting on Thursday.',
];
const clients = [
  ['Harriet Cole', 'harriet.cole@northgate-civil.example'],
  ['Joost van Dijk', 'j.vandijk@brightwater-eng.example'],
  ['Rui Matos', 'rui@copperline.example'],
  ['Claire Fontaine', 'c.fontaine@meridian-precast.example'],
  ['Markus Brandt', 'markus.brandt@tidewell.example'],
  ['Siobhan Byrne', 'siobhan.byrne@kestrelhealth.example'],
  ['Mette Lund', 'mlu@vesterby.example'],
  ['Tom Whitaker', 'tom@granitepeak.example'],
  ['Priya Nair', 'priya.nair@ironbridge-structural.example'],
  ['Kaarel Tamm', 'kaarel@larkspur.example'],
  ['Pieter Claes', 'pieter.claes@crossway-freight.example'],
  ['Naomi Clarke', 'naomi.clarke@stonebridge-housing.example'],
] as const;
/** A thread reads in order: a first answer, then progress, and a last word on tickets that were closed. */
const firstAnswers = [
  'Thanks for reporting this. I can reproduce it and have passed it to the team.',
  'Could you send a screenshot of the error and the time it happened?',
  'Thanks, I am looking into it now.',
];
const progress = [
  'We are still looking into this and will update you by Friday.',
  'I have added the missing permission to your account; could you try again?',
  'The totals come from the lines: one line had a quantity of 0, which I have corrected.',
  'I have sent a new link; it is valid for one hour.',
];
const closings = [
  'This is fixed in today’s release; please try again and let us know.',
  'Marking this as resolved. Reply here if anything is still wrong.',
];

/** Demo support: 80 tickets over 90 days, most with a short thread of replies from the staff. */
export async function seedTickets(db: Database, userIds: string[], actorId: string) {
  const random = createRandom(TICKETS_SEED);
  const rows = Array.from({ length: 80 }, (_, i) => {
    const createdAt = new Date(ANCHOR - random.int(0, 89) * DAY - random.int(0, 36_000) * 1000);
    // Older tickets are more often closed.
    const age = (ANCHOR - createdAt.getTime()) / DAY;
    const status = age > 45 && random.next() > 0.3 ? 'Closed' : random.pick(ticketStatuses);
    const [clientName, clientEmail] = clients[i % clients.length] ?? ['', ''];
    const assigned = random.next() > 0.15 ? (userIds[random.int(0, userIds.length - 1)] ?? null) : null;
    return {
      title: subjects[(i * 3) % subjects.length] ?? '',
      description: random.pick(details),
      clientName,
      clientEmail,
      assignedToId: assigned,
      dueDate: new Date(createdAt.getTime() + random.int(3, 21) * DAY).toISOString().slice(0, 10),
      status,
      priority: random.pick(ticketPriorities),
      closedAt:
        status === 'Closed'
          ? new Date(Math.min(createdAt.getTime() + random.int(1, 20) * DAY, ANCHOR))
          : null,
      createdAt,
      updatedAt: createdAt,
      createdBy: actorId,
      updatedBy: actorId,
    };
  });
  const created = await db
    .insert(tickets)
    .values(rows)
    .returning({ id: tickets.id, createdAt: tickets.createdAt });
  const replies = created.flatMap((ticket, i) => {
    const assignee = rows[i]?.assignedToId ?? actorId;
    const closed = rows[i]?.status === 'Closed';
    const length = random.int(0, 4);
    return Array.from({ length }, (_, n) => {
      const at = new Date(ticket.createdAt.getTime() + (n + 1) * random.int(2, 30) * 3_600_000);
      return {
        ticketId: ticket.id,
        authorId: n % 2 === 0 ? assignee : actorId,
        body: random.pick(n === 0 ? firstAnswers : closed && n === length - 1 ? closings : progress),
        createdAt: at,
        updatedAt: at,
        createdBy: actorId,
        updatedBy: actorId,
      };
    });
  });
  if (replies.length) await db.insert(ticketReplies).values(replies);
}
