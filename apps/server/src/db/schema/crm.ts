import { crmIndustryTypes, dealStages, dealStatuses, leadStatuses } from '@ledgerdesk/contracts';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { rankOf, textLiterals } from '../rank';
import { users } from './accounts';
import { auditColumns, versionColumn } from './columns';

export const crmCompanies = pgTable(
  'crm_companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    owner: text('owner').notNull().default(''),
    industryType: text('industry_type').notNull(),
    /** Rating in half stars, 0–5. */
    starValue: numeric('star_value', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
    location: text('location').notNull().default(''),
    employees: integer('employees'),
    website: text('website').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    since: integer('since'),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    index('crm_companies_name_idx').on(t.name),
    index('crm_companies_industry_idx').on(t.industryType, t.name),
    index('crm_companies_star_idx').on(t.starValue),
    index('crm_companies_employees_idx').on(t.employees),
    index('crm_companies_since_idx').on(t.since),
    index('crm_companies_created_idx').on(t.createdAt),
    index('crm_companies_search_idx').using(
      'gin',
      t.name.op('gin_trgm_ops'),
      t.owner.op('gin_trgm_ops'),
      t.location.op('gin_trgm_ops'),
    ),
    check('crm_companies_industry_check', sql`${t.industryType} in (${textLiterals(crmIndustryTypes)})`),
    check('crm_companies_star_check', sql`${t.starValue} between 0 and 5`),
  ],
);

export const crmContacts = pgTable(
  'crm_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Refused on delete of the company while it has contacts (the service says so first, as a 409). */
    companyId: uuid('company_id').references(() => crmCompanies.id, { onDelete: 'restrict' }),
    designation: text('designation').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    leadScore: integer('lead_score').notNull().default(0),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    lastContacted: date('last_contacted'),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    index('crm_contacts_name_idx').on(t.name),
    index('crm_contacts_company_idx').on(t.companyId),
    index('crm_contacts_score_idx').on(t.leadScore),
    index('crm_contacts_last_contacted_idx').on(t.lastContacted),
    index('crm_contacts_created_idx').on(t.createdAt),
    index('crm_contacts_tags_idx').using('gin', t.tags),
    index('crm_contacts_search_idx').using(
      'gin',
      t.name.op('gin_trgm_ops'),
      t.email.op('gin_trgm_ops'),
      t.designation.op('gin_trgm_ops'),
    ),
  ],
);

export const crmLeads = pgTable(
  'crm_leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    company: text('company').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    leadScore: integer('lead_score').notNull().default(0),
    location: text('location').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    status: text('status').notNull().default('New'),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    index('crm_leads_name_idx').on(t.name),
    index('crm_leads_company_idx').on(t.company),
    index('crm_leads_score_idx').on(t.leadScore),
    index('crm_leads_status_idx').on(t.status, t.createdAt),
    index('crm_leads_status_rank_idx').on(rankOf(t.status, leadStatuses)),
    index('crm_leads_created_idx').on(t.createdAt),
    index('crm_leads_tags_idx').using('gin', t.tags),
    index('crm_leads_search_idx').using(
      'gin',
      t.name.op('gin_trgm_ops'),
      t.company.op('gin_trgm_ops'),
      t.email.op('gin_trgm_ops'),
      t.location.op('gin_trgm_ops'),
    ),
    check('crm_leads_status_check', sql`${t.status} in (${textLiterals(leadStatuses)})`),
    check('crm_leads_score_check', sql`${t.leadScore} between 0 and 100`),
  ],
);

export const crmDeals = pgTable(
  'crm_deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealName: text('deal_name').notNull(),
    /** Cleared when the user is deleted: the deal stays, without a rep until one is chosen. */
    salesRepId: uuid('sales_rep_id').references(() => users.id, { onDelete: 'set null' }),
    amount: numeric('amount', { precision: 17, scale: 2 }).notNull(),
    closeDate: date('close_date').notNull(),
    status: text('status').notNull().default('New Lead'),
    stage: text('stage').notNull().default('Lead Discovered'),
    contactId: uuid('contact_id').references(() => crmContacts.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id').references(() => crmCompanies.id, { onDelete: 'restrict' }),
    description: text('description').notNull().default(''),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    index('crm_deals_name_idx').on(t.dealName),
    index('crm_deals_amount_idx').on(t.amount),
    index('crm_deals_close_idx').on(t.closeDate),
    index('crm_deals_status_idx').on(t.status, t.closeDate),
    index('crm_deals_status_rank_idx').on(rankOf(t.status, dealStatuses)),
    // The pipeline: per stage, its cards by close date.
    index('crm_deals_stage_idx').on(t.stage, t.closeDate),
    index('crm_deals_stage_rank_idx').on(rankOf(t.stage, dealStages)),
    index('crm_deals_rep_idx').on(t.salesRepId),
    index('crm_deals_contact_idx').on(t.contactId),
    index('crm_deals_company_idx').on(t.companyId),
    index('crm_deals_created_idx').on(t.createdAt),
    index('crm_deals_search_idx').using(
      'gin',
      t.dealName.op('gin_trgm_ops'),
      t.description.op('gin_trgm_ops'),
    ),
    check('crm_deals_status_check', sql`${t.status} in (${textLiterals(dealStatuses)})`),
    check('crm_deals_stage_check', sql`${t.stage} in (${textLiterals(dealStages)})`),
    check('crm_deals_amount_check', sql`${t.amount} >= 0`),
  ],
);
