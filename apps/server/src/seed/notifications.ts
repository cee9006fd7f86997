import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { notifications, tasks, tickets, users } from '../db/schema';

const MINUTE = 60_000;

/**
 * A few notifications of the administrator's, drawn from the demo's tasks and tickets, so the
 * bell shows something on first sign-in: unread ones of the last hours, read ones of last week.
 */
export async function seedNotifications(db: Database, adminId: string, now = Date.now()): Promise<void> {
  const people = await db
    .select({ first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.isActive, true))
    .orderBy(asc(users.email))
    .limit(4);
  const someTasks = await db
    .select({ id: tasks.id, task: tasks.task })
    .from(tasks)
    .orderBy(asc(tasks.createdAt))
    .limit(3);
  const someTickets = await db
    .select({ id: tickets.id, title: tickets.title, number: tickets.number })
    .from(tickets)
    .orderBy(asc(tickets.number))
    .limit(2);
  const name = (i: number) => {
    const person = people[i % Math.max(people.length, 1)];
    return person ? `${person.first} ${person.last}` : 'Ada Admin';
  };
  const at = (minutesAgo: number) => new Date(now - minutesAgo * MINUTE);
  const rows: (typeof notifications.$inferInsert)[] = [];
  const [firstTask, secondTask, thirdTask] = someTasks;
  const [firstTicket, secondTicket] = someTickets;
  if (firstTask)
    rows.push({
      userId: adminId,
      kind: 'task_assigned',
      params: { by: name(1), title: firstTask.task },
      link: `/apps/tasks/${firstTask.id}`,
      createdAt: at(6),
    });
  if (firstTicket)
    rows.push({
      userId: adminId,
      kind: 'ticket_reply',
      params: { by: name(2), title: firstTicket.title, number: firstTicket.number },
      link: `/apps/tickets/${firstTicket.id}`,
      coalesceKey: `ticket:${firstTicket.id}`,
      unreadCount: 3,
      createdAt: at(48),
    });
  if (secondTask)
    rows.push({
      userId: adminId,
      kind: 'task_assigned',
      params: { by: name(3), title: secondTask.task },
      link: `/apps/tasks/${secondTask.id}`,
      createdAt: at(60 * 26),
      readAt: at(60 * 25),
    });
  if (secondTicket)
    rows.push({
      userId: adminId,
      kind: 'ticket_reply',
      params: { by: name(0), title: secondTicket.title, number: secondTicket.number },
      link: `/apps/tickets/${secondTicket.id}`,
      createdAt: at(60 * 24 * 3),
      readAt: at(60 * 24 * 3 - 30),
    });
  if (thirdTask)
    rows.push({
      userId: adminId,
      kind: 'task_assigned',
      params: { by: name(1), title: thirdTask.task },
      link: `/apps/tasks/${thirdTask.id}`,
      createdAt: at(60 * 24 * 6),
      readAt: at(60 * 24 * 5),
    });
  if (rows.length > 0) await db.insert(notifications).values(rows);
}
