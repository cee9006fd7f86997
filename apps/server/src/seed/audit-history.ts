import {
  dealStatuses,
  invoiceStatuses,
  leadStatuses,
  orderStatuses,
  projectStatuses,
  taskStatuses,
  ticketStatuses,
  todoStatuses,
} from '@ledgerdesk/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import type { createRandom } from './random';

/*
 * The demo's history: some four months of the demo people at work, so that the analytics dashboard,
 * the home page's recent activity and the library's changes have something to show on a fresh
 * install. Sign-ins on working days in office hours (UTC, the morning of a European office), a few
 * after lunch, and the changes people make to the demo's records between them: a task or a ticket
 * moved on, an invoice paid, a library item's quantity corrected. Written into the audit log in one
 * statement, through its triggers, as the product writes it; the records themselves stay as seeded
 * (an update's `after` is what the record holds now).
 */

type Random = ReturnType<typeof createRandom>;
type Person = { id: string; email: string; active: boolean };
type Change = { before: Record<string, unknown> | null; after: Record<string, unknown> };
/** An audit entry as the seed sends it (the time and actor stand for the row's other columns). */
type Entry = {
  at: string;
  actor: string;
  action: string;
  entity: string;
  key: string;
  ip: string;
  before: Change['before'];
  after: Change['after'] | null;
};
type Work = {
  entity: string;
  /** The records: their id and the value shown as changed. */
  records: SQL;
  weight: number;
  /** How often the work is a creation (the record's first entry), else an update. */
  creates: number;
  change: (value: string, random: Random) => Change;
};

/** Four months: this month and last month whole, against the months before them. */
const DAYS = 122;
const HOUR = 3_600_000;
const MINUTE = 60_000;

/** A status moved on: from the one before it in the list (or another) to what the record holds. */
const statusChange =
  (statuses: readonly string[], field = 'status') =>
  (value: string, random: Random): Change => {
    const at = statuses.indexOf(value);
    const before = at > 0 ? statuses[at - 1] : random.pick(statuses.filter((s) => s !== value));
    return { before: { [field]: before }, after: { [field]: value } };
  };

const records = (table: string) =>
  sql`select id::text as id, status as value from ${sql.identifier(table)} order by created_at, id limit 60`;

const work: Work[] = [
  { entity: 'task', records: records('tasks'), weight: 6, creates: 0.3, change: statusChange(taskStatuses) },
  {
    entity: 'ticket',
    records: records('tickets'),
    weight: 4,
    creates: 0.3,
    change: statusChange(ticketStatuses),
  },
  {
    entity: 'invoice',
    records: records('invoices'),
    weight: 3,
    creates: 0.3,
    change: statusChange(invoiceStatuses),
  },
  {
    entity: 'lead',
    records: records('crm_leads'),
    weight: 2,
    creates: 0.5,
    change: statusChange(leadStatuses),
  },
  {
    entity: 'deal',
    records: records('crm_deals'),
    weight: 2,
    creates: 0.2,
    change: statusChange(dealStatuses),
  },
  {
    entity: 'project',
    records: records('projects'),
    weight: 1,
    creates: 0.1,
    change: statusChange(projectStatuses),
  },
  { entity: 'order', records: records('orders'), weight: 2, creates: 0, change: statusChange(orderStatuses) },
  { entity: 'todo', records: records('todos'), weight: 1, creates: 0.5, change: statusChange(todoStatuses) },
  {
    // A library item's quantity corrected, as the budget officers do (the library's changes show it).
    entity: 'l4code',
    records: sql`select id::text as id, quantity::text as value from library_codes
                  where level = 4 and is_active and quantity >= 10 order by code_comb limit 60`,
    weight: 5,
    creates: 0,
    change: (value, random) => {
      const now = Number(value);
      const was = Math.round(now * (1 + ((random.next() < 0.5 ? -1 : 1) * random.int(5, 20)) / 100));
      return {
        before: { quantity: (was === now ? now + 1 : was).toFixed(3) },
        after: { quantity: now.toFixed(3) },
      };
    },
  },
];

/** A uuid drawn from the demo's generator: a past sign-in's session, long expired. */
function uuidFrom(random: Random) {
  const hex = (n: number) =>
    Array.from({ length: n }, () => Math.floor(random.next() * 16).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
}

const userAgents = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
];

/**
 * Writes the history of `people` (the administrator first) up to `now`, and each one's last sign-in.
 * About 3,000 entries; an inactive person's history ends some weeks ago.
 */
export async function seedAuditHistory(db: Database, random: Random, people: Person[], now: Date) {
  const pools = await Promise.all(
    work.map(async (kind) => ({
      kind,
      records: await rowsOf<{ id: string; value: string }>(db, kind.records),
    })),
  );
  const available = pools.filter((pool) => pool.records.length > 0);
  const totalWeight = available.reduce((sum, pool) => sum + pool.kind.weight, 0);
  const pickWork = () => {
    let left = random.next() * totalWeight;
    for (const pool of available) {
      left -= pool.kind.weight;
      if (left < 0) return pool;
    }
    return available[available.length - 1];
  };
  const created = new Set<string>();
  const rows: Entry[] = [];
  const lastSignIn = new Map<string, Date>();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

  people.forEach((person, index) => {
    const habits = {
      // The administrator is in every day; the others most days, some more than others.
      diligence: index === 0 ? 0.95 : 0.55 + random.next() * 0.35,
      startHour: 6 + random.int(0, 2),
      ip: `198.51.100.${10 + index}`,
      agent: random.pick(userAgents),
      // An inactive person left one to three months ago.
      leftDaysAgo: person.active ? -1 : random.int(30, 90),
    };
    const entry = (at: Date, action: string, entity: string, key: string, change: Partial<Change> = {}) =>
      rows.push({
        at: at.toISOString(),
        actor: person.id,
        action,
        entity,
        key,
        before: change.before ?? null,
        after: change.after ?? null,
        ip: habits.ip,
      });
    for (let daysAgo = DAYS - 1; daysAgo > habits.leftDaysAgo; daysAgo--) {
      const day = today - daysAgo * 24 * HOUR;
      const weekday = new Date(day).getUTCDay();
      const weekend = weekday === 0 || weekday === 6;
      // Busier lately, as a product's use grows; weekends are rare.
      const chance = (weekend ? 0.05 : habits.diligence) * (0.75 + (0.25 * (DAYS - daysAgo)) / DAYS);
      if (random.next() >= chance) continue;
      const signIn = new Date(day + habits.startHour * HOUR + random.int(0, 100) * MINUTE);
      if (signIn > now) continue;
      const signInAt = (at: Date) => {
        entry(at, 'login', 'session', uuidFrom(random), { after: { userAgent: habits.agent } });
        lastSignIn.set(person.id, at);
      };
      signInAt(signIn);
      // Signed in again after lunch now and then.
      const afterLunch = new Date(day + 12 * HOUR + random.int(15, 100) * MINUTE);
      if (random.next() < 0.2 && afterLunch <= now) signInAt(afterLunch);
      // The day's changes, between the sign-in and eight hours later.
      const changes = random.int(0, index === 0 ? 2 : 3);
      for (let n = 0; n < changes; n++) {
        const at = new Date(signIn.getTime() + random.int(5, 480) * MINUTE);
        const pool = pickWork();
        if (at > now || !pool) continue;
        const record = random.pick(pool.records);
        const fresh = !created.has(record.id) && random.next() < pool.kind.creates;
        created.add(record.id);
        if (fresh) entry(at, 'create', pool.kind.entity, record.id, { after: { status: record.value } });
        else entry(at, 'update', pool.kind.entity, record.id, pool.kind.change(record.value, random));
      }
      const leaving = new Date(signIn.getTime() + random.int(7 * 60, 9 * 60) * MINUTE);
      if (random.next() < 0.2 && leaving <= now) entry(leaving, 'logout', 'session', uuidFrom(random));
    }
  });

  // One statement: the dashboards' triggers add it up once, per hour, day and month. The rows go as
  // compact JSON (each entry's actor, time and who wrote it are one value each, spread out here).
  rows.sort((a, b) => a.at.localeCompare(b.at));
  await db.execute(sql`
    insert into audit_log (at, actor_id, actor_label, action, entity, entity_key, before, after, ip,
                           created_at, updated_at, created_by, updated_by)
    select e.at, e.actor, u.email, e.action, e.entity, e.key, e.before, e.after, e.ip, e.at, e.at, e.actor, e.actor
      from json_to_recordset(${JSON.stringify(rows)}::json)
           as e(at timestamptz, actor uuid, action text, entity text, key text, before jsonb, after jsonb, ip text)
      join users u on u.id = e.actor`);
  const signIns = JSON.stringify([...lastSignIn].map(([id, at]) => ({ id, at: at.toISOString() })));
  await db.execute(sql`
    update users u set last_login_at = s.at
      from json_to_recordset(${signIns}::json) as s(id uuid, at timestamptz)
     where u.id = s.id`);
  return rows.length;
}
