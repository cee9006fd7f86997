import { type CountryRecord, type countryListQuery, flagOf } from '@ledgerdesk/contracts';
import { eq, gt, ilike, like, or, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { Database } from '../../db/client';
import { countries } from '../../db/schema';
import { containsPattern, listPage, orderingOf, type Page } from '../../resources/list';
import { countryList } from './data';

const toRecord = (row: typeof countries.$inferSelect): CountryRecord => ({
  id: row.id,
  isoCode: row.isoCode,
  countryName: row.name,
  countryCode: row.dialCode,
  flag: flagOf(row.isoCode),
});

/**
 * Writes the country list into its table: on every start, since it is reference data and not demo
 * data. Rows that already match are left alone, so a restart writes nothing.
 */
export async function syncCountries(db: Database): Promise<void> {
  const rows = countryList.map(([isoCode, name, dialCode], i) => ({ id: i + 1, isoCode, name, dialCode }));
  await db
    .insert(countries)
    .values(rows)
    .onConflictDoUpdate({
      target: countries.id,
      set: {
        isoCode: sql`excluded.iso_code`,
        name: sql`excluded.name`,
        dialCode: sql`excluded.dial_code`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`(${countries.isoCode}, ${countries.name}, ${countries.dialCode}) is distinct from (excluded.iso_code, excluded.name, excluded.dial_code)`,
    });
  // A shorter list: the entries it no longer has go.
  await db.delete(countries).where(gt(countries.id, rows.length));
}

export function createCountriesService(db: Database) {
  return {
    /** By name, ISO code ("fr") or dial prefix ("+33", "33"). */
    list(query: z.output<typeof countryListQuery>): Promise<Page<CountryRecord>> {
      const term = query.search;
      const where = term
        ? or(
            ilike(countries.name, containsPattern(term)),
            eq(countries.isoCode, term.toUpperCase()),
            /^\+?\d/.test(term)
              ? like(countries.dialCode, `+${term.replace(/^\+/, '').replace(/[\\%_]/g, '')}%`)
              : undefined,
          )
        : undefined;
      const order = orderingOf(
        query.ordering,
        {
          id: countries.id,
          // The ids follow the names in English order, whatever the database's collation.
          countryName: countries.id,
          isoCode: countries.isoCode,
          countryCode: countries.dialCode,
        },
        'countryName',
        countries.id,
      );
      return listPage(db, countries, { where, order, query }, (rows) => rows.map(toRecord));
    },
  };
}
export type CountriesService = ReturnType<typeof createCountriesService>;
