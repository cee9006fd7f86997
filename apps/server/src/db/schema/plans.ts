import type { PlanFeature, ReleaseVersion } from '@ledgerdesk/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { auditColumns, versionColumn } from './columns';

/** Pricing tables: each a row of plan cards on the pricing page, in `position` order. */
export const planTables = pgTable(
  'plan_tables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    index('plan_tables_position_idx').on(t.position, t.id),
    index('plan_tables_title_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

/** SPEC §3 Plan: prices are numeric (never floats); the features a card lists are a small JSON list. */
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tableId: uuid('table_id')
      .notNull()
      .references(() => planTables.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    rate: numeric('rate', { precision: 8, scale: 2 }).notNull(),
    rateYear: numeric('rate_year', { precision: 8, scale: 2 }).notNull(),
    delrateYear: numeric('delrate_year', { precision: 8, scale: 2 }),
    features: jsonb('features').$type<PlanFeature[]>().notNull().default([]),
    ribbon: boolean('ribbon').notNull().default(false),
    buttonText: text('button_text').notNull().default(''),
    position: integer('position').notNull().default(0),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    index('plans_table_position_idx').on(t.tableId, t.position, t.id),
    index('plans_position_idx').on(t.position, t.id),
    index('plans_name_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    check(
      'plans_rates_check',
      sql`${t.rate} >= 0 and ${t.rateYear} >= 0 and (${t.delrateYear} is null or ${t.delrateYear} > ${t.rateYear})`,
    ),
  ],
);

/**
 * The office's current plan: one row at most (`id` is always 1), so that setting it is one upsert
 * and two admins setting it at once leave exactly one. Deleting the plan leaves none.
 */
export const officePlan = pgTable(
  'office_plan',
  {
    id: integer('id').primaryKey().default(1),
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    ...auditColumns(),
  },
  (t) => [check('office_plan_single_check', sql`${t.id} = 1`)],
);

/** The pricing page's frequently asked questions, in `position` order. */
export const faqs = pgTable(
  'faqs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull().default(0),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    index('faqs_position_idx').on(t.position, t.id),
    index('faqs_search_idx').using('gin', sql`(${t.question} || ' ' || ${t.answer}) gin_trgm_ops`),
  ],
);

/**
 * SPEC §3 Release group: a title and its versions (each with its date and notes, a JSON list kept
 * newest first). `latest_on`, the newest version's date, orders the changelog (indexed).
 */
export const releaseGroups = pgTable(
  'release_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    versions: jsonb('versions').$type<ReleaseVersion[]>().notNull().default([]),
    latestOn: date('latest_on', { mode: 'string' }).notNull(),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    index('release_groups_latest_idx').on(t.latestOn.desc().nullsFirst(), t.id),
    index('release_groups_title_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);
