import { z } from 'zod/mini';
import { listQuery, recordVersion, text, timestamp, versionInput } from './api';
import {
  foundedYear,
  inputOf,
  isoDate,
  oneOf,
  optionalEmail,
  optionalPhone,
  optionalText,
  requiredText,
} from './fields';
import { decimal } from './library';

/*
 * CRM (SPEC §3 "Deal", "CRM pipeline stage"; §7 /apps/contact, /apps/company, /apps/lead, GET /deals):
 * contacts, companies, leads and deals, keyed `_id`. Contacts and deals point at a company (and deals
 * at a contact); those links are refused on delete while they exist (409), never cleared silently.
 */

export const leadStatuses = ['New', 'Contacted', 'Qualified', 'Lost'] as const;
export const dealStatuses = ['New Lead', 'Intro Call', 'Stuck', 'Deal Won'] as const;
/** The pipeline's columns, in order (SPEC §3 "CRM pipeline stage"). */
export const dealStages = [
  'Lead Discovered',
  'Contact Initiated',
  'Needs Identified',
  'Meeting Arranged',
  'Offer Accepted',
] as const;
export type DealStage = (typeof dealStages)[number];
export const crmIndustryTypes = [
  'Construction',
  'Engineering',
  'Consulting',
  'Software',
  'Manufacturing',
  'Logistics',
  'Energy',
  'Healthcare',
  'Finance',
  'Education',
  'Public sector',
] as const;

const leadScore = z._default(
  z
    .number('The lead score must be a number.')
    .check(
      z.int('The lead score must be a whole number.'),
      z.minimum(0, 'The lead score is at least 0.'),
      z.maximum(100, 'The lead score is at most 100.'),
    ),
  0,
);
const tags = z._default(
  z
    .array(text(30, 'A tag must be at most 30 characters.').check(z.minLength(1, 'A tag cannot be empty.')))
    .check(z.maxLength(10, 'At most 10 tags.')),
  [],
);
/** Money of a deal: a decimal string (or a JSON number) with at most 2 decimals. */
export const dealAmount = decimal('The amount', 2);

/** A CRM record another one points at. */
export const crmRef = z.object({ _id: z.uuid(), name: z.string() });
export type CrmRef = z.infer<typeof crmRef>;
/** A user another record points at (sales rep), as tasks show their assignees. */
const userRef = z.object({ id: z.uuid(), name: z.string() });

// Companies ---------------------------------------------------------------------------------------

export const crmCompanyRecord = z.object({
  _id: z.uuid(),
  name: z.string(),
  owner: z.string(),
  industryType: z.enum(crmIndustryTypes),
  /** Rating 0–5 in half stars. */
  starValue: z.number(),
  location: z.string(),
  employees: z.nullable(z.number()),
  website: z.string(),
  contactEmail: z.string(),
  /** The year the company was founded. */
  since: z.nullable(z.number()),
  /** How many contacts and deals point at it: while either is above 0 it cannot be deleted. */
  contactCount: z.number(),
  dealCount: z.number(),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type CrmCompanyRecord = z.infer<typeof crmCompanyRecord>;

export const crmCompanyInput = z.object({
  version: versionInput,
  name: requiredText('company name', 200),
  owner: optionalText('owner', 200),
  industryType: z._default(z.enum(crmIndustryTypes, oneOf('The industry', crmIndustryTypes)), 'Construction'),
  starValue: z._default(
    z
      .number('The rating must be a number.')
      .check(
        z.minimum(0, 'The rating is at least 0.'),
        z.maximum(5, 'The rating is at most 5.'),
        z.multipleOf(0.5, 'The rating goes in half stars.'),
      ),
    0,
  ),
  location: optionalText('location', 200),
  employees: z._default(
    z.nullable(
      z
        .number('The number of employees must be a number.')
        .check(
          z.int('The number of employees must be a whole number.'),
          z.minimum(0, 'The number of employees cannot be negative.'),
          z.maximum(10_000_000, 'The number of employees is too large.'),
        ),
    ),
    null,
  ),
  website: z._default(
    text(300, 'The website must be at most 300 characters.').check(
      z.regex(/^(|(https?:\/\/)?[\w-]+(\.[\w-]+)+(\/\S*)?)$/, 'Please enter a web address (example.com).'),
    ),
    '',
  ),
  contactEmail: optionalEmail,
  since: foundedYear,
});
export type CrmCompanyInput = z.input<typeof crmCompanyInput>;
/** A CRM company back as its input: where the server's PATCH and the web edit form start from. */
export const crmCompanyInputOf = inputOf(crmCompanyInput);

export const crmCompanyFilters = z.object({
  industryType: z.optional(z.enum(crmIndustryTypes, oneOf('industryType', crmIndustryTypes))),
});
export const crmCompanyListQuery = z.extend(listQuery, crmCompanyFilters.shape);

// Contacts ----------------------------------------------------------------------------------------

export const crmContactRecord = z.object({
  _id: z.uuid(),
  name: z.string(),
  company: z.nullable(crmRef),
  designation: z.string(),
  email: z.string(),
  phone: z.string(),
  leadScore: z.number(),
  tags: z.array(z.string()),
  lastContacted: z.nullable(z.iso.date()),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type CrmContactRecord = z.infer<typeof crmContactRecord>;

export const crmContactInput = z.object({
  version: versionInput,
  name: requiredText('contact’s name', 200),
  companyId: z._default(z.nullable(z.uuid('Choose a company from the list.')), null),
  designation: optionalText('designation', 200),
  email: optionalEmail,
  phone: optionalPhone,
  leadScore,
  tags,
  lastContacted: z._default(z.nullable(isoDate('The last contact')), null),
});
export type CrmContactInput = z.input<typeof crmContactInput>;
/** A contact back as its input: where the server's PATCH and the web edit form start from. */
export const crmContactInputOf = (contact: CrmContactRecord): CrmContactInput => ({
  name: contact.name,
  companyId: contact.company?._id ?? null,
  designation: contact.designation,
  email: contact.email,
  phone: contact.phone,
  leadScore: contact.leadScore,
  tags: contact.tags,
  lastContacted: contact.lastContacted,
});

export const crmContactFilters = z.object({
  company: z.optional(z.uuid('company must be a company id.')),
  tag: z.optional(text(30, 'tag must be at most 30 characters.')),
});
export const crmContactListQuery = z.extend(listQuery, crmContactFilters.shape);

// Leads -------------------------------------------------------------------------------------------

export const leadRecord = z.object({
  _id: z.uuid(),
  name: z.string(),
  /** The lead's company as they gave it: a prospect, not (yet) a CRM company. */
  company: z.string(),
  email: z.string(),
  phone: z.string(),
  leadScore: z.number(),
  location: z.string(),
  tags: z.array(z.string()),
  status: z.enum(leadStatuses),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type LeadRecord = z.infer<typeof leadRecord>;

export const leadInput = z.object({
  version: versionInput,
  name: requiredText('lead’s name', 200),
  company: optionalText('company', 200),
  email: optionalEmail,
  phone: optionalPhone,
  leadScore,
  location: optionalText('location', 200),
  tags,
  status: z._default(z.enum(leadStatuses, oneOf('The status', leadStatuses)), 'New'),
});
export type LeadInput = z.input<typeof leadInput>;
/** A lead back as its input: where the server's PATCH and the web edit form start from. */
export const leadInputOf = inputOf(leadInput);

export const leadFilters = z.object({
  status: z.optional(z.enum(leadStatuses, oneOf('status', leadStatuses))),
  tag: z.optional(text(30, 'tag must be at most 30 characters.')),
});
export const leadListQuery = z.extend(listQuery, leadFilters.shape);

// Deals -------------------------------------------------------------------------------------------

export const dealRecord = z.object({
  _id: z.uuid(),
  dealName: z.string(),
  /** Null once the user who was the sales rep has been deleted. */
  salesRep: z.nullable(userRef),
  amount: z.string(),
  closeDate: z.iso.date(),
  status: z.enum(dealStatuses),
  stage: z.enum(dealStages),
  contact: z.nullable(crmRef),
  company: z.nullable(crmRef),
  description: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type DealRecord = z.infer<typeof dealRecord>;

export const dealInput = z.object({
  version: versionInput,
  dealName: requiredText('deal name', 200),
  salesRepId: z.uuid('Choose the sales rep.'),
  amount: dealAmount,
  closeDate: isoDate('The close date'),
  status: z._default(z.enum(dealStatuses, oneOf('The status', dealStatuses)), 'New Lead'),
  stage: z._default(z.enum(dealStages, oneOf('The stage', dealStages)), 'Lead Discovered'),
  contactId: z._default(z.nullable(z.uuid('Choose a contact from the list.')), null),
  companyId: z._default(z.nullable(z.uuid('Choose a company from the list.')), null),
  description: optionalText('description', 5000),
});
export type DealInput = z.input<typeof dealInput>;
/** A deal back as its input: where the server's PATCH and the web edit form start from. */
export const dealInputOf = (deal: DealRecord): DealInput => ({
  dealName: deal.dealName,
  // A deal whose rep was deleted has none: any change to it must then name one ('' fails).
  salesRepId: deal.salesRep?.id ?? '',
  amount: deal.amount,
  closeDate: deal.closeDate,
  status: deal.status,
  stage: deal.stage,
  contactId: deal.contact?._id ?? null,
  companyId: deal.company?._id ?? null,
  description: deal.description,
});

export const dealFilters = z.object({
  status: z.optional(z.enum(dealStatuses, oneOf('status', dealStatuses))),
  stage: z.optional(z.enum(dealStages, oneOf('stage', dealStages))),
  salesRep: z.optional(z.uuid('salesRep must be a user id.')),
  company: z.optional(z.uuid('company must be a company id.')),
  contact: z.optional(z.uuid('contact must be a contact id.')),
  closeFrom: z.optional(isoDate('closeFrom')),
  closeTo: z.optional(isoDate('closeTo')),
});
export const dealListQuery = z.extend(listQuery, dealFilters.shape);

/** The pipeline board: every stage, its totals over all its deals, and its first cards. */
export const DEAL_PIPELINE_CARDS_DEFAULT = 20;
export const DEAL_PIPELINE_CARDS_MAX = 100;
export const dealPipelineQuery = z.object({
  search: z.optional(text(200, 'The search is too long.')),
  salesRep: z.optional(z.uuid('salesRep must be a user id.')),
  /** Cards per stage (soonest close date first); the totals always count every deal. */
  cards: z._default(
    z.coerce
      .number('cards must be a number.')
      .check(
        z.int('cards must be a whole number.'),
        z.minimum(0, 'cards cannot be negative.'),
        z.maximum(DEAL_PIPELINE_CARDS_MAX, `cards must be at most ${DEAL_PIPELINE_CARDS_MAX}.`),
      ),
    DEAL_PIPELINE_CARDS_DEFAULT,
  ),
});
export const dealPipelineStage = z.object({
  stage: z.enum(dealStages),
  /** Deals in the stage (all of them, not only the cards). */
  count: z.number(),
  /** Sum of their amounts, in decimals. */
  total: z.string(),
  deals: z.array(dealRecord),
});
export type DealPipelineStage = z.infer<typeof dealPipelineStage>;
export const dealPipelineResponse = z.object({
  stages: z.array(dealPipelineStage),
  count: z.number(),
  total: z.string(),
});
export type DealPipelineResponse = z.infer<typeof dealPipelineResponse>;

export const crmMessages = {
  unknownCompany: 'This company does not exist (any more).',
  unknownContact: 'This contact does not exist (any more).',
  unknownSalesRep: 'This user does not exist (any more).',
  contactOfOtherCompany: 'This contact works for another company than the deal’s.',
  companyInUse: (contacts: number, deals: number) =>
    `This company is still linked to ${[
      contacts ? `${contacts} contact${contacts === 1 ? '' : 's'}` : '',
      deals ? `${deals} deal${deals === 1 ? '' : 's'}` : '',
    ]
      .filter(Boolean)
      .join(' and ')}: move or delete them first.`,
  contactInUse: (deals: number) =>
    `This contact is still linked to ${deals} deal${deals === 1 ? '' : 's'}: change or delete ${deals === 1 ? 'it' : 'them'} first.`,
} as const;
