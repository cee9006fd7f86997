import { z } from 'zod/mini';
import { booleanQuery, recordVersion, text, timestamp, versionInput } from './api';
import { foundedYear, isoDate, oneOf, optionalEmail, optionalText, requiredText } from './fields';
import { decimal } from './library';
import { codeParams } from './validation';

/*
 * Jobs (SPEC §3 "Job", "Candidate", "Application", "Company"; §7 GET /application-list): job
 * companies, the jobs they post, candidates, and candidates' applications to jobs. Keyed `id`.
 */

export const jobTypes = ['Full Time', 'Part Time', 'Freelance', 'Internship'] as const;
export const jobStatuses = ['Active', 'New', 'Close'] as const;
/** The statuses of a job that still takes applications: its vacancies count for its company. */
export const openJobStatuses = ['Active', 'New'] as const;
export const applicationStatuses = ['New', 'Pending', 'Accepted', 'Rejected'] as const;
export const employeeRanges = [
  '1-10',
  '11-50',
  '51-200',
  '201-500',
  '501-1000',
  '1001-5000',
  '5000+',
] as const;

/** A rating from 0 to 5 (one decimal is kept). */
const rating = z._default(
  z
    .number('The rating must be a number from 0 to 5.')
    .check(z.minimum(0, 'The rating must be from 0 to 5.'), z.maximum(5, 'The rating must be from 0 to 5.')),
  0,
);
const keywords = (what: string, max: number) =>
  z._default(
    z
      .array(
        text(200, `Each ${what} must be at most 200 characters.`).check(
          z.minLength(1, `Remove the empty ${what}.`),
        ),
      )
      .check(z.maxLength(max, `At most ${max} ${what}s.`)),
    [],
  );
const ref = (what: string) => z.uuid(`Choose a ${what}.`);

// ---------------------------------------------------------------------------------------------
// Job companies

export const jobCompanyRecord = z.object({
  id: z.uuid(),
  /** The SPEC's "lable". */
  name: z.string(),
  industryType: z.string(),
  /** Open positions: the vacancies of the company's Active and New jobs. */
  vacancy: z.number(),
  /** All its jobs, closed ones included. */
  jobs: z.number(),
  companyInfo: z.string(),
  location: z.string(),
  employeeRange: z.enum(employeeRanges),
  rating: z.number(),
  website: z.string(),
  email: z.string(),
  since: z.nullable(z.number()),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type JobCompanyRecord = z.infer<typeof jobCompanyRecord>;

export const jobCompanyInput = z.object({
  version: versionInput,
  name: requiredText('company name', 120),
  industryType: optionalText('industry', 80),
  companyInfo: optionalText('company information', 2000),
  location: optionalText('location', 120),
  employeeRange: z._default(z.enum(employeeRanges, oneOf('The employee range', employeeRanges)), '1-10'),
  rating,
  website: z._default(
    text(200, 'The website must be at most 200 characters.').check(
      z.regex(/^(https?:\/\/\S+)?$/, 'The website must start with http:// or https://.'),
    ),
    '',
  ),
  email: optionalEmail,
  since: foundedYear,
});
export type JobCompanyInput = z.input<typeof jobCompanyInput>;

export const jobCompanyFilters = z.object({
  industryType: z.optional(text(80, 'industryType is too long.')),
  employeeRange: z.optional(z.enum(employeeRanges, oneOf('employeeRange', employeeRanges))),
});

// ---------------------------------------------------------------------------------------------
// Jobs

export const jobRecord = z.object({
  id: z.uuid(),
  jobTitle: z.string(),
  companyId: z.uuid(),
  companyName: z.string(),
  location: z.string(),
  type: z.enum(jobTypes),
  experience: z.string(),
  postDate: z.iso.date(),
  description: z.string(),
  requirements: z.array(z.string()),
  /** The salary range, decimal strings; either end may be open. */
  salaryMin: z.nullable(z.string()),
  salaryMax: z.nullable(z.string()),
  vacancies: z.number(),
  status: z.enum(jobStatuses),
  /** How many applications the job has. */
  applications: z.number(),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type JobRecord = z.infer<typeof jobRecord>;

/** A salary, or none: null or an empty text (a form's cleared input). */
const salary = (label: string) =>
  z._default(
    z.nullable(
      z.union(
        [
          z.pipe(
            z.literal(''),
            z.transform(() => null),
          ),
          decimal(label, 2),
        ],
        {
          error: `${label} must be a number ≥ 0 with at most 2 decimals.`,
        },
      ),
    ),
    null,
  );

export const jobInput = z.object({
  version: versionInput,
  jobTitle: requiredText('job title', 150),
  companyId: ref('company'),
  location: optionalText('location', 120),
  type: z._default(z.enum(jobTypes, oneOf('The type', jobTypes)), 'Full Time'),
  experience: optionalText('experience', 60),
  postDate: isoDate('The post date'),
  description: optionalText('description', 10_000),
  requirements: keywords('requirement', 30),
  salaryMin: salary('The minimum salary'),
  salaryMax: salary('The maximum salary'),
  vacancies: z._default(
    z
      .number('The vacancies must be a number.')
      .check(
        z.int('The vacancies must be a whole number.'),
        z.minimum(1, 'At least one vacancy.'),
        z.maximum(10_000, 'At most 10,000 vacancies.'),
      ),
    1,
  ),
  status: z._default(z.enum(jobStatuses, oneOf('The status', jobStatuses)), 'New'),
});
export type JobInput = z.input<typeof jobInput>;

export const jobFilters = z.object({
  status: z.optional(z.enum(jobStatuses, oneOf('status', jobStatuses))),
  type: z.optional(z.enum(jobTypes, oneOf('type', jobTypes))),
  company: z.optional(z.uuid('company must be a company id.')),
});

// ---------------------------------------------------------------------------------------------
// Candidates

export const candidateRecord = z.object({
  id: z.uuid(),
  candidateName: z.string(),
  designation: z.string(),
  location: z.string(),
  type: z.enum(jobTypes),
  rating: z.number(),
  bookmark: z.boolean(),
  email: z.string(),
  phone: z.string(),
  skills: z.array(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type CandidateRecord = z.infer<typeof candidateRecord>;

export const candidateInput = z.object({
  version: versionInput,
  candidateName: requiredText('name', 120),
  designation: optionalText('designation', 120),
  location: optionalText('location', 120),
  type: z._default(z.enum(jobTypes, oneOf('The type', jobTypes)), 'Full Time'),
  rating,
  bookmark: z._default(z.boolean('Bookmark is true or false.'), false),
  email: optionalEmail,
  phone: z._default(
    text(30, 'The phone number must be at most 30 characters.').check(
      z.refine((value) => /^(\+?[\d][\d\s().-]*)?$/.test(value), {
        error: 'Use digits, spaces, ( ) - . and a leading +.',
        params: codeParams('phone'),
      }),
    ),
    '',
  ),
  skills: keywords('skill', 20),
});
export type CandidateInput = z.input<typeof candidateInput>;

export const candidateFilters = z.object({
  type: z.optional(z.enum(jobTypes, oneOf('type', jobTypes))),
  bookmark: z.optional(booleanQuery),
  minRating: z.optional(
    z.coerce
      .number('minRating must be a number.')
      .check(z.minimum(0, 'minRating is from 0 to 5.'), z.maximum(5, 'minRating is from 0 to 5.')),
  ),
});

// ---------------------------------------------------------------------------------------------
// Applications

/** An application (SPEC: appid, company, designation, date, contacts, type, status). */
export const applicationRecord = z.object({
  id: z.uuid(),
  candidateId: z.uuid(),
  candidateName: z.string(),
  jobId: z.uuid(),
  /** The job applied for: the SPEC's "designation". */
  designation: z.string(),
  companyId: z.uuid(),
  company: z.string(),
  /** The job's type. */
  type: z.enum(jobTypes),
  /** The day the candidate applied. */
  date: z.iso.date(),
  contact: z.string(),
  status: z.enum(applicationStatuses),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type ApplicationRecord = z.infer<typeof applicationRecord>;

export const applicationInput = z.object({
  version: versionInput,
  candidateId: ref('candidate'),
  jobId: ref('job'),
  date: isoDate('The date'),
  contact: optionalText('contact', 120),
  status: z._default(z.enum(applicationStatuses, oneOf('The status', applicationStatuses)), 'New'),
});
export type ApplicationInput = z.input<typeof applicationInput>;

export const applicationFilters = z.object({
  status: z.optional(z.enum(applicationStatuses, oneOf('status', applicationStatuses))),
  job: z.optional(z.uuid('job must be a job id.')),
  candidate: z.optional(z.uuid('candidate must be a candidate id.')),
  company: z.optional(z.uuid('company must be a company id.')),
});

export const jobMessages = {
  unknownCompany: 'This company does not exist.',
  unknownJob: 'This job does not exist.',
  unknownCandidate: 'This candidate does not exist.',
  salaryRange: 'The maximum salary must not be below the minimum.',
  alreadyApplied: 'This candidate has already applied for this job.',
  companyNameTaken: 'A company with this name already exists.',
  companyHasJobs: (n: number) =>
    `This company has ${n} job${n === 1 ? '' : 's'}: delete or move ${n === 1 ? 'it' : 'them'} first.`,
  jobHasApplications: (n: number) =>
    `This job has ${n} application${n === 1 ? '' : 's'}: delete them first, or close the job instead.`,
  candidateHasApplications: (n: number) =>
    `This candidate has ${n} application${n === 1 ? '' : 's'}: delete them first.`,
} as const;
