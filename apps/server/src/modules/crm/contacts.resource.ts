import {
  type CrmContactRecord,
  crmContactFilters,
  crmContactInput,
  crmContactInputOf,
  crmContactRecord,
  crmMessages,
} from '@ledgerdesk/contracts';
import { arrayContains, eq } from 'drizzle-orm';
import { crmCompanies, crmContacts, crmDeals } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ResourceDefinition } from '../../resources/engine';
import { existingIds } from '../../resources/records';
import { countsBy, referencedValue, refsOf } from '../../resources/refs';
import { uniqueTags } from './tags';

/** CRM contacts, each optionally of a company; refused on delete while deals point at them (409). */
export function contactResource(): ResourceDefinition<
  typeof crmContacts,
  CrmContactRecord,
  typeof crmContactInput,
  typeof crmContactFilters
> {
  return {
    entity: 'contact',
    label: 'Contact',
    area: 'crm',
    path: '/api/apps/contact',
    table: crmContacts,
    record: crmContactRecord,
    input: crmContactInput,
    filters: crmContactFilters,
    where: (f) => [
      f.company ? eq(crmContacts.companyId, f.company) : undefined,
      f.tag ? arrayContains(crmContacts.tags, [f.tag]) : undefined,
    ],
    search: [crmContacts.name, crmContacts.email, crmContacts.designation],
    sortable: {
      name: crmContacts.name,
      company: referencedValue(crmCompanies.name, crmCompanies.id, crmContacts.companyId),
      designation: crmContacts.designation,
      email: crmContacts.email,
      leadScore: crmContacts.leadScore,
      lastContacted: crmContacts.lastContacted,
      createdAt: crmContacts.createdAt,
    },
    defaultOrdering: 'name',
    async toRecords(db, rows) {
      const company = await refsOf(
        db,
        crmCompanies,
        rows.map((c) => c.companyId),
      );
      return rows.map((c) => ({
        _id: c.id,
        name: c.name,
        company: company(c.companyId),
        designation: c.designation,
        email: c.email,
        phone: c.phone,
        leadScore: c.leadScore,
        tags: c.tags,
        lastContacted: c.lastContacted,
        createdAt: c.createdAt.toISOString(),
        updatedAt: c.updatedAt.toISOString(),
        version: c.version,
      }));
    },
    toColumns: (input) => ({ ...input, tags: uniqueTags(input.tags) }),
    toInput: crmContactInputOf,
    async validate(db, input) {
      if (input.companyId) {
        await existingIds(db, crmCompanies, [input.companyId], {
          field: 'companyId',
          message: crmMessages.unknownCompany,
        });
      }
    },
    async beforeDelete(db, id) {
      const deals = (await countsBy(db, crmDeals, crmDeals.contactId, [id]))(id);
      if (deals > 0) throw AppError.conflict(crmMessages.contactInUse(deals));
    },
    csv: {
      id: (c) => c._id,
      name: (c) => c.name,
      company: (c) => c.company?.name ?? '',
      designation: (c) => c.designation,
      email: (c) => c.email,
      phone: (c) => c.phone,
      leadScore: (c) => String(c.leadScore),
      tags: (c) => c.tags.join('; '),
      lastContacted: (c) => c.lastContacted ?? '',
    },
  };
}
