import {
  type IcoRecord,
  icoFilters,
  icoGroups,
  icoInput,
  icoInputOf,
  icoRecord,
} from '@ledgerdesk/contracts';
import { eq, sql } from 'drizzle-orm';
import { rankOf } from '../../db/rank';
import { cryptoIcos } from '../../db/schema';
import type { ResourceDefinition } from '../../resources/engine';

type IcoRow = typeof cryptoIcos.$inferSelect;

export const icoRecordOf = (row: IcoRow): IcoRecord => ({
  id: row.id,
  label: row.label,
  caption: row.caption,
  group: row.group as IcoRecord['group'],
  amount: row.amount,
  percentage: Number(row.percentage),
  rating: Number(row.rating),
  date: row.date,
  ribbonNumber: row.ribbonNumber,
  color: row.color,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  version: row.version,
});

/**
 * ICO listings (SPEC §3 ICO group sub-items): records on the resource engine at /api/crypto/icos,
 * read with crypto.view, edited with crypto.manage. GET /api/crypto/ico-groups (routes.ts) shows
 * them grouped.
 */
export const icoResource: ResourceDefinition<
  typeof cryptoIcos,
  IcoRecord,
  typeof icoInput,
  typeof icoFilters
> = {
  entity: 'cryptoIco',
  label: 'ICO',
  area: 'crypto',
  path: '/api/crypto/icos',
  table: cryptoIcos,
  record: icoRecord,
  input: icoInput,
  filters: icoFilters,
  where: (f) => [f.group ? eq(cryptoIcos.group, f.group) : undefined],
  search: [sql`(${cryptoIcos.label} || ' ' || ${cryptoIcos.caption})`],
  sortable: {
    label: cryptoIcos.label,
    // In the groups' order (Active, Ended, Upcoming, Trading), as the ICO page shows them.
    group: rankOf(cryptoIcos.group, icoGroups),
    date: cryptoIcos.date,
    amount: cryptoIcos.amount,
    rating: cryptoIcos.rating,
    percentage: cryptoIcos.percentage,
  },
  defaultOrdering: 'date',
  toRecords: async (_db, rows) => rows.map(icoRecordOf),
  toColumns: (input) => ({
    label: input.label,
    caption: input.caption,
    group: input.group,
    amount: input.amount,
    percentage: String(Math.round(input.percentage * 100) / 100),
    rating: String(Math.round(input.rating * 10) / 10),
    date: input.date,
    ribbonNumber: input.ribbonNumber,
    color: input.color,
  }),
  toInput: icoInputOf,
  csv: {
    id: (r) => r.id,
    label: (r) => r.label,
    caption: (r) => r.caption,
    group: (r) => r.group,
    amount: (r) => r.amount,
    percentage: (r) => String(r.percentage),
    rating: (r) => String(r.rating),
    date: (r) => r.date,
    ribbonNumber: (r) => (r.ribbonNumber === null ? '' : String(r.ribbonNumber)),
  },
};
