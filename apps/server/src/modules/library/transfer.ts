import { randomUUID } from 'node:crypto';
import {
  type CodeKind,
  type CodeLevel,
  codeKinds,
  codeSegment,
  decimal,
  type ImportRowError,
  type ImportSummary,
  libraryCsvColumns,
  libraryMessages,
} from '@ledgerdesk/contracts';
import { and, asc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { libraryCodes, libraryUnits } from '../../db/schema';
import type { Actor, AuditLog } from '../../lib/audit';
import { checkBatch } from '../../lib/bulk';
import { csvLine, parseCsv } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import { nextVersion } from '../../lib/versions';
import { containsPattern } from '../../resources/list';
import { ancestorColumn, ancestorsBelow, searchText } from './service';

const EXPORT_BATCH = 5000;
const WRITE_BATCH = 1000;
const LOOKUP_BATCH = 1000;
const MAX_ERRORS = 200;

type ImportRow = {
  line: number;
  level: CodeLevel;
  codeComb: string;
  parentCodeComb: string;
  code: string;
  description: string;
  isActive: boolean;
  /** L1 only; null: not given (the stored kind kept, an expense when new). */
  kind: CodeKind | null;
  unitId: string | null;
  unitPrice: string;
  quantity: string;
  taxable: boolean;
  notes: string;
};
/** What an export holds (see `exportCsv`). */
export type ExportSelection =
  | { root?: string }
  | { level: CodeLevel; parent?: string; isActive?: boolean; search?: string }
  | { ids: string[] };
export type ImportPlan = { rows: ImportRow[]; known: Map<string, Known> };
type Known = {
  id: string;
  level: number;
  l1Id: string | null;
  l2Id: string | null;
  l3Id: string | null;
  kind: string;
};

/** The columns before `kind` (the last one): a file written before it was added still reads. */
const columnsWithoutKind = libraryCsvColumns.filter((column) => column !== 'kind');

const parentCode = alias(libraryCodes, 'parent_code');
const price = decimal('unit_price', 2);
const quantity = decimal('quantity', 3);
const flag = (value: string) =>
  ({ true: true, false: false, '1': true, '0': false, yes: true, no: false })[value.trim().toLowerCase()];

/** Export and import of the library as CSV, in the format of `libraryCsvColumns`. */
export function createLibraryTransfer(deps: { db: Database; audit: AuditLog }) {
  const { db, audit } = deps;

  /** Reads rows of the CSV and checks each against the file and the database. */
  async function validate(
    text: string,
  ): Promise<{ rows: ImportRow[]; errors: ImportRowError[]; known: Map<string, Known> }> {
    const errors: ImportRowError[] = [];
    const fail = (row: number, field: string, message: string): undefined => {
      if (errors.length < MAX_ERRORS) errors.push({ row, field, message });
    };
    let table: string[][];
    try {
      table = parseCsv(text);
    } catch (error) {
      return {
        rows: [],
        errors: [{ row: 0, field: 'file', message: (error as Error).message }],
        known: new Map(),
      };
    }
    const [header, ...lines] = table;
    const headerText = header?.map((h) => h.trim()).join(',');
    const withKind = headerText === libraryCsvColumns.join(',');
    if (!withKind && headerText !== columnsWithoutKind.join(',')) {
      fail(1, 'header', `The first line must be: ${libraryCsvColumns.join(',')}`);
      return { rows: [], errors, known: new Map() };
    }
    const width = withKind ? libraryCsvColumns.length : columnsWithoutKind.length;
    if (lines.length === 0) fail(1, 'file', 'The file has no rows below its header.');

    const units = new Map((await db.select().from(libraryUnits)).map((u) => [u.name.toLowerCase(), u.id]));
    const rows: ImportRow[] = [];
    const readRow = (cells: string[], line: number): ImportRow | undefined => {
      if (cells.length !== width) {
        fail(line, 'row', `Expected ${width} fields, found ${cells.length}.`);
        return;
      }
      const [
        levelText,
        codeComb,
        parentComb,
        codeText,
        description,
        active,
        unit,
        unitPrice,
        qty,
        taxable,
        notes,
        kindText = '',
      ] = cells.map((c) => c.trim()) as string[] as [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      const level = Number(levelText);
      if (![1, 2, 3, 4].includes(level)) return fail(line, 'level', 'The level must be 1, 2, 3 or 4.');
      const code = codeSegment.safeParse(codeText);
      if (!code.success) return fail(line, 'code', code.error.issues[0]?.message ?? 'The code is not valid.');
      if (level === 1 && parentComb) return fail(line, 'parent_code_comb', libraryMessages.parentNotAllowed);
      if (level > 1 && !parentComb)
        return fail(line, 'parent_code_comb', libraryMessages.parentRequired(level));
      const expected = parentComb ? `${parentComb}-${code.data}` : code.data;
      if (codeComb !== expected) return fail(line, 'code_comb', `The full code must be ${expected}.`);
      if (!description) return fail(line, 'description', 'Please enter a description.');
      if (description.length > 500)
        return fail(line, 'description', 'The description must be at most 500 characters.');
      const isActive = flag(active);
      if (isActive === undefined) return fail(line, 'is_active', 'Use true or false.');
      const isTaxable = taxable === '' ? false : flag(taxable);
      if (isTaxable === undefined) return fail(line, 'taxable', 'Use true or false.');
      if (notes.length > 2000) return fail(line, 'notes', 'The notes must be at most 2000 characters.');
      const kind = kindText === '' ? null : codeKinds.find((k) => k === kindText.toLowerCase());
      if (kind === undefined) return fail(line, 'kind', 'Use income or expense.');
      if (kind !== null && level !== 1) return fail(line, 'kind', libraryMessages.kindOnL1);
      let unitId: string | null = null;
      let priceValue = '0';
      let quantityValue = '0';
      if (level === 4) {
        if (unit) {
          unitId = units.get(unit.toLowerCase()) ?? null;
          if (!unitId) return fail(line, 'unit', `The unit "${unit}" does not exist.`);
        }
        const p = price.safeParse(unitPrice || '0');
        if (!p.success) return fail(line, 'unit_price', p.error.issues[0]?.message ?? 'Not a number.');
        const q = quantity.safeParse(qty || '0');
        if (!q.success) return fail(line, 'quantity', q.error.issues[0]?.message ?? 'Not a number.');
        priceValue = p.data;
        quantityValue = q.data;
      } else if (unit || Number(unitPrice || 0) !== 0 || Number(qty || 0) !== 0 || isTaxable) {
        return fail(line, 'unit', libraryMessages.itemFieldsOnL4);
      }
      return {
        line,
        level: level as CodeLevel,
        codeComb,
        parentCodeComb: parentComb,
        code: code.data,
        description,
        isActive,
        kind,
        unitId,
        unitPrice: priceValue,
        quantity: quantityValue,
        taxable: isTaxable,
        notes,
      };
    };
    lines.forEach((cells, index) => {
      const row = readRow(cells, index + 2);
      if (row) rows.push(row);
    });

    // What the database already has, of the codes and parents the file names.
    const wanted = [...new Set(rows.flatMap((r) => [r.codeComb, r.parentCodeComb]).filter(Boolean))];
    const known = new Map<string, Known>();
    for (let i = 0; i < wanted.length; i += LOOKUP_BATCH) {
      const found = await db
        .select({
          codeComb: libraryCodes.codeComb,
          id: libraryCodes.id,
          level: libraryCodes.level,
          l1Id: libraryCodes.l1Id,
          l2Id: libraryCodes.l2Id,
          l3Id: libraryCodes.l3Id,
          kind: libraryCodes.kind,
        })
        .from(libraryCodes)
        .where(inArray(libraryCodes.codeComb, wanted.slice(i, i + LOOKUP_BATCH)));
      for (const { codeComb, ...rest } of found) known.set(codeComb, rest);
    }
    const inFile = new Map<string, ImportRow>();
    for (const row of rows) {
      if (inFile.has(row.codeComb)) fail(row.line, 'code_comb', `${row.codeComb} appears twice in the file.`);
      inFile.set(row.codeComb, row);
      const existing = known.get(row.codeComb);
      if (existing && existing.level !== row.level) {
        fail(row.line, 'level', `${row.codeComb} exists already as an L${existing.level} code.`);
      }
    }
    for (const row of rows) {
      if (row.level === 1) continue;
      const parentLevel = inFile.get(row.parentCodeComb)?.level ?? known.get(row.parentCodeComb)?.level;
      if (parentLevel === undefined)
        fail(
          row.line,
          'parent_code_comb',
          `The parent ${row.parentCodeComb} is neither in the file nor in the library.`,
        );
      else if (parentLevel !== row.level - 1)
        fail(row.line, 'parent_code_comb', libraryMessages.parentWrongLevel(row.level));
    }
    errors.sort((a, b) => a.row - b.row);
    return { rows, errors, known };
  }

  return {
    /**
     * Codes as the library's CSV (the import format), in the order of their full codes (parents
     * before children): the whole library, the subtree under `root`, the codes of a `level` that
     * match a list's filters, or the codes named in `ids` (each must exist: a 404 names those that
     * do not). Reading the first chunk runs the checks.
     */
    async *exportCsv(selection: ExportSelection = {}): AsyncGenerator<string> {
      let subtree: SQL | undefined;
      if ('ids' in selection) {
        const ids = [...new Set(selection.ids)];
        const found = await db
          .select({ id: libraryCodes.id, version: libraryCodes.version })
          .from(libraryCodes)
          .where(inArray(libraryCodes.id, ids));
        checkBatch(
          ids.map((id) => ({ id })),
          found,
        );
        subtree = inArray(libraryCodes.id, ids);
      } else if ('level' in selection) {
        subtree = and(
          eq(libraryCodes.level, selection.level),
          selection.parent ? eq(libraryCodes.parentId, selection.parent) : undefined,
          selection.isActive === undefined ? undefined : eq(libraryCodes.isActive, selection.isActive),
          selection.search ? sql`${searchText} ilike ${containsPattern(selection.search)}` : undefined,
        );
      } else if (selection.root) {
        const [root] = await db.select().from(libraryCodes).where(eq(libraryCodes.id, selection.root));
        if (!root) throw AppError.notFound();
        subtree =
          root.level < 4
            ? or(eq(libraryCodes.id, root.id), eq(ancestorColumn(root.level as 1 | 2 | 3), root.id))
            : eq(libraryCodes.id, root.id);
      }
      yield csvLine([...libraryCsvColumns]);
      let after = '';
      for (;;) {
        const batch = await db
          .select({
            level: libraryCodes.level,
            codeComb: libraryCodes.codeComb,
            parent: parentCode.codeComb,
            code: libraryCodes.code,
            description: libraryCodes.description,
            isActive: libraryCodes.isActive,
            unit: libraryUnits.name,
            unitPrice: libraryCodes.unitPrice,
            quantity: libraryCodes.quantity,
            taxable: libraryCodes.taxable,
            notes: libraryCodes.notes,
            kind: libraryCodes.kind,
          })
          .from(libraryCodes)
          .leftJoin(parentCode, eq(parentCode.id, libraryCodes.parentId))
          .leftJoin(libraryUnits, eq(libraryUnits.id, libraryCodes.unitId))
          .where(and(subtree, gt(libraryCodes.codeComb, after)))
          .orderBy(asc(libraryCodes.codeComb))
          .limit(EXPORT_BATCH);
        if (batch.length === 0) return;
        let chunk = '';
        for (const r of batch) {
          const item = r.level === 4;
          chunk += csvLine([
            String(r.level),
            r.codeComb,
            r.parent ?? '',
            r.code,
            r.description,
            String(r.isActive),
            item ? (r.unit ?? '') : '',
            item ? r.unitPrice : '',
            item ? r.quantity : '',
            item ? String(r.taxable) : '',
            r.notes,
            r.level === 1 ? r.kind : '',
          ]);
        }
        yield chunk;
        after = batch[batch.length - 1]?.codeComb ?? after;
      }
    },

    /** Checks a file without writing anything: the preview. */
    async preview(text: string): Promise<ImportSummary & { errors: ImportRowError[] }> {
      const { rows, errors, known } = await validate(text);
      const updated = rows.filter((r) => known.has(r.codeComb)).length;
      return { rows: rows.length, inserted: rows.length - updated, updated, errors };
    },

    /** Checks a file for import; a file with any error is a 400 listing the rows, nothing written. */
    async prepare(text: string): Promise<ImportPlan> {
      const { rows, errors, known } = await validate(text);
      if (errors.length) {
        throw AppError.badRequest(
          libraryMessages.importInvalid(errors.length),
          Object.fromEntries(errors.map((e) => [`row.${e.row}.${e.field}`, e.message])),
        );
      }
      return { rows, known };
    },

    /**
     * Writes a checked file all or nothing, in one transaction: new full codes inserted, existing
     * ones updated. `onProgress` hears of each batch written.
     */
    async write(
      plan: ImportPlan,
      actor: Actor,
      onProgress: (done: number, total: number) => void,
    ): Promise<ImportSummary> {
      const { rows, known } = plan;
      rows.sort((a, b) => a.level - b.level);
      const placed = new Map<string, Known>(known);
      let inserted = 0;
      await db.transaction(async (tx) => {
        const executor = tx as Database;
        for (let i = 0; i < rows.length; i += WRITE_BATCH) {
          const values = rows.slice(i, i + WRITE_BATCH).map((r) => {
            const existing = placed.get(r.codeComb);
            const parent = r.parentCodeComb ? placed.get(r.parentCodeComb) : undefined;
            const id = existing?.id ?? randomUUID();
            if (!existing) inserted++;
            const ancestors = {
              ...ancestorsBelow(parent ? { ...parent } : null),
              ...(r.level < 4 ? { [`l${r.level}Id`]: id } : {}),
            };
            const kind = r.kind ?? existing?.kind ?? 'expense';
            const known: Known = {
              id,
              level: r.level,
              l1Id: ancestors.l1Id ?? null,
              l2Id: ancestors.l2Id ?? null,
              l3Id: ancestors.l3Id ?? null,
              kind,
            };
            placed.set(r.codeComb, known);
            return {
              id,
              level: r.level,
              parentId: parent?.id ?? null,
              ...ancestors,
              code: r.code,
              codeComb: r.codeComb,
              description: r.description,
              isActive: r.isActive,
              kind,
              unitId: r.unitId,
              unitPrice: r.unitPrice,
              quantity: r.quantity,
              taxable: r.taxable,
              notes: r.notes,
              createdBy: actor.id,
              updatedBy: actor.id,
            };
          });
          await executor
            .insert(libraryCodes)
            .values(values)
            .onConflictDoUpdate({
              target: libraryCodes.codeComb,
              set: {
                description: sql`excluded.description`,
                isActive: sql`excluded.is_active`,
                kind: sql`excluded.kind`,
                unitId: sql`excluded.unit_id`,
                unitPrice: sql`excluded.unit_price`,
                quantity: sql`excluded.quantity`,
                taxable: sql`excluded.taxable`,
                notes: sql`excluded.notes`,
                version: nextVersion(libraryCodes.version),
                updatedBy: actor.id,
                updatedAt: sql`now()`,
              },
            });
          onProgress(Math.min(i + WRITE_BATCH, rows.length), rows.length);
          // PGlite runs in this thread: let the event loop send the progress line before the next batch.
          await new Promise((resolve) => setImmediate(resolve));
        }
        await audit.record(executor, actor, {
          action: 'import',
          entity: 'library',
          key: '',
          after: { rows: rows.length, inserted, updated: rows.length - inserted },
        });
      });
      return { rows: rows.length, inserted, updated: rows.length - inserted };
    },
  };
}
export type LibraryTransfer = ReturnType<typeof createLibraryTransfer>;
