/*
 * Exact decimal arithmetic on strings: a decimal is held as an integer of its smallest unit
 * (cents at scale 2, thousandths at scale 3) in a BigInt, so that money is never a float.
 */

/** "19.99" at scale 2 → 1999n; "3" at scale 3 → 3000n. The string must have at most `scale` decimals. */
export function toScaled(value: string, scale: number): bigint {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(value.trim());
  const [, sign = '', whole = '', fraction = ''] = match ?? [];
  if (!match || (whole === '' && fraction === '') || fraction.length > scale) {
    throw new RangeError(`Not a decimal with at most ${scale} decimals: ${value}`);
  }
  const units = BigInt(whole || '0') * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
  return sign === '-' ? -units : units;
}

/** 5997n at scale 2 → "59.97"; with `trim`, trailing zeros go (3000n at scale 3 → "3"). */
export function fromScaled(units: bigint, scale: number, trim = false): string {
  const sign = units < 0n ? '-' : '';
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  let fraction = digits.slice(digits.length - scale);
  if (trim) fraction = fraction.replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** n ÷ d rounded to the nearest integer, halves away from zero (2.5 → 3, −2.5 → −3). */
export function divideHalfUp(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new RangeError('The divisor must be positive.');
  if (n < 0n) return -divideHalfUp(-n, d);
  return (2n * n + d) / (2n * d);
}

/** A stored decimal without its trailing zeros: "3.000" → "3", "7.250" → "7.25". */
export const plainDecimal = (value: string, scale: number) => fromScaled(toScaled(value, scale), scale, true);
