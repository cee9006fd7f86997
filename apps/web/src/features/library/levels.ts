import type { CodeLevel, CodeRecord, CodeRef, CodeUpdate } from '@ledgerdesk/contracts';

export const LEVELS = [1, 2, 3, 4] as const satisfies readonly CodeLevel[];

/** "L2". */
export const levelLabel = (level: number) => `L${level}`;

/** The list page of a level. */
export const levelListUrl = (level: CodeLevel) => `/library/l${level}`;

/** The browser, opened at a code. */
export const browserUrl = (id?: string) => (id ? `/library?code=${encodeURIComponent(id)}` : '/library');

export function asLevel(value: number): CodeLevel | null {
  return value === 1 || value === 2 || value === 3 || value === 4 ? value : null;
}

/** The level below, for the codes a code holds (none below L4). */
export function childLevel(level: number): CodeLevel | null {
  return asLevel(level + 1);
}

/** The level above, of a code's parent (none above L1). */
export function parentLevel(level: number): CodeLevel | null {
  return asLevel(level - 1);
}

export function toRef(record: CodeRef): CodeRef {
  return {
    id: record.id,
    level: record.level,
    code: record.code,
    codeComb: record.codeComb,
    description: record.description,
  };
}

/** "02-3 · Structure". */
export function codeLabel(ref: Pick<CodeRef, 'codeComb' | 'description'>): string {
  return `${ref.codeComb} · ${ref.description}`;
}

/** The PUT body of a code as it is, with `changes` applied (a new parentId moves it). */
export function updateBodyOf(record: CodeRecord, changes: Partial<CodeUpdate> = {}): CodeUpdate {
  const item = record.level === 4;
  return {
    id: record.id,
    code: record.code,
    description: record.description,
    isActive: record.isActive,
    parentId: record.parent?.id ?? null,
    ...(record.kind ? { kind: record.kind } : {}),
    unitId: item ? (record.unit?.id ?? null) : null,
    unitPrice: item ? record.unitPrice : '0',
    quantity: item ? record.quantity : '0',
    taxable: item ? record.taxable : false,
    notes: record.notes,
    // The version shown: a change of a code someone else changed meanwhile is refused (409).
    version: record.version,
    ...changes,
  };
}

/** The full code a code would have under `parent`. */
export function fullCode(parent: Pick<CodeRef, 'codeComb'> | null | undefined, code: string): string {
  const own = code.trim();
  return parent ? `${parent.codeComb}-${own}` : own;
}

const DECIMAL = /^(\d{1,15})(?:\.(\d+))?$/;

/**
 * price × quantity to two decimals (half away from zero, as the server rounds), computed on the
 * digits with BigInt: no float ever touches money. Null when either is not a decimal ≥ 0.
 */
export function multiplyMoney(price: string, quantity: string): string | null {
  const a = DECIMAL.exec(price.trim());
  const b = DECIMAL.exec(quantity.trim());
  if (!a || !b) return null;
  const aFraction = a[2] ?? '';
  const bFraction = b[2] ?? '';
  const product = BigInt(`${a[1]}${aFraction}`) * BigInt(`${b[1]}${bFraction}`);
  const scale = aFraction.length + bFraction.length;
  // Scale the product to cents, rounding half up on the dropped digits.
  let cents: bigint;
  if (scale <= 2) cents = product * 10n ** BigInt(2 - scale);
  else {
    const divisor = 10n ** BigInt(scale - 2);
    cents = (product + divisor / 2n) / divisor;
  }
  const digits = cents.toString().padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
