import {
  type ApplicationRecord,
  applicationFilters,
  applicationInput,
  applicationRecord,
  applicationStatuses,
  type CandidateRecord,
  candidateFilters,
  candidateInput,
  candidateRecord,
  employeeRanges,
  errorCodes,
  inputOf,
  type JobCompanyRecord,
  type JobRecord,
  jobCompanyFilters,
  jobCompanyInput,
  jobCompanyRecord,
  jobFilters,
  jobInput,
  jobMessages,
  jobRecord,
  jobStatuses,
  jobTypes,
  openJobStatuses,
} from '@ledgerdesk/contracts';
import { and, count, eq, gte, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { rankOf } from '../../db/rank';
import { candidates, jobApplications, jobCompanies, jobs } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ResourceDefinition } from '../../resources/engine';
import { existingIds } from '../../resources/records';
import { referenceCount, referencedValue } from '../../resources/refs';

/*
 * The jobs area (SPEC §3): job companies, their jobs, candidates and applications, on the resource
 * engine. Deletes are refused (409) while other records refer to the record: a company with jobs,
 * a job or a candidate with applications; closing a job is the way to stop it, and the
 * applications stay as the record of who applied.
 */

// Subqueries built apart from any connection: they become part of the list's own query.
const qb = new QueryBuilder();
const iso = (d: Date) => d.toISOString();
const stamps = (row: { createdAt: Date; updatedAt: Date; version: number }) => ({
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
  version: row.version,
});

/** A decimal string with at most 2 decimals, in cents: compared without floating point. */
function cents(value: string): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
}

async function refuseWhileReferenced(executor: Database, where: SQL, message: (n: number) => string) {
  const [row] = await executor.select({ n: count() }).from(jobApplications).where(where);
  const n = row?.n ?? 0;
  if (n > 0) throw new AppError(409, errorCodes.hasChildren, message(n));
}

// ---------------------------------------------------------------------------------------------

/** A column of the job an application is for, as SQL: for ordering applications by what they show of it. */
const appliedJob = (column: PgColumn) => referencedValue(column, jobs.id, jobApplications.jobId);

/** The vacancies of a company's open jobs, for ordering companies by it (raw: correlated). */
const openVacancies = sql`(select coalesce(sum(j.vacancies), 0) from jobs j where j.company_id = job_companies.id and j.status in ('Active', 'New'))`;

export const jobCompanyResource: ResourceDefinition<
  typeof jobCompanies,
  JobCompanyRecord,
  typeof jobCompanyInput,
  typeof jobCompanyFilters
> = {
  entity: 'jobCompany',
  label: 'Company',
  area: 'jobs',
  path: '/api/apps/job-company',
  table: jobCompanies,
  record: jobCompanyRecord,
  input: jobCompanyInput,
  filters: jobCompanyFilters,
  where: (f) => [
    f.industryType ? eq(jobCompanies.industryType, f.industryType) : undefined,
    f.employeeRange ? eq(jobCompanies.employeeRange, f.employeeRange) : undefined,
  ],
  search: [jobCompanies.name, jobCompanies.industryType, jobCompanies.location],
  sortable: {
    name: jobCompanies.name,
    industryType: jobCompanies.industryType,
    location: jobCompanies.location,
    employeeRange: rankOf(jobCompanies.employeeRange, employeeRanges),
    rating: jobCompanies.rating,
    since: jobCompanies.since,
    vacancy: openVacancies,
    createdAt: jobCompanies.createdAt,
  },
  defaultOrdering: 'name',
  async toRecords(db, rows) {
    const ids = rows.map((r) => r.id);
    const totals = ids.length
      ? await db
          .select({
            companyId: jobs.companyId,
            jobs: count(),
            vacancy: sql<string>`coalesce(sum(${jobs.vacancies}) filter (where ${inArray(jobs.status, [...openJobStatuses])}), 0)`,
          })
          .from(jobs)
          .where(inArray(jobs.companyId, ids))
          .groupBy(jobs.companyId)
      : [];
    const byCompany = new Map(totals.map((t) => [t.companyId, t]));
    return rows.map((c) => ({
      id: c.id,
      name: c.name,
      industryType: c.industryType,
      vacancy: Number(byCompany.get(c.id)?.vacancy ?? 0),
      jobs: byCompany.get(c.id)?.jobs ?? 0,
      companyInfo: c.companyInfo,
      location: c.location,
      employeeRange: c.employeeRange as JobCompanyRecord['employeeRange'],
      rating: c.rating,
      website: c.website,
      email: c.email,
      since: c.since,
      ...stamps(c),
    }));
  },
  toColumns: (input) => input,
  toInput: inputOf(jobCompanyInput),
  async validate(db, input, id) {
    const [same] = await db
      .select({ id: jobCompanies.id })
      .from(jobCompanies)
      .where(
        and(
          eq(sql`lower(${jobCompanies.name})`, input.name.toLowerCase()),
          id ? ne(jobCompanies.id, id) : undefined,
        ),
      )
      .limit(1);
    if (same) throw AppError.conflict(jobMessages.companyNameTaken, { name: jobMessages.companyNameTaken });
  },
  // Two creates of the same name at once both pass `validate`; the index refuses the second.
  conflicts: { job_companies_name_key: { field: 'name', message: jobMessages.companyNameTaken } },
  async beforeDelete(db, id) {
    const [row] = await db.select({ n: count() }).from(jobs).where(eq(jobs.companyId, id));
    const n = row?.n ?? 0;
    if (n > 0) throw new AppError(409, errorCodes.hasChildren, jobMessages.companyHasJobs(n));
  },
  csv: {
    id: (c) => c.id,
    name: (c) => c.name,
    industryType: (c) => c.industryType,
    location: (c) => c.location,
    employeeRange: (c) => c.employeeRange,
    vacancy: (c) => String(c.vacancy),
    rating: (c) => String(c.rating),
    website: (c) => c.website,
    email: (c) => c.email,
    since: (c) => (c.since === null ? '' : String(c.since)),
  },
};

// ---------------------------------------------------------------------------------------------

export const jobResource: ResourceDefinition<typeof jobs, JobRecord, typeof jobInput, typeof jobFilters> = {
  entity: 'job',
  label: 'Job',
  area: 'jobs',
  path: '/api/apps/job',
  table: jobs,
  record: jobRecord,
  input: jobInput,
  filters: jobFilters,
  where: (f) => [
    f.status ? eq(jobs.status, f.status) : undefined,
    f.type ? eq(jobs.type, f.type) : undefined,
    f.company ? eq(jobs.companyId, f.company) : undefined,
  ],
  search: [jobs.jobTitle, jobs.location],
  searchIn: (pattern) => [
    inArray(
      jobs.companyId,
      qb.select({ id: jobCompanies.id }).from(jobCompanies).where(ilike(jobCompanies.name, pattern)),
    ),
  ],
  sortable: {
    jobTitle: jobs.jobTitle,
    companyName: referencedValue(jobCompanies.name, jobCompanies.id, jobs.companyId),
    location: jobs.location,
    postDate: jobs.postDate,
    status: rankOf(jobs.status, jobStatuses),
    type: rankOf(jobs.type, jobTypes),
    vacancies: jobs.vacancies,
    applications: referenceCount(jobApplications.jobId, jobs.id),
    createdAt: jobs.createdAt,
  },
  defaultOrdering: '-postDate',
  async toRecords(db, rows) {
    const companyIds = [...new Set(rows.map((r) => r.companyId))];
    const ids = rows.map((r) => r.id);
    const [names, applied] = ids.length
      ? await Promise.all([
          db
            .select({ id: jobCompanies.id, name: jobCompanies.name })
            .from(jobCompanies)
            .where(inArray(jobCompanies.id, companyIds)),
          db
            .select({ jobId: jobApplications.jobId, n: count() })
            .from(jobApplications)
            .where(inArray(jobApplications.jobId, ids))
            .groupBy(jobApplications.jobId),
        ])
      : [[], []];
    const companyName = new Map(names.map((c) => [c.id, c.name]));
    const applications = new Map(applied.map((a) => [a.jobId, a.n]));
    return rows.map((j) => ({
      id: j.id,
      jobTitle: j.jobTitle,
      companyId: j.companyId,
      companyName: companyName.get(j.companyId) ?? '',
      location: j.location,
      type: j.type as JobRecord['type'],
      experience: j.experience,
      postDate: j.postDate,
      description: j.description,
      requirements: j.requirements,
      salaryMin: j.salaryMin,
      salaryMax: j.salaryMax,
      vacancies: j.vacancies,
      status: j.status as JobRecord['status'],
      applications: applications.get(j.id) ?? 0,
      ...stamps(j),
    }));
  },
  toColumns: (input) => input,
  toInput: inputOf(jobInput),
  async validate(db, input) {
    if (
      input.salaryMin !== null &&
      input.salaryMax !== null &&
      cents(input.salaryMax) < cents(input.salaryMin)
    ) {
      throw AppError.badRequest(jobMessages.salaryRange, { salaryMax: jobMessages.salaryRange });
    }
    await existingIds(db, jobCompanies, [input.companyId], {
      field: 'companyId',
      message: jobMessages.unknownCompany,
    });
  },
  beforeDelete: (db, id) =>
    refuseWhileReferenced(db, eq(jobApplications.jobId, id), jobMessages.jobHasApplications),
  csv: {
    id: (j) => j.id,
    jobTitle: (j) => j.jobTitle,
    company: (j) => j.companyName,
    location: (j) => j.location,
    type: (j) => j.type,
    experience: (j) => j.experience,
    postDate: (j) => j.postDate,
    salaryMin: (j) => j.salaryMin ?? '',
    salaryMax: (j) => j.salaryMax ?? '',
    vacancies: (j) => String(j.vacancies),
    status: (j) => j.status,
    applications: (j) => String(j.applications),
  },
};

// ---------------------------------------------------------------------------------------------

export const candidateResource: ResourceDefinition<
  typeof candidates,
  CandidateRecord,
  typeof candidateInput,
  typeof candidateFilters
> = {
  entity: 'candidate',
  label: 'Candidate',
  area: 'jobs',
  path: '/api/apps/candidate',
  table: candidates,
  record: candidateRecord,
  input: candidateInput,
  filters: candidateFilters,
  where: (f) => [
    f.type ? eq(candidates.type, f.type) : undefined,
    f.bookmark === undefined ? undefined : eq(candidates.bookmark, f.bookmark),
    f.minRating === undefined ? undefined : gte(candidates.rating, f.minRating),
  ],
  search: [candidates.candidateName, candidates.designation, candidates.location, candidates.email],
  sortable: {
    candidateName: candidates.candidateName,
    designation: candidates.designation,
    location: candidates.location,
    type: rankOf(candidates.type, jobTypes),
    rating: candidates.rating,
    createdAt: candidates.createdAt,
  },
  defaultOrdering: 'candidateName',
  toRecords: async (_db, rows) =>
    rows.map((c) => ({
      id: c.id,
      candidateName: c.candidateName,
      designation: c.designation,
      location: c.location,
      type: c.type as CandidateRecord['type'],
      rating: c.rating,
      bookmark: c.bookmark,
      email: c.email,
      phone: c.phone,
      skills: c.skills,
      ...stamps(c),
    })),
  toColumns: (input) => input,
  toInput: inputOf(candidateInput),
  beforeDelete: (db, id) =>
    refuseWhileReferenced(db, eq(jobApplications.candidateId, id), jobMessages.candidateHasApplications),
  csv: {
    id: (c) => c.id,
    candidateName: (c) => c.candidateName,
    designation: (c) => c.designation,
    location: (c) => c.location,
    type: (c) => c.type,
    rating: (c) => String(c.rating),
    bookmark: (c) => (c.bookmark ? 'yes' : 'no'),
    email: (c) => c.email,
    phone: (c) => c.phone,
    skills: (c) => c.skills.join('; '),
  },
};

// ---------------------------------------------------------------------------------------------

export const applicationResource: ResourceDefinition<
  typeof jobApplications,
  ApplicationRecord,
  typeof applicationInput,
  typeof applicationFilters
> = {
  entity: 'jobApplication',
  label: 'Application',
  area: 'jobs',
  path: '/api/apps/application',
  aliases: { list: ['/api/application-list'] },
  table: jobApplications,
  record: applicationRecord,
  input: applicationInput,
  filters: applicationFilters,
  where: (f) => [
    f.status ? eq(jobApplications.status, f.status) : undefined,
    f.job ? eq(jobApplications.jobId, f.job) : undefined,
    f.candidate ? eq(jobApplications.candidateId, f.candidate) : undefined,
    f.company
      ? inArray(
          jobApplications.jobId,
          qb.select({ id: jobs.id }).from(jobs).where(eq(jobs.companyId, f.company)),
        )
      : undefined,
  ],
  search: [jobApplications.contact],
  // The candidate's name, the job's title or the company's name.
  searchIn: (pattern) => [
    inArray(
      jobApplications.candidateId,
      qb.select({ id: candidates.id }).from(candidates).where(ilike(candidates.candidateName, pattern)),
    ),
    inArray(
      jobApplications.jobId,
      qb
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          or(
            ilike(jobs.jobTitle, pattern),
            inArray(
              jobs.companyId,
              qb.select({ id: jobCompanies.id }).from(jobCompanies).where(ilike(jobCompanies.name, pattern)),
            ),
          ),
        ),
    ),
  ],
  sortable: {
    candidateName: referencedValue(candidates.candidateName, candidates.id, jobApplications.candidateId),
    designation: appliedJob(jobs.jobTitle),
    company: referencedValue(jobCompanies.name, jobCompanies.id, appliedJob(jobs.companyId)),
    type: rankOf(appliedJob(jobs.type), jobTypes),
    date: jobApplications.appliedDate,
    contact: jobApplications.contact,
    status: rankOf(jobApplications.status, applicationStatuses),
    createdAt: jobApplications.createdAt,
  },
  defaultOrdering: '-date',
  async toRecords(db, rows) {
    const candidateIds = [...new Set(rows.map((r) => r.candidateId))];
    const jobIds = [...new Set(rows.map((r) => r.jobId))];
    const [people, posts] = rows.length
      ? await Promise.all([
          db
            .select({ id: candidates.id, name: candidates.candidateName })
            .from(candidates)
            .where(inArray(candidates.id, candidateIds)),
          db
            .select({
              id: jobs.id,
              title: jobs.jobTitle,
              type: jobs.type,
              companyId: jobs.companyId,
              company: jobCompanies.name,
            })
            .from(jobs)
            .innerJoin(jobCompanies, eq(jobCompanies.id, jobs.companyId))
            .where(inArray(jobs.id, jobIds)),
        ])
      : [[], []];
    const name = new Map(people.map((p) => [p.id, p.name]));
    const job = new Map(posts.map((p) => [p.id, p]));
    return rows.map((a) => {
      const post = job.get(a.jobId);
      return {
        id: a.id,
        candidateId: a.candidateId,
        candidateName: name.get(a.candidateId) ?? '',
        jobId: a.jobId,
        designation: post?.title ?? '',
        companyId: post?.companyId ?? a.jobId,
        company: post?.company ?? '',
        type: (post?.type ?? 'Full Time') as ApplicationRecord['type'],
        date: a.appliedDate,
        contact: a.contact,
        status: a.status as ApplicationRecord['status'],
        ...stamps(a),
      };
    });
  },
  toColumns: ({ date, ...rest }) => ({ ...rest, appliedDate: date }),
  toInput: inputOf(applicationInput),
  async validate(db, input, id) {
    await existingIds(db, candidates, [input.candidateId], {
      field: 'candidateId',
      message: jobMessages.unknownCandidate,
    });
    await existingIds(db, jobs, [input.jobId], { field: 'jobId', message: jobMessages.unknownJob });
    const [same] = await db
      .select({ id: jobApplications.id })
      .from(jobApplications)
      .where(
        and(
          eq(jobApplications.candidateId, input.candidateId),
          eq(jobApplications.jobId, input.jobId),
          id ? ne(jobApplications.id, id) : undefined,
        ),
      )
      .limit(1);
    if (same) throw AppError.conflict(jobMessages.alreadyApplied, { jobId: jobMessages.alreadyApplied });
  },
  conflicts: {
    job_applications_candidate_job_key: { field: 'jobId', message: jobMessages.alreadyApplied },
  },
  csv: {
    id: (a) => a.id,
    candidate: (a) => a.candidateName,
    designation: (a) => a.designation,
    company: (a) => a.company,
    type: (a) => a.type,
    date: (a) => a.date,
    contact: (a) => a.contact,
    status: (a) => a.status,
  },
};
