import {
  bulkMessages,
  type CodeKind,
  type CodeLevel,
  type CodeRecord,
  type CodeRef,
  type codeBulkDelete,
  type codeBulkUpdate,
  type codeCreate,
  type codeListQuery,
  type codeUpdate,
  errorCodes,
  libraryMessages,
  type librarySearchQuery,
  type Rollup,
  type SearchHit,
  type UnitRecord,
  type unitInput,
  type unitUpdate,
} from '@ledgerdesk/contracts';
import { and, count, eq, inArray, ne, or, type SQLWrapper, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { Database } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { libraryCodes, libraryRollups, libraryUnits } from '../../db/schema';
import type { Actor, AuditLog } from '../../lib/audit';
import { checkBatch, distinctItems, eachOfBatch } from '../../lib/bulk';
import { AppError } from '../../lib/errors';
import { mergeOnto } from '../../lib/merge';
import { changedValues, expectedVersion, isStale, nextVersion } from '../../lib/versions';
import { containsPattern, listPage, orderingOf, type Page } from '../../resources/list';

type CodeRow = typeof libraryCodes.$inferSelect;
type CodeInput = z.output<typeof codeCreate>;

/** The column that names a code's ancestor of the given level (the code itself, at its level). */
export const ancestorColumn = (level: 1 | 2 | 3) =>
  ({ 1: libraryCodes.l1Id, 2: libraryCodes.l2Id, 3: libraryCodes.l3Id })[level];

/** Text searched for a code: the trigram index covers exactly this expression. */
export const searchText = sql`(${libraryCodes.code} || ' ' || ${libraryCodes.codeComb} || ' ' || ${libraryCodes.description})`;

/** A sum of money (null: nothing to sum) rounded to cents, as a decimal string. */
const money = (value: SQLWrapper) => sql<string>`round(coalesce(${value}, 0), 2)::text`;

const sortable = {
  codeComb: libraryCodes.codeComb,
  code: libraryCodes.code,
  description: libraryCodes.description,
  isActive: libraryCodes.isActive,
  amount: libraryCodes.amount,
  createdAt: libraryCodes.createdAt,
  updatedAt: libraryCodes.updatedAt,
};

const toRef = (row: Pick<CodeRow, 'id' | 'level' | 'code' | 'codeComb' | 'description'>): CodeRef => ({
  id: row.id,
  level: row.level,
  code: row.code,
  codeComb: row.codeComb,
  description: row.description,
});

/** The ancestor ids a child of `parent` carries: the parent's own, plus the parent itself. */
export function ancestorsBelow(parent: Pick<CodeRow, 'id' | 'level' | 'l1Id' | 'l2Id' | 'l3Id'> | null) {
  const ids = { l1Id: null as string | null, l2Id: null as string | null, l3Id: null as string | null };
  if (!parent) return ids;
  ids.l1Id = parent.level === 1 ? parent.id : parent.l1Id;
  ids.l2Id = parent.level === 2 ? parent.id : parent.level > 2 ? parent.l2Id : null;
  ids.l3Id = parent.level === 3 ? parent.id : null;
  return ids;
}

/** The fields of a code an audit entry shows. */
const audited = (row: CodeRow) => ({
  code: row.code,
  codeComb: row.codeComb,
  description: row.description,
  isActive: row.isActive,
  parentId: row.parentId,
  ...(row.level === 1 ? { kind: row.kind } : {}),
  ...(row.level === 4
    ? {
        unitId: row.unitId,
        unitPrice: row.unitPrice,
        quantity: row.quantity,
        taxable: row.taxable,
        notes: row.notes,
      }
    : {}),
});

export function createLibraryService(deps: { db: Database; audit: AuditLog }) {
  const { db, audit } = deps;

  /** The code (of this level), or a 404; `lock`: FOR UPDATE, for the transaction that changes it. */
  async function findCode(executor: Database, id: string, level?: CodeLevel, lock = false): Promise<CodeRow> {
    const found = executor
      .select()
      .from(libraryCodes)
      .where(and(eq(libraryCodes.id, id), level ? eq(libraryCodes.level, level) : undefined))
      .limit(1);
    const [row] = lock ? await found.for('update') : await found;
    if (!row) throw AppError.notFound();
    return row;
  }

  /** Rows → records, with parents, roll-ups, child counts and units fetched for the page at once. */
  async function describe(executor: Database, rows: CodeRow[]): Promise<CodeRecord[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const parentIds = [...new Set(rows.map((r) => r.parentId).filter((id): id is string => id !== null))];
    const unitIds = [...new Set(rows.map((r) => r.unitId).filter((id): id is string => id !== null))];
    const [parents, units, children, totals] = await Promise.all([
      parentIds.length ? executor.select().from(libraryCodes).where(inArray(libraryCodes.id, parentIds)) : [],
      unitIds.length ? executor.select().from(libraryUnits).where(inArray(libraryUnits.id, unitIds)) : [],
      executor
        .select({ id: libraryCodes.parentId, n: count() })
        .from(libraryCodes)
        .where(inArray(libraryCodes.parentId, ids))
        .groupBy(libraryCodes.parentId),
      rollupsOf(
        executor,
        rows.filter((r) => r.level < 4),
      ),
    ]);
    const parentById = new Map(parents.map((p) => [p.id, p]));
    const unitById = new Map(units.map((u) => [u.id, u]));
    const childCount = new Map(children.map((c) => [c.id, c.n]));
    return rows.map((r) => {
      const parent = r.parentId ? parentById.get(r.parentId) : undefined;
      const unit = r.unitId ? unitById.get(r.unitId) : undefined;
      const amount = roundMoney(r.amount);
      return {
        id: r.id,
        level: r.level,
        code: r.code,
        codeComb: r.codeComb,
        description: r.description,
        isActive: r.isActive,
        kind: r.level === 1 ? (r.kind as CodeKind) : null,
        parent: parent ? toRef(parent) : null,
        total: r.level === 4 ? amount : (totals.get(r.id) ?? '0.00'),
        childCount: childCount.get(r.id) ?? 0,
        unit: unit ? { id: unit.id, name: unit.name } : null,
        unitPrice: r.unitPrice,
        quantity: r.quantity,
        amount,
        taxable: r.taxable,
        notes: r.notes,
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
        version: r.version,
      };
    });
  }

  /**
   * The totals of L1–L3 codes: the amount of their active L4 items, as library_rollups keeps it
   * (the table the dashboards read, so that a code's total is one figure everywhere). A code
   * without a row has no active item below it.
   */
  async function rollupsOf(executor: Database, codes: Pick<CodeRow, 'id'>[]): Promise<Map<string, string>> {
    if (codes.length === 0) return new Map();
    const rows = await executor
      .select({ id: libraryRollups.codeId, total: money(libraryRollups.total) })
      .from(libraryRollups)
      .where(
        inArray(
          libraryRollups.codeId,
          codes.map((c) => c.id),
        ),
      );
    return new Map(rows.map((row) => [row.id, row.total]));
  }

  /** Checks the parent for a code of `level`, and answers it (null for L1). */
  async function parentFor(executor: Database, level: CodeLevel, parentId: string | null | undefined) {
    if (level === 1) {
      if (parentId)
        throw AppError.badRequest(libraryMessages.parentNotAllowed, {
          parentId: libraryMessages.parentNotAllowed,
        });
      return null;
    }
    if (!parentId)
      throw AppError.badRequest(libraryMessages.parentRequired(level), {
        parentId: libraryMessages.parentRequired(level),
      });
    const [parent] = await executor.select().from(libraryCodes).where(eq(libraryCodes.id, parentId)).limit(1);
    if (!parent)
      throw AppError.badRequest(libraryMessages.parentMissing, { parentId: libraryMessages.parentMissing });
    if (parent.level !== level - 1) {
      throw AppError.badRequest(libraryMessages.parentWrongLevel(level), {
        parentId: libraryMessages.parentWrongLevel(level),
      });
    }
    return parent;
  }

  async function assertItemFields(executor: Database, level: CodeLevel, input: CodeInput) {
    if (level !== 1 && input.kind !== undefined)
      throw AppError.badRequest(libraryMessages.kindOnL1, { kind: libraryMessages.kindOnL1 });
    if (level !== 4) {
      const hasItemFields =
        input.unitId || Number(input.unitPrice) !== 0 || Number(input.quantity) !== 0 || input.taxable;
      if (hasItemFields)
        throw AppError.badRequest(libraryMessages.itemFieldsOnL4, { unitId: libraryMessages.itemFieldsOnL4 });
      return;
    }
    if (input.unitId) {
      const [unit] = await executor
        .select({ id: libraryUnits.id })
        .from(libraryUnits)
        .where(eq(libraryUnits.id, input.unitId));
      if (!unit)
        throw AppError.badRequest(libraryMessages.unitMissing, { unitId: libraryMessages.unitMissing });
    }
  }

  const itemValues = (level: CodeLevel, input: CodeInput) =>
    level === 4
      ? {
          unitId: input.unitId ?? null,
          unitPrice: input.unitPrice,
          quantity: input.quantity,
          taxable: input.taxable,
          notes: input.notes,
        }
      : { unitId: null, unitPrice: '0', quantity: '0', taxable: false, notes: input.notes };

  function conflictOfCode(error: unknown, codeComb: string): never {
    if (uniqueViolation(error) !== null) {
      const message = libraryMessages.codeTaken(codeComb);
      throw AppError.conflict(message, { code: message });
    }
    throw error;
  }

  /** The codes of a level named by a bulk request, locked for its transaction. */
  function lockCodes(executor: Database, level: CodeLevel, items: { id: string }[]) {
    return executor
      .select()
      .from(libraryCodes)
      .where(
        and(
          eq(libraryCodes.level, level),
          inArray(
            libraryCodes.id,
            items.map((item) => item.id),
          ),
        ),
      )
      .for('update');
  }

  /** How many codes sit below each of `ids` (codes of `level`); those with none are left out. */
  async function descendantCounts(executor: Database, level: CodeLevel, ids: string[]) {
    if (level === 4 || ids.length === 0) return new Map<string, number>();
    const below = ancestorColumn(level as 1 | 2 | 3);
    const rows = await executor
      .select({ id: below, n: count() })
      .from(libraryCodes)
      .where(and(inArray(below, ids), ne(libraryCodes.level, level)))
      .groupBy(below);
    return new Map(rows.filter((row) => row.id !== null).map((row) => [row.id as string, row.n]));
  }

  /** Deletes a code and the `descendants` codes below it (checked by the caller); audited. */
  async function removeIn(executor: Database, before: CodeRow, descendants: number, actor: Actor) {
    const level = before.level as CodeLevel;
    const below = level < 4 ? ancestorColumn(level as 1 | 2 | 3) : null;
    // One statement: the parent links are checked at its end, when the whole subtree is gone.
    const gone = await executor
      .delete(libraryCodes)
      .where(
        below ? or(eq(below, before.id), eq(libraryCodes.id, before.id)) : eq(libraryCodes.id, before.id),
      )
      .returning({ id: libraryCodes.id });
    await audit.record(executor, actor, {
      action: descendants > 0 ? 'delete-cascade' : 'delete',
      entity: `l${level}code`,
      key: before.id,
      before: { ...audited(before), ...(descendants > 0 ? { descendants } : {}) },
    });
    return gone.length;
  }

  /**
   * Updates a code (locked by the caller). A new segment or a new parent (a move) rewrites the
   * full code and the ancestors of every code below it, in the same transaction. The version
   * protocol of lib/versions.ts: an `expected` version that is not the stored one answers 409
   * STALE_RECORD; only the columns that change are written, with the version one more; an update
   * that changes nothing writes nothing.
   */
  async function updateIn(
    executor: Database,
    level: CodeLevel,
    before: CodeRow,
    given: Partial<CodeInput>,
    expected: number | undefined,
    actor: Actor,
  ): Promise<CodeRecord> {
    const id = before.id;
    const current = async () => (await describe(executor, [before]))[0] as CodeRecord;
    if (isStale(expected, before.version)) throw AppError.stale(await current());
    // PUT merges: a field left out keeps its stored value.
    const input = mergeOnto<CodeInput>(
      {
        code: before.code,
        description: before.description,
        isActive: before.isActive,
        parentId: before.parentId,
        ...(level === 1 ? { kind: before.kind as CodeKind } : {}),
        unitId: before.unitId,
        unitPrice: before.unitPrice,
        quantity: before.quantity,
        taxable: before.taxable,
        notes: before.notes,
      },
      given,
    );
    const parent = await parentFor(executor, level, input.parentId);
    await assertItemFields(executor, level, input);
    const codeComb = parent ? `${parent.codeComb}-${input.code}` : input.code;
    const ancestors = { ...ancestorsBelow(parent), ...(level < 4 ? { [`l${level}Id`]: id } : {}) };
    const changes = changedValues(libraryCodes, before, {
      parentId: parent?.id ?? null,
      ...ancestors,
      code: input.code,
      codeComb,
      description: input.description,
      isActive: input.isActive,
      ...(level === 1 ? { kind: input.kind } : {}),
      ...itemValues(level, input),
    });
    if (Object.keys(changes).length === 0) return current();
    try {
      const [after] = await executor
        .update(libraryCodes)
        .set({ ...changes, version: nextVersion(libraryCodes.version), updatedBy: actor.id })
        .where(and(eq(libraryCodes.id, id), eq(libraryCodes.version, before.version)))
        .returning();
      if (!after) throw AppError.stale(await current());
      let rewritten = 0;
      if (level < 4 && (before.codeComb !== codeComb || before.parentId !== after.parentId)) {
        const moved = await executor
          .update(libraryCodes)
          .set({
            codeComb: sql`${codeComb} || substr(${libraryCodes.codeComb}, ${before.codeComb.length + 1})`,
            l1Id: ancestors.l1Id,
            ...(level >= 2 ? { l2Id: ancestors.l2Id } : {}),
            // Their full codes changed: a form still showing the old one is stale.
            version: nextVersion(libraryCodes.version),
            updatedBy: actor.id,
          })
          .where(and(eq(ancestorColumn(level as 1 | 2 | 3), id), ne(libraryCodes.id, id)))
          .returning({ id: libraryCodes.id });
        rewritten = moved.length;
      }
      await audit.record(executor, actor, {
        action: before.parentId !== after.parentId ? 'move' : 'update',
        entity: `l${level}code`,
        key: id,
        before: audited(before),
        after: { ...audited(after), ...(rewritten ? { descendantsRewritten: rewritten } : {}) },
      });
      const [record] = await describe(executor, [after]);
      if (!record) throw AppError.notFound();
      return record;
    } catch (error) {
      conflictOfCode(error, codeComb);
    }
  }

  return {
    async list(level: CodeLevel, query: z.output<typeof codeListQuery>): Promise<Page<CodeRecord>> {
      const where = and(
        eq(libraryCodes.level, level),
        query.parent ? eq(libraryCodes.parentId, query.parent) : undefined,
        query.isActive === undefined ? undefined : eq(libraryCodes.isActive, query.isActive),
        query.search ? sql`${searchText} ilike ${containsPattern(query.search)}` : undefined,
      );
      const order = orderingOf(query.ordering, sortable, 'codeComb', libraryCodes.id);
      return listPage(db, libraryCodes, { where, order, query }, (rows) => describe(db, rows));
    },

    async get(level: CodeLevel | undefined, id: string): Promise<CodeRecord> {
      const [record] = await describe(db, [await findCode(db, id, level)]);
      if (!record) throw AppError.notFound();
      return record;
    },

    /** The code's ancestors from L1 down, and the code itself last. */
    async path(id: string): Promise<CodeRef[]> {
      const row = await findCode(db, id);
      const ids = [row.l1Id, row.l2Id, row.l3Id].filter((x): x is string => x !== null && x !== row.id);
      const ancestors = ids.length
        ? await db.select().from(libraryCodes).where(inArray(libraryCodes.id, ids))
        : [];
      return [...ancestors.sort((a, b) => a.level - b.level), row].map(toRef);
    },

    /** Codes of every level matching the term, each with its path for display. */
    async search(query: z.output<typeof librarySearchQuery>): Promise<SearchHit[]> {
      const rows = await db
        .select()
        .from(libraryCodes)
        .where(sql`${searchText} ilike ${containsPattern(query.q)}`)
        .orderBy(libraryCodes.level, libraryCodes.codeComb)
        .limit(query.limit);
      const ancestorIds = [
        ...new Set(rows.flatMap((r) => [r.l1Id, r.l2Id, r.l3Id]).filter((x): x is string => x !== null)),
      ];
      const ancestors = ancestorIds.length
        ? await db.select().from(libraryCodes).where(inArray(libraryCodes.id, ancestorIds))
        : [];
      const byId = new Map([...ancestors, ...rows].map((a) => [a.id, a]));
      return rows.map((r) => ({
        code: toRef(r),
        isActive: r.isActive,
        path: [r.l1Id, r.l2Id, r.l3Id]
          .filter((x): x is string => x !== null && x !== r.id)
          .map((x) => byId.get(x))
          .filter((x): x is CodeRow => x !== undefined)
          .map(toRef),
      }));
    },

    /**
     * The budget: its income, its expenses and the balance between them (never one total of
     * both), and every L1, L2 and L3 code's total, all from library_rollups.
     */
    async rollup(): Promise<Rollup> {
      const byKind = (kind: CodeKind) =>
        sql`sum(${libraryRollups.total}) filter (where ${libraryCodes.kind} = ${kind})`;
      const [budget] = await db
        .select({
          income: money(byKind('income')),
          expenses: money(byKind('expense')),
          // Rounded once, after the subtraction, as the home dashboard's balance.
          balance: money(sql`coalesce(${byKind('income')}, 0) - coalesce(${byKind('expense')}, 0)`),
        })
        .from(libraryCodes)
        .innerJoin(libraryRollups, eq(libraryRollups.codeId, libraryCodes.id))
        .where(eq(libraryCodes.level, 1));
      const codes = await db
        .select({
          id: libraryCodes.id,
          level: libraryCodes.level,
          codeComb: libraryCodes.codeComb,
          description: libraryCodes.description,
          kind: libraryCodes.kind,
          total: money(libraryRollups.total),
        })
        .from(libraryCodes)
        .leftJoin(libraryRollups, eq(libraryRollups.codeId, libraryCodes.id))
        .where(ne(libraryCodes.level, 4))
        .orderBy(libraryCodes.codeComb);
      return {
        income: budget?.income ?? '0.00',
        expenses: budget?.expenses ?? '0.00',
        balance: budget?.balance ?? '0.00',
        codes: codes.map((c) => ({ ...c, kind: c.level === 1 ? (c.kind as CodeKind) : null })),
      };
    },

    async create(level: CodeLevel, input: CodeInput, actor: Actor): Promise<CodeRecord> {
      let codeComb = input.code;
      try {
        return await db.transaction(async (tx) => {
          const executor = tx as Database;
          const parent = await parentFor(executor, level, input.parentId);
          await assertItemFields(executor, level, input);
          codeComb = parent ? `${parent.codeComb}-${input.code}` : input.code;
          const [row] = await executor
            .insert(libraryCodes)
            .values({
              level,
              parentId: parent?.id ?? null,
              ...ancestorsBelow(parent),
              code: input.code,
              codeComb,
              description: input.description,
              isActive: input.isActive,
              kind: level === 1 ? (input.kind ?? 'expense') : 'expense',
              ...itemValues(level, input),
              createdBy: actor.id,
              updatedBy: actor.id,
            })
            .returning();
          if (!row) throw new Error('code insert returned nothing');
          // An L1, L2 or L3 code is its own ancestor of its level: its descendants point at it.
          const own = level < 4 ? { [`l${level}Id`]: row.id } : {};
          const [saved] =
            level < 4
              ? await executor.update(libraryCodes).set(own).where(eq(libraryCodes.id, row.id)).returning()
              : [row];
          if (!saved) throw new Error('code vanished');
          await audit.record(executor, actor, {
            action: 'create',
            entity: `l${level}code`,
            key: row.id,
            after: audited(saved),
          });
          const [record] = await describe(executor, [saved]);
          if (!record) throw new Error('code vanished');
          return record;
        });
      } catch (error) {
        conflictOfCode(error, codeComb);
      }
    },

    /**
     * Updates a code. A new segment or a new parent (a move) rewrites the full code and the
     * ancestors of every code below it, in the same transaction. The version protocol of
     * resources/versions.ts: a version sent (`version` or If-Match) that is not the stored one
     * answers 409 STALE_RECORD; only the columns that change are written, with the version one
     * more; an update that changes nothing writes nothing.
     */
    async update(
      level: CodeLevel,
      id: string,
      { id: givenId, ...change }: z.output<typeof codeUpdate>,
      actor: Actor,
      ifMatch?: string,
    ): Promise<CodeRecord> {
      if (givenId !== id) {
        const message = 'The id in the body does not match the id in the address.';
        throw AppError.badRequest(message, { id: message });
      }
      const { version: sent, ...given } = change;
      const expected = expectedVersion(sent, ifMatch);
      return db.transaction(async (tx) => {
        const executor = tx as Database;
        return updateIn(executor, level, await findCode(executor, id, level, true), given, expected, actor);
      });
    },

    /** Deletes a code; one with codes below it only when `cascade` asks for them to go too. */
    async remove(level: CodeLevel, id: string, cascade: boolean, actor: Actor): Promise<{ deleted: number }> {
      return db.transaction(async (tx) => {
        const executor = tx as Database;
        const before = await findCode(executor, id, level);
        const n = (await descendantCounts(executor, level, [id])).get(id) ?? 0;
        if (n > 0 && !cascade) {
          throw new AppError(409, errorCodes.hasChildren, libraryMessages.hasChildren(level, n), {
            descendants: String(n),
          });
        }
        return { deleted: await removeIn(executor, before, n, actor) };
      });
    },

    /**
     * Deletes codes of a level, all or none (contracts' bulk.ts). Without `cascade`, codes with
     * codes below them refuse the whole batch: 409 HAS_CHILDREN, naming them, with `fieldErrors`
     * holding each one's id and how many codes sit below it.
     */
    async bulkRemove(
      level: CodeLevel,
      { items, cascade = false }: z.output<typeof codeBulkDelete>,
      actor: Actor,
    ): Promise<{ deleted: number }> {
      return db.transaction(async (tx) => {
        const executor = tx as Database;
        const rows = checkBatch(distinctItems(items), await lockCodes(executor, level, items));
        const below = await descendantCounts(
          executor,
          level,
          rows.map((row) => row.id),
        );
        if (!cascade && below.size > 0) {
          const refused = rows.filter((row) => below.has(row.id));
          throw new AppError(
            409,
            errorCodes.hasChildren,
            libraryMessages.manyHaveChildren(refused.map((row) => row.codeComb)),
            Object.fromEntries(refused.map((row) => [row.id, String(below.get(row.id))])),
          );
        }
        let deleted = 0;
        await eachOfBatch(
          rows,
          (row) => row.codeComb,
          async (row) => {
            deleted += await removeIn(executor, row, below.get(row.id) ?? 0, actor);
          },
        );
        return { deleted };
      });
    },

    /**
     * Sets the same fields on codes of a level, all or none (contracts' bulk.ts): each change as a
     * single update makes it (moves rewrite the codes below, every code audited), in one transaction.
     */
    async bulkUpdate(
      level: CodeLevel,
      { items, changes }: z.output<typeof codeBulkUpdate>,
      actor: Actor,
    ): Promise<{ updated: number }> {
      if (Object.keys(changes).length === 0)
        throw AppError.badRequest(bulkMessages.noChange, { changes: bulkMessages.noChange });
      return db.transaction(async (tx) => {
        const executor = tx as Database;
        const rows = checkBatch(distinctItems(items), await lockCodes(executor, level, items));
        let updated = 0;
        await eachOfBatch(
          rows,
          (row) => row.codeComb,
          async (row) => {
            const after = await updateIn(executor, level, row, changes, undefined, actor);
            if (after.version !== row.version) updated++;
          },
        );
        return { updated };
      });
    },

    async listUnits(): Promise<UnitRecord[]> {
      // Written out with its aliases: inside a one-table select Drizzle leaves column names
      // unqualified, and an unqualified "id" in the subquery would be the code's own.
      const usage = sql<number>`(select count(*)::int from library_codes c where c.unit_id = library_units.id)`;
      return db
        .select({
          id: libraryUnits.id,
          name: libraryUnits.name,
          description: libraryUnits.description,
          usage,
          version: libraryUnits.version,
        })
        .from(libraryUnits)
        .orderBy(libraryUnits.name);
    },

    async createUnit(input: z.output<typeof unitInput>, actor: Actor): Promise<UnitRecord> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(libraryUnits)
            .values({ ...input, createdBy: actor.id, updatedBy: actor.id })
            .returning();
          if (!row) throw new Error('unit insert returned nothing');
          await audit.record(tx as Database, actor, {
            action: 'create',
            entity: 'unit',
            key: row.id,
            after: input,
          });
          return { id: row.id, name: row.name, description: row.description, usage: 0, version: row.version };
        });
      } catch (error) {
        if (uniqueViolation(error) !== null)
          throw AppError.conflict(libraryMessages.unitTaken, { name: libraryMessages.unitTaken });
        throw error;
      }
    },

    /** Renames a unit; the version protocol of `update` (codes) above, and PUT merges. */
    async updateUnit(
      id: string,
      { id: givenId, version: sent, ...given }: z.output<typeof unitUpdate>,
      actor: Actor,
      ifMatch?: string,
    ): Promise<UnitRecord> {
      if (givenId !== id)
        throw AppError.badRequest('The id in the body does not match the id in the address.');
      const expected = expectedVersion(sent, ifMatch);
      try {
        return await db.transaction(async (tx) => {
          const [before] = await tx.select().from(libraryUnits).where(eq(libraryUnits.id, id)).for('update');
          if (!before) throw AppError.notFound();
          const usage = async () => {
            const [used] = await tx
              .select({ n: count() })
              .from(libraryCodes)
              .where(eq(libraryCodes.unitId, id));
            return used?.n ?? 0;
          };
          const unitOf = async (row: typeof before): Promise<UnitRecord> => ({
            id: row.id,
            name: row.name,
            description: row.description,
            usage: await usage(),
            version: row.version,
          });
          if (isStale(expected, before.version)) throw AppError.stale(await unitOf(before));
          const input = mergeOnto({ name: before.name, description: before.description }, given);
          const changes = changedValues(libraryUnits, before, {
            name: input.name,
            description: input.description,
          });
          if (Object.keys(changes).length === 0) return unitOf(before);
          const [row] = await tx
            .update(libraryUnits)
            .set({ ...changes, version: nextVersion(libraryUnits.version), updatedBy: actor.id })
            .where(and(eq(libraryUnits.id, id), eq(libraryUnits.version, before.version)))
            .returning();
          if (!row) throw AppError.stale(await unitOf(before));
          await audit.record(tx as Database, actor, {
            action: 'update',
            entity: 'unit',
            key: id,
            before: { name: before.name, description: before.description },
            after: { name: row.name, description: row.description },
          });
          return unitOf(row);
        });
      } catch (error) {
        if (uniqueViolation(error) !== null)
          throw AppError.conflict(libraryMessages.unitTaken, { name: libraryMessages.unitTaken });
        throw error;
      }
    },

    async removeUnit(id: string, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(libraryUnits).where(eq(libraryUnits.id, id));
        if (!before) throw AppError.notFound();
        const [used] = await tx.select({ n: count() }).from(libraryCodes).where(eq(libraryCodes.unitId, id));
        if ((used?.n ?? 0) > 0) throw AppError.conflict(libraryMessages.unitInUse(used?.n ?? 0));
        await tx.delete(libraryUnits).where(eq(libraryUnits.id, id));
        await audit.record(tx as Database, actor, {
          action: 'delete',
          entity: 'unit',
          key: id,
          before: { name: before.name },
        });
      });
    },
  };
}
export type LibraryService = ReturnType<typeof createLibraryService>;

/** numeric(…, 5) from the database, shown with two decimals (half away from zero, as SQL round). */
function roundMoney(value: string | null): string {
  if (!value) return '0.00';
  const [whole = '0', fraction = ''] = value.split('.');
  const cents = BigInt(whole + `${fraction}000`.slice(0, 3));
  const rounded = (cents + 5n) / 10n;
  const s = rounded.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}
