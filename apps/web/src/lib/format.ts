const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** "12 Mar 2026, 14:05" in the reader's locale and time zone; "—" for no value. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date);
}

const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "5 minutes ago", "yesterday"... relative to `now`. */
export function formatRelative(value: string | null | undefined, now: number = Date.now()): string {
  if (!value) return '—';
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return value;
  let amount = (time - now) / 1000;
  for (const [unit, size] of steps) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return formatDateTime(value);
}

/** "1 user", "3 users". */
export function plural(count: number, one: string, many: string = `${one}s`): string {
  return `${count.toLocaleString()} ${count === 1 ? one : many}`;
}

const money = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const quantity = new Intl.NumberFormat(undefined, { maximumFractionDigits: 3 });

/**
 * A decimal string of the API ("1234.5") as money in the reader's locale ("1,234.50"). The string is
 * formatted as it is (Intl reads it as an exact decimal), never through a float.
 */
export function formatMoney(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return '—';
  return money.format(value as Intl.StringNumericLiteral);
}

/** A quantity (a decimal string, up to three decimals) in the reader's locale. */
export function formatQuantity(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return '—';
  return quantity.format(value as Intl.StringNumericLiteral);
}

const byteUnits = ['bytes', 'KB', 'MB', 'GB'];

/** "532 bytes", "1.4 MB". */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${byteUnits[unit]}`;
}
