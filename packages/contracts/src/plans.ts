import { z } from 'zod/mini';
import { recordVersion, text, timestamp, versionInput } from './api';
import { toScaled } from './decimal';
import { inputOf, oneOf, optionalText, requiredText } from './fields';
import { decimal } from './library';

/*
 * Pricing (SPEC §3 "Plan"; §9 sample rates): plans grouped in tables (the page shows each table as a
 * row of cards), the office's current plan, and the FAQs under them. Permission area `plans`.
 *   GET    /api/plan-tables               the tables (paged, ordered by `position`)     plans.view
 *   POST   /api/plan-tables, PATCH|DELETE /api/plan-tables/:id   a table (DELETE: only when empty) plans.manage
 *   GET    /api/plans?table=<id>           the plans (paged, ordered by `position`)      plans.view
 *   POST   /api/plans, PATCH|DELETE /api/plans/:id               a plan                   plans.manage
 *   PUT    /api/office-plan { planId }     which plan is the office's current one        plans.manage
 *   GET    /api/faqs                       the FAQs (ordered by `position`)              plans.view
 *   POST   /api/faqs, PATCH|DELETE /api/faqs/:id                 a FAQ                    plans.manage
 */

export const planPaths = {
  tables: '/api/plan-tables',
  plans: '/api/plans',
  officePlan: '/api/office-plan',
  faqs: '/api/faqs',
} as const;

/** A position in a list (lower first): a whole number from 0. */
const position = z._default(
  z
    .number('The order must be a number.')
    .check(
      z.int('The order must be a whole number.'),
      z.minimum(0, 'The order must be 0 or more.'),
      z.maximum(10_000, 'The order must be at most 10000.'),
    ),
  0,
);

/** A price in: a decimal string (or a JSON number) ≥ 0 with at most 2 decimals, below 1,000,000. */
const price = (label: string) =>
  z.pipe(
    decimal(label, 2),
    z.string().check(z.regex(/^\d{1,6}(\.|$)/, `${label} must be less than 1,000,000.`)),
  );

export const planTableRecord = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  position: z.number(),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type PlanTableRecord = z.infer<typeof planTableRecord>;

export const planTableInput = z.object({
  version: versionInput,
  title: requiredText('title', 100),
  description: optionalText('description', 300),
  position,
});
export type PlanTableInput = z.input<typeof planTableInput>;
export const planTableInputOf = inputOf(planTableInput);
export const planTableFilters = z.object({});

/**
 * What a plan offers, one line each on its card: an amount (`limit`: 3 projects, 35 GB of storage;
 * null: unlimited, or for support the round-the-clock kind) and whether it is included (a check or
 * a cross). Named, so that the page says it in the reader's language.
 */
export const planFeatureNames = [
  'projects',
  'customers',
  'ftp',
  'users',
  'storage',
  'domain',
  'support',
] as const;
export type PlanFeatureName = (typeof planFeatureNames)[number];
export const planFeature = z.object({
  name: z.enum(planFeatureNames, oneOf('The feature', planFeatureNames)),
  limit: z._default(
    z.nullable(
      z
        .number('The amount must be a number.')
        .check(
          z.int('The amount must be a whole number.'),
          z.minimum(0, 'The amount must be 0 or more.'),
          z.maximum(1_000_000, 'The amount must be at most 1000000.'),
        ),
    ),
    null,
  ),
  included: z._default(z.boolean('Use true or false.'), true),
});
export type PlanFeature = z.infer<typeof planFeature>;

export const planRecord = z.object({
  id: z.uuid(),
  table: z.object({ id: z.uuid(), title: z.string() }),
  /** SPEC "type": the plan's name (Starter, Professional…). */
  name: z.string(),
  description: z.string(),
  /** A month's price, a decimal string ("19.00"). */
  rate: z.string(),
  /** A year's price when paid yearly. */
  rateYear: z.string(),
  /** The yearly price struck through beside `rateYear` (twelve months at `rate`), or null for none. */
  delrateYear: z.nullable(z.string()),
  features: z.array(planFeature),
  /** The "Popular" ribbon on the card. */
  ribbon: z.boolean(),
  /** The card's button ('' : the page's own "Get started"). */
  buttonText: z.string(),
  position: z.number(),
  /** The office's current plan: its button is disabled and says so. */
  current: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type PlanRecord = z.infer<typeof planRecord>;

export const planMessages = {
  unknownTable: 'This plan table does not exist.',
  tableHasPlans: (n: number) =>
    `This table still holds ${n} plan${n === 1 ? '' : 's'}: move or delete them first.`,
  delrateNotHigher: 'The struck-through yearly price must be higher than the yearly price.',
  featureTwice: (name: string) => `The feature ${name} is listed twice.`,
  unknownPlan: 'This plan does not exist.',
  officePlanSet: 'Current Plan Changed Successfully',
} as const;

export const planInput = z
  .object({
    version: versionInput,
    tableId: z.uuid('Please choose a plan table.'),
    name: requiredText('plan name', 60),
    description: optionalText('description', 200),
    rate: price('The monthly rate'),
    rateYear: price('The yearly rate'),
    /** Left empty ('' or null): no struck-through price. */
    delrateYear: z._default(
      z.union([
        z.pipe(
          z.union([z.literal(''), z.null()]),
          z.transform(() => null),
        ),
        price('The struck-through yearly price'),
      ]),
      null,
    ),
    features: z._default(
      z
        .array(planFeature, 'The features must be a list.')
        .check(z.maxLength(12, 'A plan lists at most 12 features.')),
      [],
    ),
    ribbon: z._default(z.boolean('Use true or false.'), false),
    buttonText: z._default(text(40, 'The button text must be at most 40 characters.'), ''),
    position,
  })
  .check(
    z.refine(
      (plan) => plan.delrateYear === null || toScaled(plan.delrateYear, 2) > toScaled(plan.rateYear, 2),
      { error: planMessages.delrateNotHigher, path: ['delrateYear'] },
    ),
    z.superRefine((plan, ctx) => {
      const seen = new Set<string>();
      plan.features.forEach((feature, i) => {
        if (seen.has(feature.name)) {
          ctx.issues.push({
            code: 'custom',
            message: planMessages.featureTwice(feature.name),
            input: feature.name,
            path: ['features', i, 'name'],
          });
        }
        seen.add(feature.name);
      });
    }),
  );
export type PlanInput = z.input<typeof planInput>;
export const planInputOf = (plan: PlanRecord): PlanInput => ({
  tableId: plan.table.id,
  name: plan.name,
  description: plan.description,
  rate: plan.rate,
  rateYear: plan.rateYear,
  delrateYear: plan.delrateYear,
  features: plan.features,
  ribbon: plan.ribbon,
  buttonText: plan.buttonText,
  position: plan.position,
});
export const planFilters = z.object({
  table: z.optional(z.uuid('table must be a plan table id.')),
});

/** PUT /api/office-plan: which plan the office is on. */
export const officePlanInput = z.object({ planId: z.uuid('Please choose a plan.') });
export type OfficePlanInput = z.infer<typeof officePlanInput>;
export const officePlanRecord = z.object({ planId: z.nullable(z.uuid()) });

export const faqRecord = z.object({
  id: z.uuid(),
  question: z.string(),
  answer: z.string(),
  position: z.number(),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type FaqRecord = z.infer<typeof faqRecord>;
export const faqInput = z.object({
  version: versionInput,
  question: requiredText('question', 300),
  answer: requiredText('answer', 5000),
  position,
});
export type FaqInput = z.input<typeof faqInput>;
export const faqInputOf = inputOf(faqInput);
export const faqFilters = z.object({});
