import { z } from 'zod/mini';
import { booleanQuery, listQuery, recordVersion, text, timestamp, versionInput } from './api';
import { BULK_LIMIT, bulkDeleteBody, bulkMessages, bulkUpdateBody } from './bulk';

export const codeLevels = [1, 2, 3, 4] as const;
export type CodeLevel = (typeof codeLevels)[number];

/**
 * What an L1 code's whole branch is in the budget: income or expense (the dashboards show the two
 * apart, never added into one figure). Set on L1 codes only; an L1 is an expense unless told.
 */
export const codeKinds = ['income', 'expense'] as const;
export type CodeKind = (typeof codeKinds)[number];

/** A code's own segment: letters, digits and dots, 1–20 characters. */
export const codeSegment = z
  .string('Please enter a code.')
  .check(
    z.trim(),
    z.minLength(1, 'Please enter a code.'),
    z.maxLength(20, 'The code must be at most 20 characters.'),
    z.regex(/^[A-Za-z0-9.]+$/, 'Use letters, digits and dots only.'),
  );

/** A decimal ≥ 0 as a string (money is never a float): up to `scale` decimals. */
export const decimal = (label: string, scale: number) =>
  z.pipe(
    z.pipe(
      z.union([z.string(), z.number()], `${label} must be a number.`),
      z.transform((value: string | number) => String(value).trim()),
    ),
    z
      .string()
      .check(
        z.regex(
          new RegExp(`^\\d{1,15}(\\.\\d{1,${scale}})?$`),
          `${label} must be a number ≥ 0 with at most ${scale} decimals.`,
        ),
      ),
  );

export const unitRecord = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  usage: z.number(),
  version: recordVersion,
});
export type UnitRecord = z.infer<typeof unitRecord>;
const unitFieldTypes = {
  name: text(20, 'The unit must be at most 20 characters.').check(z.minLength(1, 'Please enter a unit.')),
  description: text(100, 'The description must be at most 100 characters.'),
};
export const unitInput = z.object({
  name: unitFieldTypes.name,
  description: z._default(unitFieldTypes.description, ''),
});
/** PUT: a field left out keeps its stored value. */
export const unitUpdate = z.extend(z.partial(z.object(unitFieldTypes)), {
  id: z.uuid('The id is not valid.'),
  version: versionInput,
});

export const codeRef = z.object({
  id: z.uuid(),
  level: z.number(),
  code: z.string(),
  codeComb: z.string(),
  description: z.string(),
});
export type CodeRef = z.infer<typeof codeRef>;

export const codeRecord = z.object({
  id: z.uuid(),
  level: z.number(),
  code: z.string(),
  codeComb: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  /** L1: income or expense; null below L1 (a code counts as its L1 does). */
  kind: z.nullable(z.enum(codeKinds)),
  parent: z.nullable(codeRef),
  /**
   * L1–L3: the amount of the ACTIVE L4 items below (an inactive item is not in the budget), the
   * figure the dashboards show for the code; L4: the item's own amount.
   */
  total: z.string(),
  childCount: z.number(),
  unit: z.nullable(z.object({ id: z.uuid(), name: z.string() })),
  unitPrice: z.string(),
  quantity: z.string(),
  amount: z.string(),
  taxable: z.boolean(),
  notes: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type CodeRecord = z.infer<typeof codeRecord>;

export const codeOrderings = [
  'codeComb',
  'code',
  'description',
  'isActive',
  'amount',
  'createdAt',
  'updatedAt',
] as const;

export const codeListQuery = z.extend(listQuery, {
  parent: z.optional(z.uuid('parent must be a code id.')),
  isActive: z.optional(booleanQuery),
});
export type CodeListQuery = z.input<typeof codeListQuery>;

const codeFieldTypes = {
  code: codeSegment,
  description: text(500, 'The description must be at most 500 characters.').check(
    z.minLength(1, 'Please enter a description.'),
  ),
  isActive: z.boolean(),
  parentId: z.nullable(z.uuid('The parent is not valid.')),
  // L1 codes only (left out: 'expense' on create, the stored kind on update):
  kind: z.enum(codeKinds, 'The kind must be income or expense.'),
  // L4 items only:
  unitId: z.nullable(z.uuid('The unit is not valid.')),
  unitPrice: decimal('The unit price', 2),
  quantity: decimal('The quantity', 3),
  taxable: z.boolean(),
  notes: text(2000, 'The notes must be at most 2000 characters.'),
};
export const codeCreate = z.object({
  ...codeFieldTypes,
  isActive: z._default(codeFieldTypes.isActive, true),
  parentId: z.optional(codeFieldTypes.parentId),
  kind: z.optional(codeFieldTypes.kind),
  unitId: z.optional(codeFieldTypes.unitId),
  unitPrice: z._default(codeFieldTypes.unitPrice, '0'),
  quantity: z._default(codeFieldTypes.quantity, '0'),
  taxable: z._default(codeFieldTypes.taxable, false),
  notes: z._default(codeFieldTypes.notes, ''),
});
export type CodeCreate = z.input<typeof codeCreate>;
/** PUT: a field left out keeps its stored value (null clears the unit or, at L1, the parent). */
export const codeUpdate = z.extend(z.partial(z.object(codeFieldTypes)), {
  id: z.uuid('The id is not valid.'),
  version: versionInput,
});
export type CodeUpdate = z.input<typeof codeUpdate>;

export const codeDeleteQuery = z.object({ cascade: z.optional(booleanQuery) });

/**
 * `GET /api/library/export/`: the whole library; `root`: the subtree of a code; `level` (with a
 * level list's filters `parent`, `isActive`, `search`): that list's codes.
 */
export const libraryExportQuery = z.extend(
  z.pick(codeListQuery, { search: true, parent: true, isActive: true }),
  {
    root: z.optional(z.uuid('root must be a code id.')),
    level: z.optional(
      z.pipe(
        z.enum(['1', '2', '3', '4'], 'level must be 1, 2, 3 or 4.'),
        z.transform((v) => Number(v) as CodeLevel),
      ),
    ),
  },
);
export type LibraryExportQuery = z.input<typeof libraryExportQuery>;
/** `POST /api/library/export/`: the codes chosen (of any level), as many as a bulk request names. */
export const librarySelectionExport = z.object({
  ids: z
    .array(z.uuid('Not a valid id.'))
    .check(z.minLength(1, bulkMessages.atLeastOne), z.maxLength(BULK_LIMIT, bulkMessages.tooMany)),
});
export type LibrarySelectionExport = z.input<typeof librarySelectionExport>;

/**
 * Bulk changes of the codes of one level, in the shape of every bulk request (bulk.ts). A delete
 * without `cascade` is refused (409 HAS_CHILDREN) when any code has codes below it: `fieldErrors`
 * then holds each such code's id with how many codes sit below it.
 */
export const codeBulkDelete = z.extend(bulkDeleteBody, { cascade: z.optional(z.boolean()) });
export type CodeBulkDelete = z.input<typeof codeBulkDelete>;
/** The fields a bulk update may set on every code chosen (a code's own segment is its alone). */
export const codeBulkUpdate = bulkUpdateBody(z.partial(z.omit(z.object(codeFieldTypes), { code: true })));
export type CodeBulkUpdate = z.input<typeof codeBulkUpdate>;

export const librarySearchQuery = z.object({
  q: text(100, 'The search is too long.').check(z.minLength(1, 'Please enter something to search for.')),
  limit: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100, 'limit must be at most 100.')),
    20,
  ),
});
export const searchHit = z.object({ code: codeRef, path: z.array(codeRef), isActive: z.boolean() });
export type SearchHit = z.infer<typeof searchHit>;

/**
 * The budget the library holds now, from its active L4 items only (as the home dashboard): income
 * and expenses apart, never added into one figure, and the balance between them.
 */
export const rollup = z.object({
  /** The amount of the active items under income L1 codes. */
  income: z.string(),
  /** The amount of the active items under expense L1 codes. */
  expenses: z.string(),
  /** income − expenses, rounded to cents after the subtraction (may be negative). */
  balance: z.string(),
  /** Every L1, L2 and L3 code, by full code. */
  codes: z.array(
    z.object({
      id: z.uuid(),
      level: z.number(),
      codeComb: z.string(),
      description: z.string(),
      /** L1: income or expense; null below L1. */
      kind: z.nullable(z.enum(codeKinds)),
      /** The amount of the code's active L4 items (as codeRecord.total). */
      total: z.string(),
    }),
  ),
});
export type Rollup = z.infer<typeof rollup>;

/** The CSV of export and import: one row per code, with its parent's full code. */
export const libraryCsvColumns = [
  'level',
  'code_comb',
  'parent_code_comb',
  'code',
  'description',
  'is_active',
  'unit',
  'unit_price',
  'quantity',
  'taxable',
  'notes',
  // Last, so that a file written before it was added still reads: L1 rows only, blank = unchanged
  // (an expense when new).
  'kind',
] as const;

export const importQuery = z.object({ dryRun: z.optional(booleanQuery) });
export const importRowError = z.object({ row: z.number(), field: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof importRowError>;
export const importSummary = z.object({ rows: z.number(), inserted: z.number(), updated: z.number() });
export type ImportSummary = z.infer<typeof importSummary>;
/** The lines of an import's response stream (application/x-ndjson), the last one `done` or `failed`. */
export type ImportEvent =
  | { type: 'progress'; done: number; total: number }
  | ({ type: 'done' } & ImportSummary)
  | { type: 'failed'; errorMessage: string };

/** Codes named in a message: the first few, then how many more. */
function namesOf(names: string[], shown = 5): string {
  const more = names.length - shown;
  return more > 0 ? `${names.slice(0, shown).join(', ')} and ${more} more` : names.join(', ');
}

export const libraryMessages = {
  added: (level: number) => `L${level}Code Added Successfully`,
  addFailed: (level: number) => `Failed to add L${level}Code.`,
  deleteFailed: (level: number) => `Failed to delete L${level}Code.`,
  parentRequired: (level: number) => `An L${level} code needs a parent L${level - 1} code.`,
  parentNotAllowed: 'An L1 code has no parent.',
  parentWrongLevel: (level: number) => `The parent must be an L${level - 1} code.`,
  parentMissing: 'The parent code does not exist.',
  cannotMoveUnder: 'A code cannot be moved under itself or its own descendants.',
  codeTaken: (codeComb: string) => `The code ${codeComb} already exists under this parent.`,
  hasChildren: (level: number, count: number) =>
    `This L${level} code has ${count} code${count === 1 ? '' : 's'} below it. Delete them too, or move them first.`,
  /** A bulk delete refused: the codes with codes below them, named ("5000-10, 5000-20 and 2 more"). */
  manyHaveChildren: (names: string[]) =>
    `${names.length === 1 ? `${names[0]} has codes` : `${namesOf(names)} have codes`} below: delete them too, or move them first. Nothing was deleted.`,
  itemFieldsOnL4: 'Unit, unit price, quantity and taxable belong to L4 items only.',
  kindOnL1: 'Only an L1 code is income or expense: its codes below count as it does.',
  unitMissing: 'The unit does not exist.',
  unitTaken: 'A unit with this name already exists.',
  unitInUse: (count: number) => `This unit is used by ${count} item${count === 1 ? '' : 's'}.`,
  importInvalid: (count: number) =>
    `The file has ${count} error${count === 1 ? '' : 's'}: nothing was imported.`,
} as const;
