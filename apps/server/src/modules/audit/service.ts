import type { AuditEntry as AuditEntryRecord, auditListQuery } from '@ledgerdesk/contracts';
import { and, eq, gte, lte } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';
import { auditEntryOf, createAuditLog } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { listPage, orderingOf, type Page, searchCondition } from '../../resources/list';

/** The audit log: what lib/audit.ts records, and the reading of it for the audit pages. */
export function createAuditService(db: Database) {
  return {
    ...createAuditLog(),

    async list(query: z.output<typeof auditListQuery>): Promise<Page<AuditEntryRecord>> {
      const where = and(
        query.actor ? eq(auditLog.actorId, query.actor) : undefined,
        query.entity ? eq(auditLog.entity, query.entity) : undefined,
        query.entityKey ? eq(auditLog.entityKey, query.entityKey) : undefined,
        query.action ? eq(auditLog.action, query.action) : undefined,
        query.from ? gte(auditLog.at, new Date(query.from)) : undefined,
        query.to ? lte(auditLog.at, new Date(query.to)) : undefined,
        searchCondition(query.search, [auditLog.actorLabel, auditLog.entityKey, auditLog.action]),
      );
      const order = orderingOf(
        query.ordering,
        { at: auditLog.at, action: auditLog.action, entity: auditLog.entity },
        '-at',
        auditLog.id,
      );
      return listPage(db, auditLog, { where, order, query }, (rows) => rows.map(auditEntryOf));
    },

    async get(id: string): Promise<AuditEntryRecord> {
      const [row] = await db.select().from(auditLog).where(eq(auditLog.id, id)).limit(1);
      if (!row) throw AppError.notFound();
      return auditEntryOf(row);
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
