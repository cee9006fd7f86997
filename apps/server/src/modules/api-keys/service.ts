import {
  API_KEY_PREFIX,
  API_KEY_VISIBLE_LENGTH,
  type ApiKeyCreated,
  type ApiKeyRecord,
  type ApiKeyUpdate,
  type apiKeyCreate,
  type apiKeyListQuery,
  apiKeyMessages,
} from '@ledgerdesk/contracts';
import { and, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { Database } from '../../db/client';
import { apiKeys } from '../../db/schema';
import type { Actor, AuditLog } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import type { AuthUser } from '../../plugins/auth';
import { listPage, orderingOf, type Page, searchCondition } from '../../resources/list';
import type { UsersService } from '../users/service';

type Row = typeof apiKeys.$inferSelect;

/** A new secret: the prefix and 32 random bytes, base64url (256 bits). */
export function newApiKeySecret(): string {
  return `${API_KEY_PREFIX}${newToken()}`;
}

/** What is stored of a secret: its hash, looked up on each call, and its visible start. */
export function storedFormOf(secret: string) {
  return { secretHash: hashToken(secret), visiblePrefix: secret.slice(0, API_KEY_VISIBLE_LENGTH) };
}

function assertFuture(expiryDate: string | null | undefined) {
  if (expiryDate && new Date(expiryDate).getTime() <= Date.now()) {
    throw AppError.badRequest(apiKeyMessages.expiryInPast, { expiryDate: apiKeyMessages.expiryInPast });
  }
}

/**
 * API keys: a user sees and manages their own; an administrator, everyone's. Keys of others are
 * answered 404, as if they did not exist.
 */
export function createApiKeysService(deps: { db: Database; audit: AuditLog; users: UsersService }) {
  const { db, audit, users } = deps;

  const visibleTo = (user: AuthUser): SQL | undefined =>
    user.isAdmin ? undefined : eq(apiKeys.userId, user.id);

  async function toRecords(executor: Database, rows: Row[]): Promise<ApiKeyRecord[]> {
    const names = await users.namesOf(
      executor,
      rows.map((r) => r.userId),
    );
    const now = Date.now();
    return rows.map((k) => ({
      id: k.id,
      name: k.name,
      createBy: names.get(k.userId) ?? '',
      createdById: k.userId,
      apikey: `${k.visiblePrefix}…`,
      status: k.status as ApiKeyRecord['status'],
      expired: k.expiresAt !== null && k.expiresAt.getTime() <= now,
      createDate: k.createdAt.toISOString(),
      expiryDate: k.expiresAt?.toISOString() ?? null,
      lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
      updatedAt: k.updatedAt.toISOString(),
    }));
  }

  async function findVisible(executor: Database, user: AuthUser, id: string): Promise<Row> {
    const [row] = await executor
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), visibleTo(user)))
      .limit(1);
    if (!row) throw AppError.notFound();
    return row;
  }

  const describe = async (executor: Database, row: Row) => {
    const [record] = await toRecords(executor, [row]);
    if (!record) throw AppError.notFound();
    return record;
  };

  return {
    list(user: AuthUser, query: z.output<typeof apiKeyListQuery>): Promise<Page<ApiKeyRecord>> {
      const where = and(
        visibleTo(user),
        query.createdBy ? eq(apiKeys.userId, query.createdBy) : undefined,
        query.status ? eq(apiKeys.status, query.status) : undefined,
        searchCondition(query.search, [apiKeys.name, apiKeys.visiblePrefix]),
      );
      const order = orderingOf(
        query.ordering,
        {
          name: apiKeys.name,
          status: apiKeys.status,
          createDate: apiKeys.createdAt,
          expiryDate: apiKeys.expiresAt,
          lastUsedAt: apiKeys.lastUsedAt,
        },
        '-createDate',
        apiKeys.id,
      );
      return listPage(db, apiKeys, { where, order, query }, (rows) => toRecords(db, rows));
    },

    async get(user: AuthUser, id: string): Promise<ApiKeyRecord> {
      return describe(db, await findVisible(db, user, id));
    },

    /** A key of the caller's own; the secret is in this answer and nowhere else, ever. */
    async create(user: AuthUser, input: z.output<typeof apiKeyCreate>, actor: Actor): Promise<ApiKeyCreated> {
      assertFuture(input.expiryDate);
      const secret = newApiKeySecret();
      const record = await db.transaction(async (tx) => {
        const executor = tx as Database;
        const [row] = await executor
          .insert(apiKeys)
          .values({
            name: input.name,
            userId: user.id,
            ...storedFormOf(secret),
            expiresAt: input.expiryDate ? new Date(input.expiryDate) : null,
            createdBy: user.id,
            updatedBy: user.id,
          })
          .returning();
        if (!row) throw new Error('api key insert returned nothing');
        const created = await describe(executor, row);
        await audit.record(executor, actor, {
          action: 'create',
          entity: 'apiKey',
          key: row.id,
          after: created,
        });
        return created;
      });
      return { ...record, secret };
    },

    /** Rename, disable or enable, change the expiry. */
    async update(user: AuthUser, id: string, changes: ApiKeyUpdate, actor: Actor): Promise<ApiKeyRecord> {
      assertFuture(changes.expiryDate);
      return db.transaction(async (tx) => {
        const executor = tx as Database;
        const before = await describe(executor, await findVisible(executor, user, id));
        const [row] = await executor
          .update(apiKeys)
          .set({
            ...(changes.name === undefined ? {} : { name: changes.name }),
            ...(changes.status === undefined ? {} : { status: changes.status }),
            ...(changes.expiryDate === undefined
              ? {}
              : { expiresAt: changes.expiryDate ? new Date(changes.expiryDate) : null }),
            updatedBy: user.id,
          })
          .where(eq(apiKeys.id, id))
          .returning();
        if (!row) throw AppError.notFound();
        const after = await describe(executor, row);
        await audit.record(executor, actor, { action: 'update', entity: 'apiKey', key: id, before, after });
        return after;
      });
    },

    async remove(user: AuthUser, id: string, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const executor = tx as Database;
        const before = await describe(executor, await findVisible(executor, user, id));
        await executor.delete(apiKeys).where(eq(apiKeys.id, id));
        await audit.record(executor, actor, { action: 'delete', entity: 'apiKey', key: id, before });
      });
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
