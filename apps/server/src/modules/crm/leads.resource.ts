import {
  type LeadRecord,
  leadFilters,
  leadInput,
  leadInputOf,
  leadRecord,
  leadStatuses,
} from '@ledgerdesk/contracts';
import { arrayContains, eq } from 'drizzle-orm';
import { rankOf } from '../../db/rank';
import { crmLeads } from '../../db/schema';
import type { ResourceDefinition } from '../../resources/engine';
import { uniqueTags } from './tags';

/** Leads: prospects with the company they named, scored and tagged, until they become contacts. */
export function leadResource(): ResourceDefinition<
  typeof crmLeads,
  LeadRecord,
  typeof leadInput,
  typeof leadFilters
> {
  return {
    entity: 'lead',
    label: 'Lead',
    area: 'crm',
    path: '/api/apps/lead',
    table: crmLeads,
    record: leadRecord,
    input: leadInput,
    filters: leadFilters,
    where: (f) => [
      f.status ? eq(crmLeads.status, f.status) : undefined,
      f.tag ? arrayContains(crmLeads.tags, [f.tag]) : undefined,
    ],
    search: [crmLeads.name, crmLeads.company, crmLeads.email, crmLeads.location],
    sortable: {
      name: crmLeads.name,
      company: crmLeads.company,
      leadScore: crmLeads.leadScore,
      location: crmLeads.location,
      status: rankOf(crmLeads.status, leadStatuses),
      createdAt: crmLeads.createdAt,
    },
    defaultOrdering: '-createdAt',
    toRecords: async (_db, rows) =>
      rows.map((l) => ({
        _id: l.id,
        name: l.name,
        company: l.company,
        email: l.email,
        phone: l.phone,
        leadScore: l.leadScore,
        location: l.location,
        tags: l.tags,
        status: l.status as LeadRecord['status'],
        createdAt: l.createdAt.toISOString(),
        updatedAt: l.updatedAt.toISOString(),
        version: l.version,
      })),
    toColumns: (input) => ({ ...input, tags: uniqueTags(input.tags) }),
    toInput: leadInputOf,
    csv: {
      id: (l) => l._id,
      name: (l) => l.name,
      company: (l) => l.company,
      email: (l) => l.email,
      phone: (l) => l.phone,
      leadScore: (l) => String(l.leadScore),
      location: (l) => l.location,
      tags: (l) => l.tags.join('; '),
      status: (l) => l.status,
      createdAt: (l) => l.createdAt,
    },
  };
}
