import { z } from 'zod/mini';
import { listQuery } from './api';

/** A country or territory (SPEC §3 "Country entry"): reference data for phone and address fields. */
export const countryRecord = z.object({
  /** 1 to n, in the order of the names. */
  id: z.number(),
  /** ISO 3166-1 alpha-2. */
  isoCode: z.string(),
  countryName: z.string(),
  /** The dial prefix (the SPEC's countryCode): "+33", "+1-268". */
  countryCode: z.string(),
  /** The flag emoji, made of the ISO code's regional indicator letters. */
  flag: z.string(),
});
export type CountryRecord = z.infer<typeof countryRecord>;

/** Search by name, ISO code or dial prefix; order by id, countryName, isoCode or countryCode. */
export const countryListQuery = listQuery;

/** The flag emoji of an ISO 3166-1 alpha-2 code: two regional indicator symbols. */
export function flagOf(isoCode: string): string {
  const regionalIndicatorA = 0x1f1e6;
  return String.fromCodePoint(
    ...[...isoCode.toUpperCase()].map((letter) => regionalIndicatorA + letter.charCodeAt(0) - 65),
  );
}
