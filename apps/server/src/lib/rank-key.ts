/*
 * Rank keys: strings that order a list by plain byte comparison (a column `collate "C"`), such that
 * there is always a key between two keys, before the first and after the last — an item moves by
 * changing its own key only, never renumbering the others.
 *
 * A key is an "integer" part and an optional "fraction" (the fractional indexing scheme of
 * D. Greenspan's "Implementing Fractional Indexing"). The integer's head letter says how many base-62
 * digits follow: 'a' one, 'b' two … 'z' twenty-six; 'Z' one, 'Y' two … 'A' twenty-six for the
 * integers below (so that 'Z…' < 'a…'). Keys made by adding at an end grow like log62 of the count;
 * keys made between two neighbours add fraction digits. A fraction never ends with '0' (the key
 * would equal a shorter one), and the smallest integer ('A' and 26 zeros) is kept free.
 */

export const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ZERO = '0';
const TOP = 'z';
const SMALLEST_INTEGER = `A${ZERO.repeat(26)}`;

const digitOf = (char: string) => {
  const d = DIGITS.indexOf(char);
  if (d < 0) throw new Error(`not a base-62 digit: ${char}`);
  return d;
};

/** How long the integer part starting with `head` is (head included). */
function integerLength(head: string): number {
  if (head >= 'a' && head <= 'z') return head.charCodeAt(0) - 'a'.charCodeAt(0) + 2;
  if (head >= 'A' && head <= 'Z') return 'Z'.charCodeAt(0) - head.charCodeAt(0) + 2;
  throw new Error(`not a rank key head: ${head}`);
}

function split(key: string): { integer: string; fraction: string } {
  const length = integerLength(key.charAt(0));
  if (length > key.length) throw new Error(`rank key too short: ${key}`);
  return { integer: key.slice(0, length), fraction: key.slice(length) };
}

/** Whether `key` is a key this module could have made. */
export function isRankKey(key: string): boolean {
  try {
    if (key === SMALLEST_INTEGER || key.length === 0) return false;
    const { fraction } = split(key);
    for (const char of key.slice(1)) digitOf(char);
    return !fraction.endsWith(ZERO);
  } catch {
    return false;
  }
}

function assertKey(key: string) {
  if (!isRankKey(key)) throw new Error(`not a rank key: ${JSON.stringify(key)}`);
}

/** A fraction strictly between `a` and `b` (b null: 1), both without trailing zeros. */
function fractionBetween(a: string, b: string | null): string {
  if (b !== null) {
    // Their common prefix (a padded with zeros) is kept; the rest is chosen after it.
    let n = 0;
    while ((a.charAt(n) || ZERO) === b.charAt(n)) n++;
    if (n > 0) return b.slice(0, n) + fractionBetween(a.slice(n), b.slice(n));
  }
  const low = a ? digitOf(a.charAt(0)) : 0;
  const high = b !== null ? digitOf(b.charAt(0)) : DIGITS.length;
  if (high - low > 1) return DIGITS.charAt(Math.round((low + high) / 2));
  // Adjacent first digits: b's first digit alone if b goes on, else a's first digit and more.
  if (b !== null && b.length > 1) return b.charAt(0);
  return DIGITS.charAt(low) + fractionBetween(a.slice(1), null);
}

function increment(integer: string): string | null {
  const head = integer.charAt(0);
  const digits = integer.slice(1).split('');
  for (let i = digits.length - 1; i >= 0; i--) {
    const d = digitOf(digits[i] ?? ZERO) + 1;
    if (d < DIGITS.length) {
      digits[i] = DIGITS.charAt(d);
      return head + digits.join('');
    }
    digits[i] = ZERO;
  }
  // Every digit carried: the next length.
  if (head === 'Z') return `a${ZERO}`;
  if (head === 'z') return null;
  const next = String.fromCharCode(head.charCodeAt(0) + 1);
  if (next > 'a') digits.push(ZERO);
  else digits.pop();
  return next + digits.join('');
}

function decrement(integer: string): string | null {
  const head = integer.charAt(0);
  const digits = integer.slice(1).split('');
  for (let i = digits.length - 1; i >= 0; i--) {
    const d = digitOf(digits[i] ?? ZERO) - 1;
    if (d >= 0) {
      digits[i] = DIGITS.charAt(d);
      return head + digits.join('');
    }
    digits[i] = TOP;
  }
  if (head === 'a') return `Z${TOP}`;
  if (head === 'A') return null;
  const next = String.fromCharCode(head.charCodeAt(0) - 1);
  if (next < 'Z') digits.push(TOP);
  else digits.pop();
  return next + digits.join('');
}

/**
 * A key strictly between `before` and `after`: null `before` is the start of the list, null `after`
 * its end (both null: the first key of an empty list). Throws when `before` ≥ `after`.
 */
export function keyBetween(before: string | null, after: string | null): string {
  if (before !== null) assertKey(before);
  if (after !== null) assertKey(after);
  if (before !== null && after !== null && before >= after) {
    throw new Error(`rank keys out of order: ${before} >= ${after}`);
  }
  if (before === null) {
    if (after === null) return `a${ZERO}`;
    const { integer, fraction } = split(after);
    if (integer === SMALLEST_INTEGER) return integer + fractionBetween('', fraction);
    // `after` has a fraction: its integer alone comes before it.
    if (integer !== after) return integer;
    const smaller = decrement(integer);
    if (smaller === null) throw new Error('no rank key before the smallest');
    return smaller;
  }
  const low = split(before);
  if (after === null) {
    return increment(low.integer) ?? low.integer + fractionBetween(low.fraction, null);
  }
  const high = split(after);
  if (low.integer === high.integer) return low.integer + fractionBetween(low.fraction, high.fraction);
  const next = increment(low.integer);
  if (next !== null && next < after) return next;
  return low.integer + fractionBetween(low.fraction, null);
}

/** `count` keys in order, strictly between `before` and `after` (for seeding a list at once). */
export function keysBetween(before: string | null, after: string | null, count: number): string[] {
  if (count <= 0) return [];
  if (count === 1) return [keyBetween(before, after)];
  if (after === null) {
    const keys: string[] = [];
    let last = before;
    for (let i = 0; i < count; i++) {
      last = keyBetween(last, null);
      keys.push(last);
    }
    return keys;
  }
  if (before === null) {
    const keys: string[] = [];
    let first = after;
    for (let i = 0; i < count; i++) {
      first = keyBetween(null, first);
      keys.push(first);
    }
    return keys.reverse();
  }
  // Halve the gap: keys stay short.
  const middle = Math.floor(count / 2);
  const key = keyBetween(before, after);
  return [...keysBetween(before, key, middle), key, ...keysBetween(key, after, count - middle - 1)];
}
