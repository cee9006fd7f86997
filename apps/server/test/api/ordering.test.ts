import { MAX_PAGE_SIZE } from '@ledgerdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RegisteredResource, registeredResources } from '../../src/resources/engine';
import { ADMIN, apiCaller, createTestContext, type TestContext } from '../context';

// Every list of the engine, ordered by each of its sortable fields both ways: the records come back
// in the order of what they show of that field (a status in its contract's order, a person or a
// referenced record by its name), with empty values last either way.
let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext({ SEED_DEMO: 'true' });
  admin = await ctx.login(ADMIN.email, ADMIN.password);
});
afterAll(() => ctx.close());

const call = apiCaller(() => ({ ctx, token: admin }));
type Rec = Record<string, unknown>;
/** What the list orders a field by, as the test reads it from the record. */
type SortValue = string | number | null;

/** A zod (mini) schema's definition, as far as this walk reads it. */
type SchemaDef = {
  type: string;
  shape?: Record<string, Schema>;
  innerType?: Schema;
  entries?: Record<string, string>;
};
type Schema = { _zod: { def: SchemaDef } };

/** The values of an enum field of the record, in the contract's order; undefined for any other field. */
function enumValues(record: Schema, field: string): string[] | undefined {
  let schema = record._zod.def.shape?.[field];
  while (schema && (schema._zod.def.type === 'nullable' || schema._zod.def.type === 'optional')) {
    schema = schema._zod.def.innerType;
  }
  return schema?._zod.def.type === 'enum' ? Object.values(schema._zod.def.entries ?? {}) : undefined;
}

/**
 * The value a record is ordered by for `field`: an enum's position in its contract's order (a
 * priority's from the lowest up), a referenced record's or person's name, a number (decimals are
 * sent as strings), else the text or the ISO date itself.
 */
function sortValueOf(def: RegisteredResource, field: string, record: Rec): SortValue {
  const value = record[field];
  const values = enumValues(def.record as unknown as Schema, field);
  if (values) {
    const rank = values.indexOf(String(value));
    expect(rank, `${def.path} ${field}: ${String(value)} is one of its values`).toBeGreaterThanOrEqual(0);
    return field === 'priority' ? values.length - 1 - rank : rank;
  }
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') {
    expect(value, `${def.path} ${field}: a reference shows its name`).toHaveProperty('name');
    return String((value as { name: unknown }).name);
  }
  if (typeof value === 'number' || typeof value === 'boolean') return Number(value);
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return String(value);
}

/**
 * `a` before `b` in the order asked for, or equal to it; NULLs last both ways. Text compares by code
 * point: both databases here order text in the C collation.
 */
function inOrder(a: SortValue, b: SortValue, descending: boolean): boolean {
  if (a === null) return b === null;
  if (b === null) return true;
  return descending ? a >= b : a <= b;
}

/** Every record of the list in the `ordering` asked for, page after page. */
async function listAll(path: string, ordering: string): Promise<Rec[]> {
  const all: Rec[] = [];
  for (let page = 1; ; page++) {
    const res = await call('GET', `${path}?ordering=${ordering}&page=${page}&pageSize=${MAX_PAGE_SIZE}`);
    expect(res.statusCode, `${path}?ordering=${ordering}: ${res.body}`).toBe(200);
    const body = res.json() as { count: number; results: Rec[] };
    all.push(...body.results);
    if (body.results.length < MAX_PAGE_SIZE) {
      expect(all.length, `${path}: every record listed`).toBe(body.count);
      return all;
    }
  }
}

describe('ordering every list of the engine', () => {
  it('covers every registered resource, each with fields to order by', () => {
    const resources = registeredResources(ctx.app);
    expect(resources.length).toBeGreaterThanOrEqual(19);
    for (const def of resources) expect(def.sortable.length, def.path).toBeGreaterThan(1);
  });

  // Every page of every list, by each field both ways: some 200 full listings of the demo data, which
  // on a busy machine take longer than one test's usual 30 s.
  it('orders by each sortable field, ascending and descending, with empty values last', {
    timeout: 240_000,
  }, async () => {
    let checked = 0;
    for (const def of registeredResources(ctx.app)) {
      for (const field of def.sortable) {
        const keysBothWays: string[][] = [];
        for (const descending of [false, true]) {
          const records = await listAll(def.path, descending ? `-${field}` : field);
          const values = records.map((record) => sortValueOf(def, field, record));
          const label = `${def.path}?ordering=${descending ? '-' : ''}${field}`;
          // Demo data with one value would prove nothing about the order; all of the demo data is
          // added at one instant, though, so its creation times are all the same (their ties below).
          if (field !== 'createdAt') {
            expect(new Set(values.filter((v) => v !== null)).size, `${label}: values`).toBeGreaterThan(1);
          }
          const keys = records.map((r) => String(r._id ?? r.id));
          values.slice(1).forEach((value, i) => {
            const previous = values[i] as SortValue;
            const at = `${label} at ${i + 1}: ${previous} then ${value}`;
            expect(inOrder(previous, value, descending), at).toBe(true);
            // Ties in the key's order, both ways: pages that do not shift between two reads.
            if (previous === value) expect((keys[i] as string) < (keys[i + 1] as string), at).toBe(true);
          });
          keysBothWays.push(keys);
          checked++;
        }
        // The same records both ways.
        expect([...(keysBothWays[0] ?? [])].sort(), `${def.path} ${field}`).toEqual(
          [...(keysBothWays[1] ?? [])].sort(),
        );
      }
    }
    expect(checked).toBeGreaterThan(150);
  });

  it('refuses an unknown ordering with a 400 naming the fields it may order by', async () => {
    for (const def of registeredResources(ctx.app)) {
      for (const ordering of ['nope', '-nope', '__proto__', 'id']) {
        const res = await call('GET', `${def.path}?ordering=${ordering}`);
        expect(res.statusCode, `${def.path}?ordering=${ordering}`).toBe(400);
        const body = res.json() as {
          errorCode: string;
          errorMessage: string;
          fieldErrors: Record<string, string>;
        };
        for (const field of def.sortable) {
          expect(body.fieldErrors.ordering, def.path).toContain(field);
        }
        expect(body.errorCode).toBe('VALIDATION_FAILED');
        expect(body.errorMessage).toBe(body.fieldErrors.ordering);
      }
    }
  });
});
