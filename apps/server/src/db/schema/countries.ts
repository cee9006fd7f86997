import { sql } from 'drizzle-orm';
import { index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';

/**
 * Countries and territories: reference data, written at every start from the list in the code
 * (modules/countries/data.ts), ids 1 to n in name order.
 */
export const countries = pgTable(
  'countries',
  {
    id: smallint('id').primaryKey(),
    isoCode: text('iso_code').notNull(),
    name: text('name').notNull(),
    dialCode: text('dial_code').notNull(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('countries_iso_code_key').on(t.isoCode),
    index('countries_name_idx').on(t.name),
    // Prefix search ("+44" finds +44 and +44-…): pattern ops, whatever the collation.
    index('countries_dial_code_idx').on(t.dialCode.op('text_pattern_ops')),
    index('countries_search_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);
