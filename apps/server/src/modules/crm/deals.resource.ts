import {
  crmMessages,
  type DealRecord,
  dealFilters,
  dealInput,
  dealInputOf,
  dealRecord,
  dealStages,
  dealStatuses,
} from '@ledgerdesk/contracts';
import { eq, gte, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rankOf } from '../../db/rank';
import { crmCompanies, crmContacts, crmDeals } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ResourceDefinition } from '../../resources/engine';
import { existingIds } from '../../resources/records';
import { referencedValue, refsOf } from '../../resources/refs';
import { type UsersService, userNameOf } from '../users/service';

type DealRow = typeof crmDeals.$inferSelect;

/** Deal rows → records, with the names of their rep, contact and company fetched once per page. */
export function describeDeals(users: UsersService) {
  return async (db: Database, rows: DealRow[]): Promise<DealRecord[]> => {
    const reps = await users.namesOf(
      db,
      rows.flatMap((d) => (d.salesRepId ? [d.salesRepId] : [])),
    );
    const contact = await refsOf(
      db,
      crmContacts,
      rows.map((d) => d.contactId),
    );
    const company = await refsOf(
      db,
      crmCompanies,
      rows.map((d) => d.companyId),
    );
    return rows.map((d) => {
      const rep = d.salesRepId ? reps.get(d.salesRepId) : undefined;
      return {
        _id: d.id,
        dealName: d.dealName,
        salesRep: d.salesRepId && rep !== undefined ? { id: d.salesRepId, name: rep } : null,
        amount: d.amount,
        closeDate: d.closeDate,
        status: d.status as DealRecord['status'],
        stage: d.stage as DealRecord['stage'],
        contact: contact(d.contactId),
        company: company(d.companyId),
        description: d.description,
        createdAt: d.createdAt.toISOString(),
        updatedAt: d.updatedAt.toISOString(),
        version: d.version,
      };
    });
  };
}

/**
 * Deals: a sales rep (a user), an amount in decimals, a status and a pipeline stage; optionally a
 * contact and a company, which must exist, and agree (a contact of one company is not the contact
 * of another company's deal). Moving a deal between stages is a PATCH of `stage`.
 */
export function dealResource(
  users: UsersService,
): ResourceDefinition<typeof crmDeals, DealRecord, typeof dealInput, typeof dealFilters> {
  return {
    entity: 'deal',
    label: 'Deal',
    area: 'crm',
    path: '/api/apps/deal',
    aliases: { list: ['/api/deals'] },
    table: crmDeals,
    record: dealRecord,
    input: dealInput,
    filters: dealFilters,
    where: (f) => [
      f.status ? eq(crmDeals.status, f.status) : undefined,
      f.stage ? eq(crmDeals.stage, f.stage) : undefined,
      f.salesRep ? eq(crmDeals.salesRepId, f.salesRep) : undefined,
      f.company ? eq(crmDeals.companyId, f.company) : undefined,
      f.contact ? eq(crmDeals.contactId, f.contact) : undefined,
      f.closeFrom ? gte(crmDeals.closeDate, f.closeFrom) : undefined,
      f.closeTo ? lte(crmDeals.closeDate, f.closeTo) : undefined,
    ],
    search: [crmDeals.dealName, crmDeals.description],
    sortable: {
      dealName: crmDeals.dealName,
      company: referencedValue(crmCompanies.name, crmCompanies.id, crmDeals.companyId),
      contact: referencedValue(crmContacts.name, crmContacts.id, crmDeals.contactId),
      salesRep: userNameOf(crmDeals.salesRepId),
      amount: crmDeals.amount,
      closeDate: crmDeals.closeDate,
      status: rankOf(crmDeals.status, dealStatuses),
      stage: rankOf(crmDeals.stage, dealStages),
      createdAt: crmDeals.createdAt,
    },
    defaultOrdering: '-createdAt',
    toRecords: describeDeals(users),
    toColumns: (input) => input,
    toInput: dealInputOf,
    async validate(db, input) {
      await users.assertUsersExist(db, [input.salesRepId], {
        field: 'salesRepId',
        message: crmMessages.unknownSalesRep,
      });
      if (input.companyId) {
        await existingIds(db, crmCompanies, [input.companyId], {
          field: 'companyId',
          message: crmMessages.unknownCompany,
        });
      }
      if (input.contactId) {
        const [contact] = await db
          .select({ companyId: crmContacts.companyId })
          .from(crmContacts)
          .where(eq(crmContacts.id, input.contactId));
        if (!contact) {
          throw AppError.badRequest(crmMessages.unknownContact, { contactId: crmMessages.unknownContact });
        }
        if (input.companyId && contact.companyId && contact.companyId !== input.companyId) {
          throw AppError.badRequest(crmMessages.contactOfOtherCompany, {
            contactId: crmMessages.contactOfOtherCompany,
          });
        }
      }
    },
    csv: {
      id: (d) => d._id,
      dealName: (d) => d.dealName,
      salesRep: (d) => d.salesRep?.name ?? '',
      amount: (d) => d.amount,
      closeDate: (d) => d.closeDate,
      status: (d) => d.status,
      stage: (d) => d.stage,
      contact: (d) => d.contact?.name ?? '',
      company: (d) => d.company?.name ?? '',
    },
  };
}
