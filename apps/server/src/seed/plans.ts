import type { PlanFeature, ReleaseVersion } from '@ledgerdesk/contracts';
import type { Database } from '../db/client';
import { faqs, officePlan, plans, planTables, releaseGroups } from '../db/schema';

type Limits = Partial<Record<PlanFeature['name'], number | null | false>>;
/** A card's lines: a number is an amount, null unlimited (or round-the-clock support), false a cross. */
const featuresOf = (limits: Limits): PlanFeature[] =>
  Object.entries(limits).map(([name, limit]) => ({
    name: name as PlanFeature['name'],
    limit: limit === false ? null : limit,
    included: limit !== false,
  }));

/** SPEC §9's sample rates: a year paid at once costs nine months (struck through: twelve). */
const yearly = (rate: number) => ({
  rate: rate.toFixed(2),
  rateYear: (rate * 9).toFixed(2),
  delrateYear: (rate * 12).toFixed(2),
});

type DemoPlan = { name: string; description: string; rate: number; ribbon?: boolean; features: Limits };
const tables: { title: string; description: string; plans: DemoPlan[] }[] = [
  {
    title: 'Simple pricing',
    description: 'One plan for the whole office, billed monthly or yearly.',
    plans: [
      {
        name: 'Starter',
        description: 'For a small office finding its feet',
        rate: 19,
        features: { projects: 3, customers: 299, ftp: 5, support: false, storage: false, domain: false },
      },
      {
        name: 'Professional',
        description: 'For a growing finance team',
        rate: 29,
        ribbon: true,
        features: { projects: 8, customers: 449, ftp: 15, support: null, storage: false, domain: false },
      },
      {
        name: 'Enterprise',
        description: 'For a department with many budgets',
        rate: 39,
        features: { projects: 15, customers: null, ftp: 12, support: null, storage: null, domain: false },
      },
      {
        name: 'Unlimited',
        description: 'For a whole organisation',
        rate: 49,
        features: { projects: null, customers: null, ftp: null, support: null, storage: null, domain: null },
      },
    ],
  },
  {
    title: 'Plans for teams',
    description: 'Priced by the people who sign in and the space they need.',
    plans: [
      {
        name: 'Basic',
        description: 'A team of one',
        rate: 22,
        features: { users: 1, storage: 10, domain: 1, support: false },
      },
      {
        name: 'Team',
        description: 'A few colleagues together',
        rate: 29,
        features: { users: 5, storage: 20, domain: 3, support: null },
      },
      {
        name: 'Business',
        description: 'The whole finance office',
        rate: 39,
        ribbon: true,
        features: { users: 10, storage: 35, domain: 5, support: null },
      },
      {
        name: 'Corporate',
        description: 'Several offices, one bill',
        rate: 49,
        features: { users: null, storage: null, domain: null, support: null },
      },
    ],
  },
];

const questions = [
  [
    'Can I change plans later?',
    'Yes. An administrator picks another plan on this page at any time; the new price applies from the next billing period.',
  ],
  [
    'What does the yearly price include?',
    'Paying for a year at once costs nine months of the monthly rate: the struck-through price is what twelve months would cost.',
  ],
  [
    'Is there a limit on records?',
    'No: plans differ by projects, customers, people and storage, never by the number of budget lines or invoices.',
  ],
  [
    'Who may see and change the plans?',
    'Everyone with the pricing permission sees this page; only those who may manage plans edit them, the FAQs and the current plan.',
  ],
  [
    'Do you offer a discount for public bodies?',
    'Yes, ask us: councils, schools and charities get the yearly price on a monthly bill.',
  ],
  [
    'How do I cancel?',
    'Tell us before the end of the period: nothing is charged after it and your data can be exported.',
  ],
];

/** A group's versions, newest first, from [version, date, notes]. */
const versionsOf = (rows: [string, string, string[]][]): ReleaseVersion[] =>
  rows.map(([version, date, notes]) => ({ version, date, notes }));

const releases = [
  {
    title: 'Ledgerdesk 2',
    versions: versionsOf([
      [
        '2.3.0',
        '2026-11-02',
        ['Pricing plans and FAQs', 'A changelog of every release', 'Faster lists of invoices'],
      ],
      [
        '2.2.1',
        '2026-10-14',
        ['The calendar keeps its view after a reload', 'Fixed the CSV export of empty lists'],
      ],
      [
        '2.2.0',
        '2026-09-22',
        ['Chat rooms and direct messages', 'A mailbox between colleagues', 'Live notifications'],
      ],
      ['2.1.0', '2026-08-05', ['The file manager, with sharing and a trash', 'Product pictures']],
      [
        '2.0.0',
        '2026-06-30',
        ['A new look, in light and dark', 'French throughout', 'Four layouts to choose from'],
      ],
    ]),
  },
  {
    title: 'Ledgerdesk 1',
    versions: versionsOf([
      ['1.4.2', '2026-05-12', ['Security fixes in the sign-in', 'Passwords checked against common ones']],
      ['1.4.0', '2026-04-01', ['Kanban boards for tasks', 'Projects with their members']],
      ['1.3.0', '2026-02-17', ['Invoices as PDF', 'Support tickets']],
      [
        '1.0.0',
        '2026-01-05',
        ['The four-level code library', 'Users, groups and permissions', 'The audit log'],
      ],
    ]),
  },
  {
    title: 'Mobile',
    versions: versionsOf([
      ['0.9.0', '2026-10-28', ['Every page fits a phone', 'Bigger touch targets']],
      ['0.8.0', '2026-07-15', ['A menu that slides in on small screens']],
    ]),
  },
];

/** Two pricing tables (SPEC §9's rates, the 35 GB plan), the first plan current, FAQs and the changelog. */
export async function seedPlans(db: Database, adminId: string) {
  const by = { createdBy: adminId, updatedBy: adminId };
  const createdTables = await db
    .insert(planTables)
    .values(tables.map((t, position) => ({ title: t.title, description: t.description, position, ...by })))
    .returning({ id: planTables.id });
  const createdPlans = await db
    .insert(plans)
    .values(
      tables.flatMap((t, i) =>
        t.plans.map((p, position) => ({
          tableId: createdTables[i]?.id ?? '',
          name: p.name,
          description: p.description,
          ...yearly(p.rate),
          features: featuresOf(p.features),
          ribbon: p.ribbon ?? false,
          position,
          ...by,
        })),
      ),
    )
    .returning({ id: plans.id });
  await db.insert(officePlan).values({ id: 1, planId: createdPlans[0]?.id ?? null, ...by });
  await db
    .insert(faqs)
    .values(
      questions.map(([question = '', answer = ''], position) => ({ question, answer, position, ...by })),
    );
  await db.insert(releaseGroups).values(
    releases.map((g) => ({
      title: g.title,
      versions: g.versions,
      latestOn: g.versions[0]?.date ?? '',
      ...by,
    })),
  );
}
