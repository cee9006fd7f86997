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
 * data. The table is read first and only the rows that differ are written, so a restart sends one
 * small SELECT (an upsert of all 250 rows on every start cost the embedded database ~20 MB of memory
 * it never gives back).
 */
export async function syncCountries(db: Database): Promise<void> {
  const wanted = countryList.map(([isoCode, name, dialCode], i) => ({ id: i + 1, isoCode, name, dialCode }));
  const stored = new Map(
    (
      await db
        .select({
          id: countries.id,
          isoCode: countries.isoCode,
          name: countries.name,
          dialCode: countries.dialCode,
        })
        .from(countries)
    ).map((row) => [row.id, row]),
  );
  const changed = wanted.filter((row) => {
    const found = stored.get(row.id);
    return (
      !found || found.isoCode !== row.isoCode || found.name !== row.name || found.dialCode !== row.dialCode
    );
  });
  if (changed.length > 0) {
    await db
      .insert(countries)
      .values(changed)
      .onConflictDoUpdate({
        target: countries.id,
        set: {
          isoCode: sql`excluded.iso_code`,
          name: sql`excluded.name`,
          dialCode: sql`excluded.dial_code`,
          updatedAt: sql`now()`,
        },
      });
  }
  // A shorter list: the entries it no longer has go.
  if ([...stored.keys()].some((id) => id > wanted.length))
    await db.delete(countries).where(gt(countries.id, wanted.length));
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
