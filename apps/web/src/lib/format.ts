import type { BucketSize, FigureUnit } from '@ledgerdesk/contracts';
import { currentLanguage } from '../i18n';

/**
 * Dates, numbers and money in the language the app is shown in (and the reader's time zone). The
 * Intl formatters are made once per language; a component re-renders on a change of language
 * through its useTranslation().
 */

type Formatters = {
  dateTime: Intl.DateTimeFormat;
  date: Intl.DateTimeFormat;
  day: Intl.DateTimeFormat;
  relative: Intl.RelativeTimeFormat;
  number: Intl.NumberFormat;
  money: Intl.NumberFormat;
  quantity: Intl.NumberFormat;
};
const made = new Map<string, Formatters>();

function formatters(): Formatters {
  const language = currentLanguage();
  let found = made.get(language);
  if (!found) {
    found = {
      dateTime: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
      date: new Intl.DateTimeFormat(language, { dateStyle: 'medium' }),
      // A calendar day (YYYY-MM-DD) is parsed as UTC midnight: shown in UTC, it stays the same day
      // for readers west of Greenwich.
      day: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }),
      relative: new Intl.RelativeTimeFormat(language, { numeric: 'auto' }),
      number: new Intl.NumberFormat(language),
      money: new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      quantity: new Intl.NumberFormat(language, { maximumFractionDigits: 3 }),
    };
    made.set(language, found);
  }
  return found;
}

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "12 Mar 2026, 14:05" ("12 mars 2026, 14:05"); "—" for no value. */
export function formatDateTime(value: string | null | undefined): string {
  const date = toDate(value);
  return date ? formatters().dateTime.format(date) : value || '—';
}

/** "12 Mar 2026" of a timestamp (in the reader's zone) or of a calendar day; "—" for no value. */
export function formatDate(value: string | null | undefined): string {
  const date = toDate(value);
  if (!date) return value || '—';
  return (/^\d{4}-\d{2}-\d{2}$/.test(value ?? '') ? formatters().day : formatters().date).format(date);
}

const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "5 minutes ago", "yesterday" ("il y a 5 minutes", "hier")... relative to `now`. */
export function formatRelative(value: string | null | undefined, now: number = Date.now()): string {
  const date = toDate(value);
  if (!date) return value || '—';
  let amount = (date.getTime() - now) / 1000;
  for (const [unit, size] of steps) {
    if (Math.abs(amount) < size) return formatters().relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return formatDateTime(value);
}

/** A count: "1,234" ("1 234"). */
export function formatNumber(value: number): string {
  return formatters().number.format(value);
}

/**
 * A decimal string of the API ("1234.5") as money ("1,234.50", "1 234,50"). The string is formatted
 * as it is (Intl reads it as an exact decimal), never through a float.
 */
export function formatMoney(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return '—';
  return formatters().money.format(value as Intl.StringNumericLiteral);
}

/** A quantity (a decimal string, up to three decimals). */
export function formatQuantity(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return '—';
  return formatters().quantity.format(value as Intl.StringNumericLiteral);
}

const byteUnits = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** "532 bytes", "1.4 MB" ("532 octets", "1,4 Mo"): Intl names the units in the language. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(currentLanguage(), {
    style: 'unit',
    unit: byteUnits[unit],
    // "532 byte" is Intl's short English form: bytes are spelled out, the larger units abbreviated.
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

/** The coins the dashboards count in, written after the amount with their own precision. */
const coinUnits = { btc: { code: 'BTC', decimals: 8 }, eth: { code: 'ETH', decimals: 2 } } as const;

/**
 * A figure of the dashboards in its unit: money "$1,234.50" (euros "€1,234.50", "1 234,50 €" in
 * French; coins "0.01234567 BTC", "12.34 ETH"), a count "1,234", a percentage "12.5%", days "3 days"
 * ("3 jours"). `decimals` overrides the unit's own; `compact` shortens large values for chart axes
 * ("$12K", "1.2M").
 */
export function formatFigure(
  value: number,
  unit: FigureUnit,
  { decimals, compact = false }: { decimals?: number; compact?: boolean } = {},
): string {
  const options: Intl.NumberFormatOptions = compact ? { notation: 'compact', maximumFractionDigits: 1 } : {};
  if (decimals !== undefined && !compact) {
    options.minimumFractionDigits = decimals;
    options.maximumFractionDigits = decimals;
  }
  const language = currentLanguage();
  if (unit === 'money') {
    if (decimals === undefined && !compact) return `$${formatMoney(String(value))}`;
    return `$${new Intl.NumberFormat(language, options).format(value)}`;
  }
  if (unit === 'euro')
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency: 'EUR',
      // Cents, unless the caller says otherwise; none on an axis ("€12K").
      ...(compact ? { minimumFractionDigits: 0 } : {}),
      ...options,
    }).format(value);
  if (unit === 'btc' || unit === 'eth') {
    const coin = coinUnits[unit];
    const digits = decimals === undefined && !compact ? { maximumFractionDigits: coin.decimals } : {};
    return `${new Intl.NumberFormat(language, { ...digits, ...options }).format(value)} ${coin.code}`;
  }
  if (unit === 'percent')
    return new Intl.NumberFormat(language, {
      style: 'percent',
      maximumFractionDigits: decimals ?? 1,
      minimumFractionDigits: compact ? 0 : (decimals ?? 0),
    }).format(value / 100);
  if (unit === 'days')
    return new Intl.NumberFormat(language, {
      ...options,
      style: 'unit',
      unit: 'day',
      unitDisplay: 'long',
    }).format(value);
  return new Intl.NumberFormat(language, options).format(value);
}

const bucketFormats: Record<BucketSize, Intl.DateTimeFormatOptions> = {
  hour: { weekday: 'short', hour: '2-digit', minute: '2-digit' },
  day: { day: 'numeric', month: 'short' },
  week: { day: 'numeric', month: 'short' },
  month: { month: 'short', year: 'numeric' },
};

/** The start of a dashboard's time bucket, as short as its size allows: "Tue 14:00", "24 Nov", "Nov 2026". */
export function formatBucket(value: string, size: BucketSize): string {
  const date = toDate(value);
  return date ? new Intl.DateTimeFormat(currentLanguage(), bucketFormats[size]).format(date) : value;
}
