import { type CodeRecord, libraryCsvColumns } from '@ledgerdesk/contracts';

/** A CSV field as RFC 4180 has it (and as the server writes it): quoted when it must be. */
function field(value: string): string {
  return /[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

const line = (values: readonly string[]) => `${values.map(field).join(',')}\r\n`;

/** The header line of the library's CSV (the export and import format). */
export const csvHeader = line(libraryCsvColumns);

/** A code as a line of the library's CSV, in the columns of `libraryCsvColumns`. */
export function csvLineOf(record: CodeRecord): string {
  const item = record.level === 4;
  const values: Record<(typeof libraryCsvColumns)[number], string> = {
    level: String(record.level),
    code_comb: record.codeComb,
    parent_code_comb: record.parent?.codeComb ?? '',
    code: record.code,
    description: record.description,
    is_active: String(record.isActive),
    unit: item ? (record.unit?.name ?? '') : '',
    unit_price: item ? record.unitPrice : '',
    quantity: item ? record.quantity : '',
    taxable: item ? String(record.taxable) : '',
    notes: record.notes,
    kind: record.kind ?? '',
  };
  return line(libraryCsvColumns.map((column) => values[column]));
}
