import { applicationStatuses, jobStatuses, jobTypes } from '@ledgerdesk/contracts';
import type { Database } from '../db/client';
import { candidates, jobApplications, jobCompanies, jobs } from '../db/schema';
import { createRandom } from './random';

// The jobs area's own seed: other areas' demo data does not shift when this one changes.
const JOBS_SEED = 6_062_026;
const DAY = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const companies = [
  ['Northwind Civil Engineering', 'Construction', 'Leeds, United Kingdom', '201-500', 2004],
  ['Harbourline Logistics', 'Logistics', 'Rotterdam, Netherlands', '501-1000', 1998],
  ['Brightwater Utilities', 'Utilities', 'Manchester, United Kingdom', '1001-5000', 1989],
  ['Kestrel Analytics', 'Software', 'Dublin, Ireland', '51-200', 2015],
  ['Meridian Health Partners', 'Healthcare', 'Lyon, France', '501-1000', 2001],
  ['Tallis & Crane Accountants', 'Accounting', 'Edinburgh, United Kingdom', '51-200', 1976],
  ['Solace Renewable Energy', 'Energy', 'Porto, Portugal', '201-500', 2011],
  ['Vantage Public Consulting', 'Consulting', 'Brussels, Belgium', '11-50', 2017],
  ['Oakridge Facilities Management', 'Facilities', 'Birmingham, United Kingdom', '1001-5000', 1995],
  ['Lumen Education Trust', 'Education', 'Cork, Ireland', '201-500', 2008],
  ['Cobalt Payments', 'Financial services', 'Berlin, Germany', '51-200', 2019],
  ['Greenfield Housing Association', 'Housing', 'Bristol, United Kingdom', '501-1000', 1972],
  ['Atlas Transit Systems', 'Transport', 'Madrid, Spain', '1001-5000', 1985],
  ['Quillon Legal', 'Legal services', 'London, United Kingdom', '11-50', 2012],
  ['Fernhill Water Laboratories', 'Laboratories', 'Ghent, Belgium', '11-50', 2006],
] as const;

const companyInfo = (name: string, industry: string, city: string) =>
  `${name} is a ${industry.toLowerCase()} organisation based in ${city}. It works with public bodies on long-term programmes and publishes its vacancies here.`;

const roles = [
  ['Budget Analyst', 'Finance', '2-4 years'],
  ['Quantity Surveyor', 'Construction', '3-5 years'],
  ['Project Controls Manager', 'Management', '5+ years'],
  ['Payroll Officer', 'Finance', '1-3 years'],
  ['Data Engineer', 'Software', '3-5 years'],
  ['Frontend Developer', 'Software', '2-4 years'],
  ['Procurement Specialist', 'Operations', '2-5 years'],
  ['Site Engineer', 'Construction', '1-3 years'],
  ['Grants Coordinator', 'Administration', '1-2 years'],
  ['Internal Auditor', 'Finance', '4-6 years'],
  ['HR Business Partner', 'People', '5+ years'],
  ['Customer Support Lead', 'Support', '3-5 years'],
  ['Graduate Accountant', 'Finance', 'None'],
  ['Health and Safety Advisor', 'Operations', '3-5 years'],
  ['Product Designer', 'Software', '2-4 years'],
] as const;

const requirementsByDomain: Record<string, string[]> = {
  Finance: [
    'A recognised accounting qualification (or studying towards one)',
    'Confident with spreadsheets and pivot tables',
    'Experience of month-end close and reconciliations',
    'Clear written reports for non-finance readers',
  ],
  Construction: [
    'A degree or HNC in civil engineering or quantity surveying',
    'Knowledge of NEC or FIDIC contracts',
    'A full driving licence',
    'Site safety card (CSCS or equivalent)',
  ],
  Management: [
    'Experience running earned-value reporting',
    'Leading a team of planners and cost engineers',
    'Primavera P6 or a similar scheduling tool',
  ],
  Software: [
    'TypeScript and SQL in production',
    'Writing tests as part of every change',
    'Working from user research and accessibility guidance',
    'Comfortable with code review and pairing',
  ],
  Operations: [
    'Experience of public procurement rules',
    'Supplier performance reviews',
    'NEBOSH certificate (for safety roles)',
  ],
  Administration: ['Organised, with an eye for deadlines', 'Grant reporting to funders', 'Minute taking'],
  People: ['CIPD level 5 or above', 'Employee relations casework', 'Workforce planning'],
  Support: ['Leading a small support team', 'Writing help-centre articles', 'Service-level reporting'],
};

const firstNames = [
  'Aisha',
  'Ben',
  'Carla',
  'Dmitri',
  'Eva',
  'Felix',
  'Grace',
  'Hassan',
  'Isla',
  'Jakub',
  'Keira',
  'Liam',
  'Maya',
  'Nikhil',
  'Olivia',
  'Pavel',
  'Quinn',
  'Rosa',
  'Samir',
  'Tessa',
  'Umar',
  'Valentina',
  'Wen',
  'Yusuf',
];
const lastNames = [
  'Ahmed',
  'Brennan',
  'Costa',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Gallagher',
  'Hughes',
  'Ivanova',
  'Jensen',
  'Khan',
  'Lambert',
  'Murphy',
  'Nowak',
  "O'Neill",
  'Patel',
  'Quinlan',
  'Rahman',
  'Schmidt',
  'Teixeira',
];
const towns = [
  'Leeds',
  'Dublin',
  'Lyon',
  'Porto',
  'Berlin',
  'Bristol',
  'Madrid',
  'Ghent',
  'Manchester',
  'Edinburgh',
  'Rotterdam',
  'Cork',
  'London',
  'Brussels',
];
const skills = [
  'Excel',
  'Power BI',
  'SQL',
  'TypeScript',
  'React',
  'Cost planning',
  'Payroll',
  'Sage',
  'SAP',
  'AutoCAD',
  'Primavera P6',
  'Contract law',
  'Stakeholder management',
  'Python',
  'Figma',
  'Procurement',
  'Auditing',
  'IFRS',
  'Recruitment',
  'Customer service',
];

/**
 * Demo job companies (15), jobs (30), candidates (60) and applications (80), all around the demo's
 * fixed date, from the jobs area's own seed.
 */
export async function seedJobs(db: Database, actorId: string) {
  const random = createRandom(JOBS_SEED);
  const by = { createdBy: actorId, updatedBy: actorId };
  const start = Date.UTC(2026, 8, 1);

  const createdCompanies = await db
    .insert(jobCompanies)
    .values(
      companies.map(([name, industryType, location, employeeRange, since]) => {
        const domain = `${name
          .toLowerCase()
          .replace(/&/g, 'and')
          .replace(/[^a-z]+/g, '')}.example`;
        return {
          name,
          industryType,
          companyInfo: companyInfo(name, industryType, location.split(',')[0] ?? location),
          location,
          employeeRange,
          rating: random.int(30, 50) / 10,
          website: `https://www.${domain}`,
          email: `careers@${domain}`,
          since,
          ...by,
        };
      }),
    )
    .returning({ id: jobCompanies.id, location: jobCompanies.location });

  const createdJobs = await db
    .insert(jobs)
    .values(
      Array.from({ length: 30 }, (_, i) => {
        const [title, domain, experience] = roles[i % roles.length] ?? roles[0];
        const company = createdCompanies[(i * 7) % createdCompanies.length] ?? createdCompanies[0];
        if (!company) throw new Error('no demo companies');
        const type = i % 10 === 9 ? 'Internship' : random.next() > 0.8 ? random.pick(jobTypes) : 'Full Time';
        const base = random.int(26, 70) * 1000;
        const pool = requirementsByDomain[domain] ?? [];
        return {
          jobTitle: title,
          companyId: company.id,
          location: company.location,
          type,
          experience,
          postDate: dateOf(start + random.int(0, 75) * DAY),
          description: `We are looking for a new ${title} to join our ${domain.toLowerCase()} team. You will work with colleagues across the organisation, keep work on schedule and within budget, and report progress each month.`,
          requirements: pool.filter(() => random.next() > 0.25),
          salaryMin: type === 'Internship' ? '18000.00' : `${base}.00`,
          salaryMax: type === 'Internship' ? '21000.00' : `${base + random.int(4, 15) * 1000}.00`,
          vacancies: random.next() > 0.75 ? random.int(2, 5) : 1,
          status: random.pick(jobStatuses),
          ...by,
        };
      }),
    )
    .returning({ id: jobs.id, postDate: jobs.postDate, jobTitle: jobs.jobTitle });

  const people = Array.from({ length: 60 }, (_, i) => {
    const first = firstNames[i % firstNames.length] ?? 'Alex';
    const last = lastNames[(i * 7 + Math.floor(i / firstNames.length)) % lastNames.length] ?? 'Smith';
    const [designation] = random.pick(roles);
    const picked = new Set(Array.from({ length: random.int(2, 5) }, () => random.pick(skills)));
    return {
      candidateName: `${first} ${last}`,
      designation,
      location: random.pick(towns),
      type: random.next() > 0.75 ? random.pick(jobTypes) : 'Full Time',
      rating: random.int(20, 50) / 10,
      bookmark: random.next() > 0.8,
      email: `${first}.${last.replace(/[^A-Za-z]/g, '')}@mail.example`.toLowerCase(),
      phone: `+44 7700 9${String(random.int(0, 99_999)).padStart(5, '0')}`,
      skills: [...picked],
      ...by,
    };
  });
  const createdCandidates = await db
    .insert(candidates)
    .values(people)
    .returning({ id: candidates.id, email: candidates.email });

  // Each candidate applies to a job at most once.
  const pairs = new Set<string>();
  const applications: (typeof jobApplications.$inferInsert)[] = [];
  while (applications.length < 80) {
    const candidate = random.pick(createdCandidates);
    const job = random.pick(createdJobs);
    const pair = `${candidate.id}:${job.id}`;
    if (pairs.has(pair)) continue;
    pairs.add(pair);
    applications.push({
      candidateId: candidate.id,
      jobId: job.id,
      appliedDate: dateOf(Date.parse(job.postDate) + random.int(1, 21) * DAY),
      contact: candidate.email,
      status: random.pick(applicationStatuses),
      ...by,
    });
  }
  await db.insert(jobApplications).values(applications);
}
