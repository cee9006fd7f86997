import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { auditColumns, versionColumn } from './columns';

const rating = () => numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0);

/** The companies that post jobs (SPEC §3 "Company"); apart from the CRM's companies. */
export const jobCompanies = pgTable(
  'job_companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    industryType: text('industry_type').notNull().default(''),
    companyInfo: text('company_info').notNull().default(''),
    location: text('location').notNull().default(''),
    employeeRange: text('employee_range').notNull().default('1-10'),
    rating: rating(),
    website: text('website').notNull().default(''),
    email: text('email').notNull().default(''),
    since: smallint('since'),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    uniqueIndex('job_companies_name_key').on(sql`lower(${t.name})`),
    index('job_companies_name_idx').on(t.name),
    index('job_companies_industry_idx').on(t.industryType),
    index('job_companies_employees_idx').on(t.employeeRange),
    index('job_companies_rating_idx').on(t.rating),
    index('job_companies_since_idx').on(t.since),
    index('job_companies_created_idx').on(t.createdAt),
    index('job_companies_search_idx').using(
      'gin',
      sql`${t.name} gin_trgm_ops`,
      sql`${t.industryType} gin_trgm_ops`,
      sql`${t.location} gin_trgm_ops`,
    ),
    check('job_companies_rating_check', sql`${t.rating} between 0 and 5`),
  ],
);

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobTitle: text('job_title').notNull(),
    // A company with jobs cannot be deleted (the API answers 409 first; this is the backstop).
    companyId: uuid('company_id')
      .notNull()
      .references(() => jobCompanies.id, { onDelete: 'restrict' }),
    location: text('location').notNull().default(''),
    type: text('type').notNull().default('Full Time'),
    experience: text('experience').notNull().default(''),
    postDate: date('post_date').notNull(),
    description: text('description').notNull().default(''),
    requirements: text('requirements').array().notNull().default(sql`'{}'::text[]`),
    salaryMin: numeric('salary_min', { precision: 12, scale: 2 }),
    salaryMax: numeric('salary_max', { precision: 12, scale: 2 }),
    vacancies: integer('vacancies').notNull().default(1),
    status: text('status').notNull().default('New'),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    // Also the company's vacancy sum (open jobs of a company) and the company filter.
    index('jobs_company_idx').on(t.companyId, t.status),
    index('jobs_status_idx').on(t.status, t.postDate),
    index('jobs_type_idx').on(t.type),
    index('jobs_post_date_idx').on(t.postDate),
    index('jobs_title_idx').on(t.jobTitle),
    index('jobs_vacancies_idx').on(t.vacancies),
    index('jobs_created_idx').on(t.createdAt),
    index('jobs_search_idx').using('gin', sql`${t.jobTitle} gin_trgm_ops`, sql`${t.location} gin_trgm_ops`),
    check('jobs_type_check', sql`${t.type} in ('Full Time', 'Part Time', 'Freelance', 'Internship')`),
    check('jobs_status_check', sql`${t.status} in ('Active', 'New', 'Close')`),
    check('jobs_vacancies_check', sql`${t.vacancies} >= 1`),
    check(
      'jobs_salary_check',
      sql`${t.salaryMin} is null or ${t.salaryMax} is null or ${t.salaryMin} <= ${t.salaryMax}`,
    ),
  ],
);

export const candidates = pgTable(
  'candidates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    candidateName: text('candidate_name').notNull(),
    designation: text('designation').notNull().default(''),
    location: text('location').notNull().default(''),
    type: text('type').notNull().default('Full Time'),
    rating: rating(),
    bookmark: boolean('bookmark').notNull().default(false),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    skills: text('skills').array().notNull().default(sql`'{}'::text[]`),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    index('candidates_name_idx').on(t.candidateName),
    index('candidates_designation_idx').on(t.designation),
    index('candidates_location_idx').on(t.location),
    index('candidates_type_idx').on(t.type),
    index('candidates_rating_idx').on(t.rating),
    index('candidates_bookmark_idx').on(t.createdAt).where(sql`${t.bookmark}`),
    index('candidates_created_idx').on(t.createdAt),
    index('candidates_search_idx').using(
      'gin',
      sql`${t.candidateName} gin_trgm_ops`,
      sql`${t.designation} gin_trgm_ops`,
      sql`${t.location} gin_trgm_ops`,
      sql`${t.email} gin_trgm_ops`,
    ),
    check('candidates_type_check', sql`${t.type} in ('Full Time', 'Part Time', 'Freelance', 'Internship')`),
    check('candidates_rating_check', sql`${t.rating} between 0 and 5`),
  ],
);

/** A candidate's application for a job (SPEC §3 "Application"); once per candidate and job. */
export const jobApplications = pgTable(
  'job_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'restrict' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'restrict' }),
    appliedDate: date('applied_date').notNull(),
    contact: text('contact').notNull().default(''),
    status: text('status').notNull().default('New'),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    uniqueIndex('job_applications_candidate_job_key').on(t.candidateId, t.jobId),
    index('job_applications_job_idx').on(t.jobId),
    index('job_applications_status_idx').on(t.status, t.appliedDate),
    index('job_applications_date_idx').on(t.appliedDate),
    index('job_applications_created_idx').on(t.createdAt),
    index('job_applications_search_idx').using('gin', sql`${t.contact} gin_trgm_ops`),
    check('job_applications_status_check', sql`${t.status} in ('New', 'Pending', 'Accepted', 'Rejected')`),
  ],
);
