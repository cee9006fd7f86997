import type { Area, ListQuery } from '@ledgerdesk/contracts';
import {
  auditEntry,
  BULK_LIMIT,
  type BulkItem,
  bulkDeleteBody,
  bulkDeleted,
  bulkMessages,
  bulkUpdateBody,
  bulkUpdated,
  errorResponse,
  errorResponses,
  idParams,
  listQuery,
  listResponse,
  messages,
  mutationResponse,
} from '@ledgerdesk/contracts';
import { and, asc, desc, eq, gt, inArray, or, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { Database } from '../db/client';
import { uniqueViolation } from '../db/errors';
import { auditLog } from '../db/schema';
import { type AuditLog, auditEntryOf } from '../lib/audit';
import { checkBatch, distinctItems, eachOfBatch } from '../lib/bulk';
import { csvLine, sendCsv } from '../lib/csv';
import { AppError } from '../lib/errors';
import { added, deleted, updated } from '../lib/responses';
import {
  changedValues,
  etagOf,
  expectedVersion,
  ifMatchHeaders,
  isStale,
  nextVersion,
  sameInput,
  versionDescription,
} from '../lib/versions';
import { type AuthUser, actorOf, can } from '../plugins/auth';
import {
  type AttachmentOptions,
  deleteAttachmentsOf,
  registerAttachmentRoutes,
  registerFileOwner,
} from './attachments';
import { containsPattern, countKeyOf, listPage, orderingOf, pageKeyOf, searchCondition } from './list';
import { readCacheOf } from './read-cache';
import { findById } from './records';

type Table = PgTable & { id: PgColumn; version: PgColumn };
type Row<T extends Table> = T['$inferSelect'];
type Insert<T extends Table> = T['$inferInsert'];

/**
 * One resource, defined once: its table, its contract, who may see and change it, how it is
 * searched, sorted and filtered. `registerResource` turns it into the API: list, get, create,
 * update, delete, bulk delete and CSV export, each audited and permission-checked.
 */
export type ResourceDefinition<
  T extends Table,
  R extends Versioned,
  I extends z.ZodMiniObject,
  F extends z.ZodMiniObject,
> = {
  /** The entity name of audit entries ("task"). */
  entity: string;
  /** For messages: "{label} Added Successfully". */
  label: string;
  /** Permission area: `<area>.view` to read, `<area>.manage` to change. */
  area: Area;
  /** Base path under /api, as SPEC §7 names it ("/api/apps/task"). */
  path: string;
  table: T;
  record: z.ZodMiniType<R>;
  input: I;
  filters: F;
  /** Conditions of the filters a list was asked for. */
  where: (filters: z.output<F>) => (SQL | undefined)[];
  search: SQLWrapper[];
  /**
   * Search in what the record refers to (another table's names): conditions for a `%term%`
   * pattern, OR'd with `search` — e.g. `inArray(t.ownerId, <ids whose name matches>)`.
   */
  searchIn?: (pattern: string) => SQL[];
  sortable: Record<string, SQLWrapper>;
  defaultOrdering: string;
  /**
   * Rows → records, a page at a time (so that what rows refer to is fetched once); `actor` is who
   * asks, for a record that says what its reader may do with it.
   */
  toRecords: (db: Database, rows: Row<T>[], actor: Actor) => Promise<R[]>;
  /**
   * Input → columns; on update `current` is the row as it was (e.g. to keep when a status began);
   * `actor` is who writes (e.g. a new record's owner).
   */
  toColumns: (input: z.output<I>, current: Row<T> | undefined, actor: Actor) => Partial<Insert<T>>;
  /**
   * Columns a write computes from the database, in its transaction, after `validate` (a card's place
   * on its board): merged over `toColumns`; `current` is the row as it was on update.
   */
  columnsIn?: (db: Database, input: z.output<I>, current?: Row<T>) => Promise<Partial<Insert<T>>>;
  /** A record back as input: where a PATCH starts from, before the fields it sends. */
  toInput: (record: R) => z.input<I>;
  /**
   * The area's own rules, checked before a write (in the write's transaction); `id` is the record
   * being changed (undefined on create), e.g. to leave it out of a uniqueness check.
   */
  validate?: (db: Database, input: z.output<I>, id?: string) => Promise<void>;
  /**
   * Rows of other tables that belong to the record (order lines, invoice items, members), written
   * after the record in the same transaction: on create, and on update (replace them from `input`).
   * `context.before` is the record before an update (null on create), for hooks that act on a
   * change (stock given back when an order is cancelled); the record is read again afterwards, so
   * columns the hook computes (totals) show in the answer.
   */
  writeChildren?: (
    db: Database,
    id: string,
    input: z.output<I>,
    context: { before: R | null; actor: Actor },
  ) => Promise<void>;
  /** Refuse a delete (throw an AppError, e.g. a 409 while other records refer to it). */
  beforeDelete?: (db: Database, id: string) => Promise<void>;
  /**
   * The rows the caller may reach at all (a personal area: their own and those shared with them):
   * a condition added to every read and write of the resource (list, count, export, get,
   * activity, update, delete, bulk, the aliases). A row outside it answers 404, as one that does
   * not exist. Undefined: every row. A scoped list's count is not cached (it depends on who asks).
   */
  scope?: (actor: Actor) => SQL | undefined;
  /**
   * Whether the caller may change or delete a row they can reach (e.g. only its owner): throw an
   * AppError (a 403 with a message saying why) to refuse. Runs in the write's transaction, on the
   * locked row, before anything is written; for each record of a bulk change too.
   */
  authorize?: (actor: Actor, row: Row<T>) => void;
  /**
   * SPEC §7's other paths for the same calls: extra list paths (`/api/sellers`), `/api/add/x`
   * (POST), `/api/update/x` (PUT, the key in the body) and `/api/delete/x` (the key in a header).
   */
  aliases?: { list?: string[]; add?: string; update?: string; delete?: { path: string; header: string } };
  /**
   * Keep whole pages of the list, as sent, in the read cache (see read-cache.ts: exact after this
   * process's writes, within seconds of another server's): for a list read far more often than it
   * is written, such as the product catalogue.
   */
  cachePages?: boolean;
  /**
   * Unique constraints whose violation is the client's mistake: constraint name → the field and
   * message of the 409 ("customers_email_key" → email, 'A customer with this email … exists.').
   */
  conflicts?: Record<string, { field: string; message: string }>;
  /** CSV export: column name → value of a record. */
  csv: Record<string, (record: R) => string>;
  /**
   * Files attached to each record (resources/attachments.ts): `{path}/:id/attachments` to list,
   * upload, delete and order them, for whoever may view / change the record (its area, `scope`
   * and `authorize`); deleting a record deletes its attachments.
   */
  attachments?: AttachmentOptions;
};

/** Every record of the engine carries its version (see versions.ts). */
type Versioned = Record<string, unknown> & { version: number };

const EXPORT_BATCH = 1000;
export type Actor = ReturnType<typeof actorOf>;
const recordKey = z.uuid(messages.keyInvalid);
/** A read's key: any text, so that one no record can have is a 404 (a dead link), not a 400. */
const keyParams = z.object({ id: z.string() });
const existingKey = (key: string): string => {
  if (!recordKey.safeParse(key).success) throw AppError.notFound();
  return key;
};
const bulkDescription = `All or nothing, in one transaction. Each item may carry the version read: a stale one answers 409 STALE_RECORD naming every stale record (fieldErrors by id); an unknown id answers 404 naming them; a record refused answers its error, named. At most ${BULK_LIMIT} items.`;

/** What a walk over every resource needs of one (versions.test.ts): where it is, how a record is input. */
export type RegisteredResource = {
  entity: string;
  path: string;
  input: z.ZodMiniObject;
  toInput: (record: Versioned) => unknown;
  /** SPEC §7's update path with the key in the body, when the resource has one. */
  updateAlias: string | undefined;
  /** The fields a list may be ordered by (ordering.test.ts). */
  sortable: string[];
  /** The record's schema: what a walk reads of a field (its enum's values, in their order). */
  record: z.ZodMiniType;
};
declare module 'fastify' {
  interface FastifyInstance {
    /** Every resource registered, in order, for tests that walk them all (versions.test.ts). */
    resourceDefinitions: RegisteredResource[];
  }
}
/**
 * On the root app, before the modules: each module registers its resources in a scope of its own
 * (encapsulated), and they all add to this one list.
 */
export const registerResourceRegistry = (app: FastifyInstance) => app.decorate('resourceDefinitions', []);
/** Every resource registered on `app`, in the order of registration. */
export const registeredResources = (app: FastifyInstance): readonly RegisteredResource[] =>
  app.resourceDefinitions;

export function registerResource<
  T extends Table,
  R extends Versioned,
  I extends z.ZodMiniObject,
  F extends z.ZodMiniObject,
>(app: FastifyInstance, deps: { db: Database; audit: AuditLog }, def: ResourceDefinition<T, R, I, F>) {
  app.resourceDefinitions.push({
    entity: def.entity,
    path: def.path,
    input: def.input,
    // A record this resource answered is its R: the walk hands back what it listed.
    toInput: (record) => def.toInput(record as R),
    updateAlias: def.aliases?.update,
    sortable: Object.keys(def.sortable),
    record: def.record,
  });
  const { db, audit } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const view = `${def.area}.view` as const;
  const manage = `${def.area}.manage` as const;
  const tags = [def.area];
  const query = z.extend(listQuery, def.filters.shape);
  const errors = errorResponses(400, 404, 409);
  const table = def.table as Table;
  // The record's schema, widened: Fastify cannot resolve a reply type from a generic schema.
  const anyRecord: z.ZodMiniType = def.record;

  const searchOf = (term: string | undefined) =>
    term && def.searchIn
      ? or(searchCondition(term, def.search), ...def.searchIn(containsPattern(term)))
      : searchCondition(term, def.search);
  const scopeOf = (actor: Actor) => def.scope?.(actor);
  const whereOf = (q: ListQuery & z.output<F>, actor: Actor) =>
    and(scopeOf(actor), searchOf(q.search), ...def.where(q));
  const describe = async (executor: Database, row: Row<T>, actor: Actor) => {
    const [record] = await def.toRecords(executor, [row], actor);
    if (!record) throw AppError.notFound();
    return record;
  };
  /** The row with this id within the caller's scope, or a 404 (locked for a write with `lock`). */
  const findIn = async (executor: Database, id: string, actor: Actor, lock = false): Promise<Row<T>> => {
    if (!def.scope && !lock) return (await findById(executor, table, id)) as Row<T>;
    const rows = executor
      .select()
      .from(table)
      .where(and(eq(table.id, id), scopeOf(actor)))
      .limit(1);
    const [row] = (await (lock ? rows.for('update') : rows)) as Row<T>[];
    if (!row) throw AppError.notFound();
    return row;
  };
  // Lists (their counts and their pages) are cached (see read-cache.ts); every write through an
  // engine clears them once it has committed, so a client reads its own writes.
  const readCache = readCacheOf(db);
  const conflictOf = (error: unknown): never => {
    const constraint = uniqueViolation(error);
    const conflict = constraint === null ? undefined : def.conflicts?.[constraint];
    if (conflict) throw AppError.conflict(conflict.message, { [conflict.field]: conflict.message });
    throw error;
  };
  const written = async <X>(work: Promise<X>): Promise<X> => {
    try {
      return await work.catch(conflictOf);
    } finally {
      readCache.invalidate();
    }
  };

  const list = (q: ListQuery & z.output<F>, actor: Actor) =>
    listPage(
      db,
      def.table,
      {
        where: whereOf(q, actor),
        order: orderingOf(q.ordering, def.sortable, def.defaultOrdering, table.id),
        query: q,
        ...(def.scope ? {} : { counted: { cache: readCache, key: countKeyOf(def.path, q) } }),
      },
      (rows) => def.toRecords(db, rows, actor),
    );

  /** After the hooks: the row as they left it. */
  const reread = async (executor: Database, id: string, row: Row<T>) =>
    def.writeChildren ? await findById(executor, table, id) : row;

  const create = (input: z.output<I>, actor: Actor) =>
    written(
      db.transaction(async (tx) => {
        const executor = tx as Database;
        await def.validate?.(executor, input);
        const computed = await def.columnsIn?.(executor, input);
        const [row] = (await executor
          .insert(table)
          // A new record is version 1, whatever version the body names.
          .values({
            ...def.toColumns(input, undefined, actor),
            ...computed,
            version: 1,
            createdBy: actor.id,
            updatedBy: actor.id,
          } as never)
          .returning()) as Row<T>[];
        if (!row) throw new Error(`${def.entity} insert returned nothing`);
        const id = (row as { id: string }).id;
        await def.writeChildren?.(executor, id, input, { before: null, actor });
        const created = await describe(executor, await reread(executor, id, row), actor);
        await audit.record(executor, actor, {
          action: 'create',
          entity: def.entity,
          key: id,
          after: created,
        });
        return created;
      }),
    );

  const updateIn = async (
    executor: Database,
    id: string,
    changes: Record<string, unknown>,
    expected: number | undefined,
    actor: Actor,
  ): Promise<R> => {
    // FOR UPDATE: a concurrent update of the record waits for this one, then reads what it wrote.
    const current = await findIn(executor, id, actor, true);
    def.authorize?.(actor, current);
    const version = (current as { version: number }).version;
    const before = await describe(executor, current, actor);
    if (isStale(expected, version)) throw AppError.stale(before);
    // The fields not sent keep their values: the input is the current record with the changes.
    const { version: _read, ...stored } = def.toInput(before) as Record<string, unknown>;
    const parsed = def.input.safeParse({ ...stored, ...changes });
    // A stored value that no longer passes (a deleted user it named) is the client's to fix: a 400.
    if (!parsed.success) throw AppError.badRequest(messages.validation, fieldErrorsOf(parsed.error));
    const merged = parsed.data as z.output<I>;
    const unchanged = def.input.safeParse(stored);
    if (unchanged.success && sameInput(unchanged.data, merged)) return before;
    await def.validate?.(executor, merged, id);
    const columns = {
      ...def.toColumns(merged, current, actor),
      ...(await def.columnsIn?.(executor, merged, current)),
    };
    const values = changedValues(table, current, columns as Record<string, unknown>);
    const [row] = (await executor
      .update(table)
      .set({ ...values, version: nextVersion(table.version), updatedBy: actor.id } as never)
      .where(and(eq(table.id, id), eq(table.version, version)))
      .returning()) as Row<T>[];
    if (!row) throw AppError.stale(await describe(executor, await findById(executor, table, id), actor));
    await def.writeChildren?.(executor, id, merged, { before, actor });
    const after = await describe(executor, await reread(executor, id, row), actor);
    await audit.record(executor, actor, { action: 'update', entity: def.entity, key: id, before, after });
    return after;
  };
  /**
   * An update (PATCH, and PUT at the alias): the changes merged onto the stored record. A version
   * sent (`version` or If-Match) that is not the stored one answers 409 STALE_RECORD with the record
   * as it is. Only the columns that change are written, with the version one more, in one UPDATE
   * conditional on the version read; an update that changes nothing writes nothing (no new
   * version, no audit entry) and answers the record as it is.
   */
  const update = (id: string, body: object, ifMatch: string | undefined, actor: Actor) => {
    const { version: sent, ...changes } = body as { version?: number };
    const expected = expectedVersion(sent, ifMatch);
    return written(db.transaction((tx) => updateIn(tx as Database, id, changes, expected, actor)));
  };

  const remove = async (executor: Database, id: string, actor: Actor) => {
    const current = await findIn(executor, id, actor);
    def.authorize?.(actor, current);
    const before = await describe(executor, current, actor);
    await def.beforeDelete?.(executor, id);
    await executor.delete(table).where(eq(table.id, id));
    if (def.attachments) await deleteAttachmentsOf(executor, def.attachments.type, [id]);
    await audit.record(executor, actor, { action: 'delete', entity: def.entity, key: id, before });
  };
  const removeOne = (id: string, actor: Actor) =>
    written(db.transaction((tx) => remove(tx as Database, id, actor)));

  const listSchema = {
    tags,
    summary: `${def.label}s: paging, ordering, search, filters`,
    querystring: query,
    response: { 200: listResponse(def.record), 400: errorResponse },
  };
  const pageSchema = listSchema.response[200];
  for (const path of [def.path, ...(def.aliases?.list ?? [])]) {
    r.get(path, { config: { access: view }, schema: listSchema }, async (request, reply) => {
      const q = request.query as ListQuery & z.output<F>;
      const actor = actorOf(request);
      // A scoped list's pages depend on who asks: never cached.
      if (!def.cachePages || def.scope) return list(q, actor);
      // Checked against the schema once, when the page is made; then sent as it is (a JSON string
      // is not serialized again).
      const json = await readCache.page(pageKeyOf(def.path, q), async () =>
        JSON.stringify(pageSchema.parse(await list(q, actor))),
      );
      // The type provider expects the page's object; the page's JSON is the same answer.
      return reply.type('application/json; charset=utf-8').send(json as never);
    });
  }

  r.get(
    `${def.path}/export`,
    {
      config: { access: view, rateClass: 'expensive' },
      schema: { tags, summary: `${def.label}s matching the list's filters, as CSV`, querystring: query },
    },
    async (request, reply) => {
      const q = request.query as ListQuery & z.output<F>;
      const actor = actorOf(request);
      const where = whereOf(q, actor);
      const columns = Object.keys(def.csv);
      // Keyset pages by id: the whole filter, however large, without OFFSET.
      const batch = async (after?: string) => {
        const rows = (await db
          .select()
          .from(table)
          .where(and(where, after ? gt(table.id, after) : undefined))
          .orderBy(asc(table.id))
          .limit(EXPORT_BATCH)) as Row<T>[];
        const records = await def.toRecords(db, rows, actor);
        return {
          text: records.map((record) => csvLine(columns.map((c) => def.csv[c]?.(record) ?? ''))).join(''),
          last: (rows.at(-1) as { id: string } | undefined)?.id,
        };
      };
      // The first batch before answering: a query that fails does so here, with its error status,
      // rather than after a 200 as a CSV cut short.
      const first = await batch();
      const lines = async function* () {
        yield csvLine(columns);
        for (let next = first; next.last; next = await batch(next.last)) yield next.text;
      };
      return sendCsv(reply, `${def.entity}s.csv`, lines());
    },
  );

  r.get(
    `${def.path}/:id`,
    {
      config: { access: view },
      schema: {
        tags,
        summary: `One ${def.label}`,
        description: 'A key that cannot name a record (not a UUID) answers 404, like a key that names none.',
        params: keyParams,
        response: { 200: anyRecord, ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const record = await describe(db, await findIn(db, existingKey(request.params.id), actor), actor);
      // What an update's If-Match sends back.
      reply.header('etag', etagOf(record.version));
      return record;
    },
  );

  r.get(
    `${def.path}/:id/activity`,
    {
      config: { access: view },
      schema: {
        tags,
        summary: `The audit entries of one ${def.label}, newest first`,
        description:
          'For whoever may view the record (its area), not only auditors: the history of what they can already read.',
        params: keyParams,
        querystring: listQuery,
        response: { 200: listResponse(auditEntry), ...errors },
      },
    },
    async (request) => {
      const id = existingKey(request.params.id);
      // A deleted record's history stays in the audit pages; here the record must exist (for the caller).
      await findIn(db, id, actorOf(request));
      return listPage(
        db,
        auditLog,
        {
          where: and(eq(auditLog.entity, def.entity), eq(auditLog.entityKey, id)),
          order: [desc(auditLog.at), desc(auditLog.id)],
          query: request.query,
        },
        (rows) => rows.map(auditEntryOf),
      );
    },
  );

  const createSchema = {
    tags,
    summary: `Add a ${def.label}`,
    body: def.input,
    response: { 201: mutationResponse(def.record), ...errors },
  };
  for (const path of [def.path, ...(def.aliases?.add ? [def.aliases.add] : [])]) {
    r.post(path, { config: { access: manage }, schema: createSchema }, async (request, reply) => {
      const record = await create(request.body as z.output<I>, actorOf(request));
      return reply.code(201).send(added(def.label, record));
    });
  }

  const patch = patchOf(def.input);
  r.patch(
    `${def.path}/:id`,
    {
      config: { access: manage },
      schema: {
        tags,
        summary: `Change a ${def.label} (only the fields sent)`,
        description: versionDescription,
        params: idParams,
        headers: ifMatchHeaders,
        body: patch,
        response: { 200: mutationResponse(def.record), ...errors },
      },
    },
    async (request) =>
      updated(
        await update(
          request.params.id,
          request.body as object,
          request.headers['if-match'],
          actorOf(request),
        ),
      ),
  );

  r.delete(
    `${def.path}/:id`,
    {
      config: { access: manage },
      schema: {
        tags,
        summary: `Delete a ${def.label}`,
        params: idParams,
        response: { 200: mutationResponse(z.object({ id: z.uuid() })), ...errors },
      },
    },
    async (request) => {
      await removeOne(request.params.id, actorOf(request));
      return deleted({ id: request.params.id });
    },
  );

  /**
   * A bulk change, all or nothing (contracts' bulk.ts): the records locked, every id and version
   * checked before anything is written, then `work` on each in the same transaction.
   */
  const bulk = (
    items: BulkItem[],
    actor: Actor,
    work: (executor: Database, row: { id: string; version: number }) => Promise<void>,
  ) =>
    written(
      db.transaction(async (tx) => {
        const executor = tx as Database;
        const distinct = distinctItems(items);
        const rows = (await executor
          .select({ id: table.id, version: table.version })
          .from(table)
          .where(
            and(
              inArray(
                table.id,
                distinct.map((item) => item.id),
              ),
              scopeOf(actor),
            ),
          )
          .for('update')) as { id: string; version: number }[];
        await eachOfBatch(
          checkBatch(distinct, rows),
          (row) => `${def.label} ${row.id}`,
          // A unique constraint broken by one record is named with that record.
          (row) => work(executor, row).catch(conflictOf),
        );
        return distinct.length;
      }),
    );

  r.post(
    `${def.path}/bulk-delete`,
    {
      config: { access: manage },
      schema: {
        tags,
        summary: `Delete several ${def.label}s, all or none`,
        description: bulkDescription,
        body: bulkDeleteBody,
        response: { 200: mutationResponse(bulkDeleted), ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const count = await bulk(request.body.items, actor, (executor, row) => remove(executor, row.id, actor));
      return deleted({ deleted: count });
    },
  );

  r.post(
    `${def.path}/bulk-update`,
    {
      config: { access: manage },
      schema: {
        tags,
        summary: `Set the same fields on several ${def.label}s, all or none`,
        description: bulkDescription,
        body: bulkUpdateBody(patch),
        response: { 200: mutationResponse(bulkUpdated), ...errors },
      },
    },
    async (request) => {
      const changes = request.body.changes as Record<string, unknown>;
      if (Object.keys(changes).length === 0)
        throw AppError.badRequest(bulkMessages.noChange, { changes: bulkMessages.noChange });
      const actor = actorOf(request);
      let changed = 0;
      await bulk(request.body.items, actor, async (executor, row) => {
        const after = await updateIn(executor, row.id, changes, undefined, actor);
        if (after.version !== row.version) changed++;
      });
      return updated({ updated: changed });
    },
  );

  // SPEC §7's other spellings: the record's key in the body of an update, in a header for a delete.
  const aliases = def.aliases;
  if (aliases?.update) {
    r.put(
      aliases.update,
      {
        config: { access: manage },
        schema: {
          tags,
          summary: `Change a ${def.label}: its key (\`_id\` or \`id\`) in the body`,
          description: versionDescription,
          headers: ifMatchHeaders,
          body: z.extend(patch, { _id: z.optional(recordKey), id: z.optional(recordKey) }),
          response: { 200: mutationResponse(def.record), ...errors },
        },
      },
      async (request) => {
        const { _id, id, ...changes } = request.body as { _id?: string; id?: string };
        const key = _id ?? id;
        if (!key) throw AppError.invalidField('_id', { code: 'required' }, messages.keyRequired);
        return updated(await update(key, changes, request.headers['if-match'], actorOf(request)));
      },
    );
  }
  if (aliases?.delete) {
    const header = aliases.delete.header.toLowerCase();
    r.delete(
      aliases.delete.path,
      {
        config: { access: manage },
        schema: {
          tags,
          summary: `Delete a ${def.label}: its key in the \`${header}\` header`,
          headers: z.object({ [header]: z.optional(z.string()) }),
          response: { 200: mutationResponse(z.object({ id: z.uuid() })), ...errors },
        },
      },
      async (request) => {
        const key = (request.headers as Record<string, string | undefined>)[header];
        const parsed = recordKey.safeParse(key);
        if (!parsed.success) {
          throw key
            ? AppError.invalidField(header, { code: 'id' }, messages.keyInvalid)
            : AppError.invalidField(header, { code: 'required' }, messages.keyRequired);
        }
        await removeOne(parsed.data, actorOf(request));
        return deleted({ id: parsed.data });
      },
    );
  }
  if (def.attachments) {
    const { type, images, max } = def.attachments;
    const actorFor = (user: AuthUser): Actor => ({ id: user.id, label: user.email, ip: '', requestId: '' });
    const reachable = async (executor: Database, id: string, user: AuthUser) => {
      const [row] = (await executor
        .select()
        .from(table)
        .where(and(eq(table.id, id), scopeOf(actorFor(user))))
        .limit(1)) as Row<T>[];
      return row;
    };
    registerFileOwner(app, type, {
      canView: async (user, id, executor) =>
        can(user, view) && (await reachable(executor, id, user)) !== undefined,
      canEdit: async (user, id, executor) => {
        const row = can(user, manage) ? await reachable(executor, id, user) : undefined;
        if (!row) return false;
        try {
          def.authorize?.(actorFor(user), row);
          return true;
        } catch {
          return false;
        }
      },
    });
    registerAttachmentRoutes(app, { db, type, path: def.path, view, manage, images, max, tag: def.area });
  }

  // The same audited writes, for a module's own routes over the resource (other shapes of its records).
  return { create, update, remove: removeOne };
}

/** Field errors keyed by path ("amount", "lines.0.price"), the first message of each. */
function fieldErrorsOf(error: z.core.$ZodError): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) fieldErrors[issue.path.join('.') || 'body'] ??= issue.message;
  return fieldErrors;
}

/**
 * The PATCH body of an input schema: every field optional and without its default, so that a
 * field not sent stays as it is instead of going back to its default.
 */
function patchOf(input: z.ZodMiniObject): z.ZodMiniObject {
  const shape = Object.fromEntries(
    Object.entries(input.shape).map(([field, schema]) => {
      const def = (schema as z.ZodMiniType)._zod.def as { type: string; innerType?: z.ZodMiniType };
      return [
        field,
        z.optional(def.type === 'default' && def.innerType ? def.innerType : (schema as z.ZodMiniType)),
      ];
    }),
  );
  return z.object(shape);
}
