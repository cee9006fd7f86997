import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries } from '../../src/db/schema';
import { countryList } from '../../src/modules/countries/data';
import { syncCountries } from '../../src/modules/countries/service';
import { createTestContext, type TestContext } from '../context';

let ctx: TestContext;
beforeAll(async () => {
  // Without demo data: the countries are reference data and are there all the same.
  ctx = await createTestContext({ SEED_DEMO: 'false' });
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
type Country = { id: number; isoCode: string; countryName: string; countryCode: string; flag: string };

describe('countries', () => {
  it('are in the database with ids 1..n, and a restart writes nothing', async () => {
    const rows = await ctx.database.db.select().from(countries).orderBy(asc(countries.id));
    expect(rows).toHaveLength(countryList.length);
    expect(rows.map((r) => r.id)).toEqual(countryList.map((_, i) => i + 1));
    await syncCountries(ctx.database.db);
    const again = await ctx.database.db.select().from(countries).orderBy(asc(countries.id));
    expect(again.map((r) => r.updatedAt.getTime())).toEqual(rows.map((r) => r.updatedAt.getTime()));
  });

  it('are put right by the next sync: a changed entry restored, an extra one removed', async () => {
    const { db } = ctx.database;
    await db.update(countries).set({ dialCode: '+93' }).where(eq(countries.isoCode, 'AG'));
    await db
      .insert(countries)
      .values({ id: countryList.length + 1, isoCode: 'ZZ', name: 'Nowhere', dialCode: '+999' });
    await syncCountries(db);
    const [antigua] = await db.select().from(countries).where(eq(countries.isoCode, 'AG'));
    expect(antigua?.dialCode).toBe('+1-268');
    expect(await db.select().from(countries).where(eq(countries.isoCode, 'ZZ'))).toEqual([]);
  });

  it('are listed to anyone, signed in or not, with flags', async () => {
    const res = await get('/api/countries?pageSize=500');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(countryList.length);
    const antigua = body.results.find((c: Country) => c.isoCode === 'AG');
    expect(antigua).toEqual({
      id: antigua.id,
      isoCode: 'AG',
      countryName: 'Antigua and Barbuda',
      countryCode: '+1-268',
      flag: '🇦🇬',
    });
    expect(body.results[0].countryName).toBe('Afghanistan');
  });

  it('are found by name, ISO code or dial prefix', async () => {
    const names = async (search: string) =>
      (await get(`/api/countries?search=${encodeURIComponent(search)}&pageSize=500`))
        .json()
        .results.map((c: Country) => c.countryName);
    expect(await names('zealand')).toEqual(['New Zealand']);
    expect(await names('fr')).toContain('France');
    expect(await names('+234')).toEqual(['Nigeria']);
    expect(await names('44')).toEqual(expect.arrayContaining(['United Kingdom', 'Guernsey', 'Jersey']));
    expect(await names('+1-268')).toEqual(['Antigua and Barbuda']);
    expect(await names('%')).toEqual([]);
  });

  it('order by the fields allowed, and refuse others', async () => {
    const first = (await get('/api/countries?ordering=-countryName&pageSize=1')).json().results[0];
    expect(first.countryName).toBe('Zimbabwe');
    expect((await get('/api/countries?ordering=flag')).statusCode).toBe(400);
  });
});
