import { z } from 'zod/mini';
import { listQuery, text, timestamp } from './api';
import { isoDateTime } from './fields';

export const auditEntry = z.object({
  id: z.uuid(),
  at: timestamp,
  actorId: z.nullable(z.uuid()),
  actorLabel: z.string(),
  action: z.string(),
  entity: z.string(),
  entityKey: z.string(),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditListQuery = z.extend(listQuery, {
  actor: z.optional(z.uuid('actor must be a user id.')),
  entity: z.optional(text(60, 'entity is too long.')),
  entityKey: z.optional(text(200, 'entityKey is too long.')),
  action: z.optional(text(60, 'action is too long.')),
  from: z.optional(isoDateTime('from must be a date and time.')),
  to: z.optional(isoDateTime('to must be a date and time.')),
});
export type AuditListQuery = z.input<typeof auditListQuery>;
