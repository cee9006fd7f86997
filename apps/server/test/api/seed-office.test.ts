import { invoiceTotals } from '@ledgerdesk/contracts';
import { asc } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client';
import {
  invoiceLines,
  invoices,
  projects,
  teamMembers,
  todoProjects,
  todos,
  users,
} from '../../src/db/schema';
import { seedInvoices } from '../../src/seed/invoices';
import { seedProjects } from '../../src/seed/projects';
import { seedTeam } from '../../src/seed/team';
import { seedTodos } from '../../src/seed/todos';
import { openTestDatabase } from '../context';

// The demo sets of invoices, projects, team and to-do: the same on every fresh start, and quick.
const opened: DatabaseHandle[] = [];
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
});

async function seeded() {
  const database = await openTestDatabase();
  opened.push(database);
  await database.migrate();
  const { db } = database;
  const people = await db
    .insert(users)
    .values(
      ['Amara Okafor', 'Bruno Silva', 'Chen Wei', 'Dana Kowalski', 'Elif Yilmaz', 'Farid Haddad'].map(
        (name) => {
          const [firstName = '', lastName = ''] = name.split(' ');
          return {
            email: `${firstName}@seed.test`.toLowerCase(),
            username: firstName.toLowerCase(),
            firstName,
            lastName,
          };
        },
      ),
    )
    .returning({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email });
  const actor = people[0]?.id ?? '';
  const ids = people.map((p) => p.id);
  await seedInvoices(db, actor);
  await seedProjects(db, ids, actor);
  await seedTeam(
    db,
    people.map((p) => ({ id: p.id, name: `${p.firstName} ${p.lastName}`, email: p.email })),
    actor,
  );
  await seedTodos(db, actor);
  return { database };
}

describe('demo invoices, projects, team and to-do', () => {
  it('are the same on every fresh start, and consistent', async () => {
    const snapshots = [];
    for (let i = 0; i < 2; i++) {
      const { database } = await seeded();
      const { db } = database;
      const invoiceRows = await db.select().from(invoices).orderBy(asc(invoices.number));
      const lineRows = await db
        .select()
        .from(invoiceLines)
        .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position));
      snapshots.push({
        invoices: invoiceRows.map((r) => [r.number, r.customerName, r.issueDate, r.status, r.total]),
        lines: lineRows.length,
        projects: (await db.select().from(projects).orderBy(asc(projects.name))).map((p) => [
          p.name,
          p.status,
          p.percentage,
          p.memberIds.length,
        ]),
        team: (await db.select().from(teamMembers).orderBy(asc(teamMembers.name))).map((m) => [
          m.name,
          m.designation,
          m.userId !== null,
        ]),
        todoProjects: (await db.select().from(todoProjects).orderBy(asc(todoProjects.name))).map(
          (p) => p.name,
        ),
        todos: (await db.select().from(todos).orderBy(asc(todos.task))).map((t) => [
          t.task,
          t.status,
          t.dueDate,
        ]),
      });

      // Numbered in issue order, and every stored figure is what the API would compute.
      expect(invoiceRows.map((r) => r.number)).toEqual(
        invoiceRows.map((_, n) => `INV-2026-${String(n + 1).padStart(5, '0')}`),
      );
      const issued = invoiceRows.map((r) => r.issueDate);
      expect(issued).toEqual([...issued].sort());
      for (const invoice of invoiceRows) {
        const own = lineRows.filter((l) => l.invoiceId === invoice.id);
        const totals = invoiceTotals({
          lines: own.map((l) => ({ quantity: l.quantity, unitPrice: l.unitPrice })),
          taxRate: invoice.taxRate,
          discount: invoice.discount,
          shipping: invoice.shipping,
        });
        expect(own.map((l) => l.amount)).toEqual(totals.lines);
        expect([invoice.subtotal, invoice.tax, invoice.total]).toEqual([
          totals.subtotal,
          totals.tax,
          totals.total,
        ]);
      }
    }
    const [first] = snapshots;
    expect(first?.invoices).toHaveLength(60);
    expect(first?.lines).toBeGreaterThan(60);
    expect(new Set(first?.invoices.map((i) => i[3]))).toEqual(
      new Set(['Paid', 'Unpaid', 'Pending', 'Cancelled']),
    );
    expect(first?.projects).toHaveLength(15);
    expect(first?.team.length).toBeGreaterThanOrEqual(10);
    expect(first?.todoProjects).toHaveLength(5);
    expect(first?.todos).toHaveLength(40);
    expect(snapshots[1]).toEqual(first);
  });
});
