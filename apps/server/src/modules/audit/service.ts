import type { AuditEntry as AuditEntryRecord, auditListQuery } from '@ledgerdesk/contracts';
import { and, eq, gte, lte } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { listPage, orderingOf, type Page, searchCondition } from '../../resources/list';

const toRecord = (row: typeof auditLog.$inferSelect): AuditEntryRecord => ({
  id: row.id,
  at: row.at.toISOString(),
  actorId: row.actorId,
  actorLabel: row.actorLabel,
  action: row.action,
  entity: row.entity,
  entityKey: row.entityKey,
  before: row.before ?? null,
  after: row.after ?? null,
  ip: row.ip,
});

/** Who did something, and from where: taken from the request by the routes. */
export type Actor = { id: string | null; label: string; ip: string; requestId: string };

export type AuditEntry = {
  action: string;
  entity: string;
  key: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/** Never written to the log, whatever the entity. */
const SECRET_FIELDS = new Set(['password', 'passwordHash', 'token', 'tokenHash', 'accessToken', 'secret']);

function redact(record: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!record) return null;
  return Object.fromEntries(Object.entries(record).filter(([field]) => !SECRET_FIELDS.has(field)));
}

/** Keeps only the fields that changed, so an entry shows the change and not the whole record. */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  if (!before || !after) return { before, after };
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const field of fields) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) {
      b[field] = before[field];
      a[field] = after[field];
    }
  }
  return { before: b, after: a };
}

export function createAuditService(db: Database) {
  const listeners: ((entry: AuditEntry) => void)[] = [];
  return {
    /** Calls `listener` with every entry recorded: e.g. to forget what the change makes stale. */
    onRecord(listener: (entry: AuditEntry) => void): void {
      listeners.push(listener);
    },

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
      return listPage(db, auditLog, { where, order, query }, (rows) => rows.map(toRecord));
    },

    async get(id: string): Promise<AuditEntryRecord> {
      const [row] = await db.select().from(auditLog).where(eq(auditLog.id, id)).limit(1);
      if (!row) throw AppError.notFound();
      return toRecord(row);
    },

    /** Appends an entry, in the caller's transaction when it passes one. */
    async record(executor: Database, actor: Actor, entry: AuditEntry): Promise<void> {
      const { before, after } = changedFields(redact(entry.before), redact(entry.after));
      await executor.insert(auditLog).values({
        actorId: actor.id,
        actorLabel: actor.label,
        action: entry.action,
        entity: entry.entity,
        entityKey: entry.key,
        before,
        after,
        ip: actor.ip,
        requestId: actor.requestId,
        createdBy: actor.id,
        updatedBy: actor.id,
      });
      for (const listener of listeners) listener(entry);
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
