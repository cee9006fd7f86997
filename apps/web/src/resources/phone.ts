import type { CountryRecord } from '@ledgerdesk/contracts';

const digits = (text: string) => text.replace(/\D/g, '');

/**
 * The country whose dial prefix the number starts with, the longest one ("+1-268" before "+1");
 * among equals (the +1 of the United States and Canada) the `preferred` one (the one the user
 * picked), else the first in the list.
 */
export function countryOfNumber(
  countries: CountryRecord[],
  number: string,
  preferred?: string | null,
): CountryRecord | undefined {
  if (!number.trim().startsWith('+')) return undefined;
  const numberDigits = digits(number);
  let best: CountryRecord | undefined;
  for (const country of countries) {
    const prefix = digits(country.countryCode);
    if (!numberDigits.startsWith(prefix)) continue;
    const bestLength = digits(best?.countryCode ?? '').length;
    if (prefix.length > bestLength || (prefix.length === bestLength && country.isoCode === preferred))
      best = country;
  }
  return best;
}

/** The number without its country's prefix: what the user types in the second box. */
export function localPart(number: string, country: CountryRecord | undefined): string {
  if (!country) return number;
  let remaining = digits(country.countryCode).length;
  let index = number.indexOf('+') + 1;
  while (remaining > 0 && index < number.length) {
    if (/\d/.test(number.charAt(index))) remaining -= 1;
    index += 1;
  }
  return number.slice(index).replace(/^[\s-]+/, '');
}
