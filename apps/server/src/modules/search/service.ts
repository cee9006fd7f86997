import type {
  Area,
  RecordSearchGroup,
  RecordSearchHit,
  RecordSearchKind,
  RecordSearchQuery,
} from '@ledgerdesk/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  candidates,
  crmCompanies,
  crmContacts,
  crmDeals,
  crmLeads,
  customers,
  invoices,
  jobs,
  orders,
  products,
  projects,
  tasks,
  teamMembers,
  tickets,
} from '../../db/schema';
import { containsPattern } from '../../resources/list';

/**
 * One kind of record the search looks in. `matched` is the text the term is looked for in: the
 * very expression of the table's trigram index (schema/*.ts), so the index answers the ILIKE.
 */
interface Source {
  kind: RecordSearchKind;
  area: Area;
  table: SQL;
  matched: SQL;
  title: SQL;
  subtitle: SQL;
  /** The record's page in the web app, before its id. */
  page: string;
}

// In the order the palette lists them: an area's kinds together, the areas as the menu orders them.
const sources: Source[] = [
  {
    kind: 'product',
    area: 'ecommerce',
    table: sql`${products}`,
    matched: sql`(${products.name} || ' ' || ${products.category})`,
    title: sql`${products.name}`,
    subtitle: sql`${products.category}`,
    page: '/apps/ecommerce/products/',
  },
  {
    kind: 'order',
    area: 'ecommerce',
    table: sql`${orders}`,
    matched: sql`('#LD' || ${orders.number}::text || ' ' || ${orders.customerName})`,
    title: sql`('#LD' || ${orders.number}::text)`,
    subtitle: sql`${orders.customerName}`,
    page: '/apps/ecommerce/orders/',
  },
  {
    kind: 'customer',
    area: 'ecommerce',
    table: sql`${customers}`,
    matched: sql`(${customers.name} || ' ' || ${customers.email} || ' ' || ${customers.phone})`,
    title: sql`${customers.name}`,
    subtitle: sql`${customers.email}`,
    page: '/apps/ecommerce/customers/',
  },
  {
    kind: 'contact',
    area: 'crm',
    table: sql`${crmContacts}`,
    matched: sql`${crmContacts.name}`,
    title: sql`${crmContacts.name}`,
    subtitle: sql`${crmContacts.email}`,
    page: '/apps/crm/contacts/',
  },
  {
    kind: 'company',
    area: 'crm',
    table: sql`${crmCompanies}`,
    matched: sql`${crmCompanies.name}`,
    title: sql`${crmCompanies.name}`,
    subtitle: sql`${crmCompanies.location}`,
    page: '/apps/crm/companies/',
  },
  {
    kind: 'lead',
    area: 'crm',
    table: sql`${crmLeads}`,
    matched: sql`${crmLeads.name}`,
    title: sql`${crmLeads.name}`,
    subtitle: sql`${crmLeads.company}`,
    page: '/apps/crm/leads/',
  },
  {
    kind: 'deal',
    area: 'crm',
    table: sql`${crmDeals}`,
    matched: sql`${crmDeals.dealName}`,
    title: sql`${crmDeals.dealName}`,
    subtitle: sql`${crmDeals.stage}`,
    page: '/apps/crm/deals/',
  },
  {
    kind: 'project',
    area: 'projects',
    table: sql`${projects}`,
    matched: sql`(${projects.name} || ' ' || ${projects.description})`,
    title: sql`${projects.name}`,
    subtitle: sql`${projects.status}`,
    page: '/apps/projects/',
  },
  {
    kind: 'task',
    area: 'tasks',
    table: sql`${tasks}`,
    matched: sql`${tasks.task}`,
    title: sql`${tasks.task}`,
    subtitle: sql`${tasks.status}`,
    page: '/apps/tasks/',
  },
  {
    kind: 'invoice',
    area: 'invoices',
    table: sql`${invoices}`,
    matched: sql`(${invoices.number} || ' ' || ${invoices.customerName} || ' ' || ${invoices.customerEmail})`,
    title: sql`${invoices.number}`,
    subtitle: sql`${invoices.customerName}`,
    page: '/apps/invoices/',
  },
  {
    kind: 'ticket',
    area: 'tickets',
    table: sql`${tickets}`,
    matched: sql`${tickets.title}`,
    title: sql`${tickets.title}`,
    subtitle: sql`${tickets.clientName}`,
    page: '/apps/tickets/',
  },
  {
    kind: 'job',
    area: 'jobs',
    table: sql`${jobs}`,
    matched: sql`${jobs.jobTitle}`,
    title: sql`${jobs.jobTitle}`,
    subtitle: sql`${jobs.location}`,
    page: '/apps/jobs/',
  },
  {
    kind: 'candidate',
    area: 'jobs',
    table: sql`${candidates}`,
    matched: sql`${candidates.candidateName}`,
    title: sql`${candidates.candidateName}`,
    subtitle: sql`${candidates.designation}`,
    page: '/apps/candidates/',
  },
  {
    kind: 'teamMember',
    area: 'team',
    table: sql`${teamMembers}`,
    matched: sql`(${teamMembers.name} || ' ' || ${teamMembers.designation} || ' ' || ${teamMembers.email})`,
    title: sql`${teamMembers.name}`,
    subtitle: sql`${teamMembers.designation}`,
    page: '/team/',
  },
];

type Row = { kind: RecordSearchKind; id: string; title: string; subtitle: string };

export function createSearchService(db: Database) {
  return {
    /**
     * The records of the areas `mayView` allows whose text holds the term, at most `limit` of each
     * kind (the first found, not the best: a longer term narrows them), grouped by area; in a kind,
     * titles that start with the term first, then by title. One query: a UNION ALL of a SELECT per
     * kind, each answered by its table's trigram index.
     */
    async search(query: RecordSearchQuery, mayView: (area: Area) => boolean): Promise<RecordSearchGroup[]> {
      const allowed = sources.filter((source) => mayView(source.area));
      if (allowed.length === 0) return [];
      const pattern = containsPattern(query.q);
      // No ORDER BY: sorting every match of a common word (thousands per kind) before the LIMIT
      // is what costs; without it each SELECT stops at its `limit`-th match.
      const selects = allowed.map(
        (source) => sql`(select ${source.kind}::text as kind, id::text as id, ${source.title} as title,
            ${source.subtitle} as subtitle
          from ${source.table}
          where ${source.matched} ilike ${pattern}
          limit ${query.limit})`,
      );
      const rows = await rowsOf<Row>(db, sql.join(selects, sql` union all `));
      const byKind = new Map<RecordSearchKind, Row[]>();
      for (const row of rows) byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), row]);
      const term = query.q.toLowerCase();
      const rank = (row: Row) => (row.title.toLowerCase().startsWith(term) ? 0 : 1);
      for (const found of byKind.values())
        found.sort((a, b) => rank(a) - rank(b) || a.title.localeCompare(b.title, 'en'));
      const groups = new Map<Area, RecordSearchHit[]>();
      for (const source of allowed) {
        const found = byKind.get(source.kind) ?? [];
        if (found.length === 0) continue;
        const hits = groups.get(source.area) ?? [];
        groups.set(source.area, [
          ...hits,
          ...found.map((row) => ({
            kind: source.kind,
            title: row.title,
            subtitle: row.subtitle,
            path: `${source.page}${row.id}`,
          })),
        ]);
      }
      return [...groups].map(([area, hits]) => ({ area, hits }));
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
