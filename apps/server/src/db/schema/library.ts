import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { auditColumns, versionColumn } from './columns';

/** Units an L4 item is measured in (m, m², kg, pcs, lump sum, …): a list library.manage keeps. */
export const libraryUnits = pgTable(
  'library_units',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [uniqueIndex('library_units_name_key').on(sql`lower(${t.name})`)],
);

/**
 * The code library: all four levels in one table, each code under a parent of the level above.
 * `codeComb` (the segments from L1 down, joined by '-') is kept unique and right on every change;
 * l1Id/l2Id/l3Id name a code's ancestors so that a roll-up is one indexed GROUP BY, and
 * `amount` is computed by the database.
 */
export const libraryCodes = pgTable(
  'library_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    level: smallint('level').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => libraryCodes.id),
    l1Id: uuid('l1_id'),
    l2Id: uuid('l2_id'),
    l3Id: uuid('l3_id'),
    code: text('code').notNull(),
    codeComb: text('code_comb').notNull(),
    description: text('description').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    unitId: uuid('unit_id').references(() => libraryUnits.id, { onDelete: 'restrict' }),
    unitPrice: numeric('unit_price', { precision: 18, scale: 2 }).notNull().default('0'),
    quantity: numeric('quantity', { precision: 18, scale: 3 }).notNull().default('0'),
    amount: numeric('amount', { precision: 36, scale: 5 }).generatedAlwaysAs(sql`unit_price * quantity`),
    taxable: boolean('taxable').notNull().default(false),
    /**
     * Income or expense: set on an L1 code, and what its whole branch counts as in the budget's
     * totals (the dashboards show income and expenses apart, never added into one figure).
     */
    kind: text('kind').notNull().default('expense'),
    notes: text('notes').notNull().default(''),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    uniqueIndex('library_codes_code_comb_key').on(t.codeComb),
    index('library_codes_parent_idx').on(t.parentId, t.codeComb),
    index('library_codes_level_idx').on(t.level, t.codeComb),
    index('library_codes_l1_idx').on(t.l1Id),
    index('library_codes_l2_idx').on(t.l2Id),
    index('library_codes_l3_idx').on(t.l3Id),
    index('library_codes_unit_idx').on(t.unitId),
    // The largest items of the budget (the home dashboard).
    index('library_codes_amount_idx').on(t.amount).where(sql`${t.level} = 4`),
    // Substring search (ILIKE '%term%') on code, full code and description, through trigrams.
    index('library_codes_search_idx').using(
      'gin',
      sql`(${t.code} || ' ' || ${t.codeComb} || ' ' || ${t.description}) gin_trgm_ops`,
    ),
    check('library_codes_level_check', sql`${t.level} between 1 and 4`),
    check('library_codes_parent_check', sql`(${t.level} = 1) = (${t.parentId} is null)`),
    check('library_codes_kind_check', sql`${t.kind} in ('income', 'expense')`),
    check('library_codes_amounts_check', sql`${t.unitPrice} >= 0 and ${t.quantity} >= 0`),
  ],
);
