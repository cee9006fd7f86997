import type { AuditEntry as AuditEntryRecord } from '@ledgerdesk/contracts';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema';

// The audit primitive every layer writes with (the engine, the modules, the auth plugin's actor);
// reading the log is the audit module's (modules/audit/service.ts).

/** Who did something, and from where: taken from the request by the routes. */
export type Actor = { id: string | null; label: string; ip: string; requestId: string };

export type AuditEntry = {
  action: string;
  entity: string;
  key: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/** A row of the log as the API shows it (the audit pages, a record's activity). */
export const auditEntryOf = (row: typeof auditLog.$inferSelect): AuditEntryRecord => ({
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

export function createAuditLog() {
  const listeners: ((entry: AuditEntry, executor: Database, actor: Actor) => void | Promise<void>)[] = [];
  return {
    /**
     * Calls `listener` with every entry recorded, and the executor it was written with (the
     * caller's transaction, if any): e.g. to forget what the change makes stale, or to announce it
     * when it commits. The entry's `record` waits for the listener.
     */
    onRecord(listener: (entry: AuditEntry, executor: Database, actor: Actor) => void | Promise<void>): void {
      listeners.push(listener);
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
      for (const listener of listeners) await listener(entry, executor, actor);
    },
  };
}
export type AuditLog = ReturnType<typeof createAuditLog>;
