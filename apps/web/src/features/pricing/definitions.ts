import {
  type FaqInput,
  type FaqRecord,
  faqInput,
  type PlanInput,
  type PlanRecord,
  type PlanTableRecord,
  planInput,
  planInputOf,
} from '@ledgerdesk/contracts';
import type { ListParams } from '../../lib/table-url-state';
import type { ResourceDefinition } from '../../resources/types';

/**
 * The pricing page's records on the web engine (its list and mutation hooks and its form): plans
 * and FAQs are edited in dialogs of the one page, so `route` is that page.
 */
export const plans: ResourceDefinition<PlanRecord, PlanInput> = {
  ns: 'pricing',
  api: '/plans',
  route: '/pricing',
  area: 'plans',
  keyOf: (plan) => plan.id,
  titleOf: (plan) => plan.name,
  columns: [{ id: 'name' }, { id: 'rate' }, { id: 'rateYear' }],
  input: planInput,
  fields: [
    {
      name: 'tableId',
      kind: 'reference',
      api: '/plan-tables',
      keyOf: (table: PlanTableRecord) => table.id,
      labelOf: (table: PlanTableRecord) => table.title,
      required: true,
    },
    { name: 'name', kind: 'text', required: true },
    { name: 'description', kind: 'text', wide: true },
    { name: 'rate', kind: 'decimal', prefix: '$', required: true },
    { name: 'rateYear', kind: 'decimal', prefix: '$', required: true },
    { name: 'delrateYear', kind: 'decimal', prefix: '$', hint: 'hints.delrateYear' },
    { name: 'buttonText', kind: 'text', hint: 'hints.buttonText' },
    { name: 'position', kind: 'number', min: 0, hint: 'hints.position' },
    { name: 'ribbon', kind: 'switch' },
  ],
  emptyValues: {
    tableId: '',
    name: '',
    description: '',
    rate: '',
    rateYear: '',
    delrateYear: null,
    features: [],
    ribbon: false,
    buttonText: '',
    position: 0,
  },
  toInput: (plan) => ({ ...planInputOf(plan), version: plan.version }),
};

/** PUT: which plan is the office's current one (contracts' planPaths.officePlan, under /api). */
export const officePlanApi = '/office-plan';

/** Tables only as the plans' groups (ordered by position) and the form's table picker. */
export const planTables = { api: '/plan-tables', keyOf: (table: PlanTableRecord) => table.id };

export const faqs: ResourceDefinition<FaqRecord, FaqInput> = {
  ns: 'pricing/faqs',
  api: '/faqs',
  route: '/pricing',
  area: 'plans',
  keyOf: (faq) => faq.id,
  titleOf: (faq) => faq.question,
  columns: [{ id: 'question' }, { id: 'position' }],
  input: faqInput,
  fields: [
    { name: 'question', kind: 'text', required: true, wide: true },
    { name: 'answer', kind: 'textarea', required: true, rows: 4 },
    { name: 'position', kind: 'number', min: 0, hint: 'hints.position' },
  ],
  emptyValues: { question: '', answer: '', position: 0 },
  toInput: (faq) => ({
    question: faq.question,
    answer: faq.answer,
    position: faq.position,
    version: faq.version,
  }),
};

/** Every plan table, plan or FAQ at once, in its order (a few dozen at most: the page shows them all). */
export const allInOrder = { page: 1, pageSize: 500, ordering: 'position' } as ListParams<string>;
