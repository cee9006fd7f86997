import type { FastifyReply } from 'fastify';

/*
 * The one CSV writer of the app: every export is written here, on the server (RFC 4180: comma-
 * separated, CRLF line ends, fields with a comma, quote, line break or edge space in double quotes;
 * UTF-8 without a byte-order mark). The reader below is the import's.
 */

/** What a spreadsheet runs as a formula when a cell starts with it (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number ("-12.50", "+3") starts like a formula but is none: it stays a number. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * One field: a text a spreadsheet would run as a formula (=, +, -, @, tab or CR first) is kept as
 * text behind an apostrophe, which the import takes off again; then quoted when it must be.
 */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const raw = String(value);
  const text = FORMULA_START.test(raw) && !PLAIN_NUMBER.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly (string | number | boolean | null | undefined)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** A field as written: the apostrophe `csvField` put before a formula-like text taken off. */
function unguarded(field: string): string {
  return field.startsWith("'") && FORMULA_START.test(field.slice(1)) ? field.slice(1) : field;
}

/**
 * Sends CSV as a download: `text/csv; charset=utf-8`, saved as `fileName`. Lines that come as
 * they are made (an async iterable) are streamed; the caller reads the first before, so that a
 * failing query still answers its own error status rather than a 200 cut short.
 */
export async function sendCsv(reply: FastifyReply, fileName: string, body: string | AsyncIterable<string>) {
  const { Readable } = await import('node:stream');
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '-')}"`)
    .send(typeof body === 'string' ? body : Readable.from(body));
}

/**
 * Parses CSV text into rows of fields. Accepts \n or \r\n line ends and a UTF-8 byte-order mark;
 * a quote left open is an error naming the line.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(unguarded(field));
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(unguarded(field));
      rows.push(row);
      row = [];
      field = '';
      line++;
    } else field += c;
  }
  if (quoted) throw new Error(`A quoted field opened on line ${line} is never closed.`);
  if (field !== '' || row.length) {
    row.push(unguarded(field));
    rows.push(row);
  }
  return rows.filter((r) => !(r.length === 1 && r[0] === ''));
}
