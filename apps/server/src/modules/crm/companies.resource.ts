import {
  type CrmCompanyRecord,
  crmCompanyFilters,
  crmCompanyInput,
  crmCompanyInputOf,
  crmCompanyRecord,
  crmIndustryTypes,
  crmMessages,
} from '@ledgerdesk/contracts';
import { eq } from 'drizzle-orm';
import { rankOf } from '../../db/rank';
import { crmCompanies, crmContacts, crmDeals } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ResourceDefinition } from '../../resources/engine';
import { countsBy } from '../../resources/refs';

/**
 * CRM companies. While contacts or deals point at one it cannot be deleted: a 409 says how many,
 * so that nobody loses a deal's company by accident (the foreign keys refuse it too).
 */
export function companyResource(): ResourceDefinition<
  typeof crmCompanies,
  CrmCompanyRecord,
  typeof crmCompanyInput,
  typeof crmCompanyFilters
> {
  return {
    entity: 'company',
    label: 'Company',
    area: 'crm',
    path: '/api/apps/company',
    table: crmCompanies,
    record: crmCompanyRecord,
    input: crmCompanyInput,
    filters: crmCompanyFilters,
    where: (f) => [f.industryType ? eq(crmCompanies.industryType, f.industryType) : undefined],
    search: [crmCompanies.name, crmCompanies.owner, crmCompanies.location],
    sortable: {
      name: crmCompanies.name,
      owner: crmCompanies.owner,
      industryType: rankOf(crmCompanies.industryType, crmIndustryTypes),
      location: crmCompanies.location,
      starValue: crmCompanies.starValue,
      employees: crmCompanies.employees,
      since: crmCompanies.since,
      createdAt: crmCompanies.createdAt,
    },
    defaultOrdering: 'name',
    async toRecords(db, rows) {
      const ids = rows.map((c) => c.id);
      const contacts = await countsBy(db, crmContacts, crmContacts.companyId, ids);
      const deals = await countsBy(db, crmDeals, crmDeals.companyId, ids);
      return rows.map((c) => ({
        _id: c.id,
        name: c.name,
        owner: c.owner,
        industryType: c.industryType as CrmCompanyRecord['industryType'],
        starValue: c.starValue,
        location: c.location,
        employees: c.employees,
        website: c.website,
        contactEmail: c.contactEmail,
        since: c.since,
        contactCount: contacts(c.id),
        dealCount: deals(c.id),
        createdAt: c.createdAt.toISOString(),
        updatedAt: c.updatedAt.toISOString(),
        version: c.version,
      }));
    },
    toColumns: (input) => input,
    toInput: crmCompanyInputOf,
    async beforeDelete(db, id) {
      const contacts = (await countsBy(db, crmContacts, crmContacts.companyId, [id]))(id);
      const deals = (await countsBy(db, crmDeals, crmDeals.companyId, [id]))(id);
      if (contacts + deals > 0) throw AppError.conflict(crmMessages.companyInUse(contacts, deals));
    },
    csv: {
      id: (c) => c._id,
      name: (c) => c.name,
      owner: (c) => c.owner,
      industryType: (c) => c.industryType,
      starValue: (c) => String(c.starValue),
      location: (c) => c.location,
      employees: (c) => (c.employees === null ? '' : String(c.employees)),
      website: (c) => c.website,
      contactEmail: (c) => c.contactEmail,
      since: (c) => (c.since === null ? '' : String(c.since)),
    },
  };
}
