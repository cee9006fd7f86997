import { errorCodes } from '@ledgerdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredResources } from '../../src/resources/engine';
import { ADMIN, apiCaller, createTestContext, type TestContext } from '../context';

// Lost updates: every resource of the engine carries a version; of two updates that read the same
// version only one wins, the other gets 409 STALE_RECORD with the record as it is now.
let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  // The demo data: a record of every area to change.
  ctx = await createTestContext({ SEED_DEMO: 'true' });
  admin = await ctx.login(ADMIN.email, ADMIN.password);
});
afterAll(() => ctx.close());

const call = apiCaller(() => ({ ctx, token: admin }));
type Rec = Record<string, unknown> & { version: number };
const keyOf = (record: Rec) => String(record._id ?? record.id);

describe('every resource of the engine', () => {
  it('are all registered (the walk below misses none)', () => {
    expect(registeredResources(ctx.app).length).toBeGreaterThanOrEqual(19);
  });

  it('start at version 1 whatever a create names, and refuse a version no integer column holds', async () => {
    const created = await call('POST', '/api/apps/task', { task: 'Versioned from the start', version: 7 });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.version).toBe(1);
    const key = created.json().data._id;
    const tooLarge = await call('PATCH', `/api/apps/task/${key}`, { task: 'Too far', version: 2 ** 31 });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().fieldErrors).toEqual({ version: 'The version is too large.' });
  });

  it('refuses the second of two updates of the same version, with the current record', async () => {
    const resources = registeredResources(ctx.app);
    expect(resources.length).toBeGreaterThan(0);
    for (const def of resources) {
      const list = await call('GET', `${def.path}?pageSize=1`);
      expect(list.statusCode, def.path).toBe(200);
      const [record] = list.json().results as Rec[];
      if (!record) throw new Error(`${def.path}: no demo record to change`);
      const key = keyOf(record);

      // A field of the input that takes four new values: a text (not an email, a date, an enum...),
      // else an amount (an order has no free text, but a discount).
      const input = def.toInput(record) as Record<string, unknown>;
      const tags = ['A', 'B', 'C', 'D'] as const;
      const families = [
        (field: string, tag: string) =>
          `Changed ${tag} ${String(input[field]).replace(/\W/g, '').slice(0, 8)}`,
        (_field: string, tag: string) => `0.0${tags.indexOf(tag as (typeof tags)[number]) + 1}`,
      ];
      let found: { field: string; newValue: (field: string, tag: string) => string } | undefined;
      for (const newValue of families) {
        const field = Object.keys(input).find(
          (name) =>
            name !== 'version' &&
            typeof input[name] === 'string' &&
            tags.every((tag) => {
              const value = newValue(name, tag);
              return value !== input[name] && def.input.safeParse({ ...input, [name]: value }).success;
            }),
        );
        if (field) {
          found = { field, newValue };
          break;
        }
      }
      if (!found) throw new Error(`${def.path}: no field to change`);
      const { field, newValue } = found;
      const changedTo = (current: Rec) => (def.toInput(current) as Record<string, unknown>)[field];

      // GET sends the version as the ETag.
      const one = await call('GET', `${def.path}/${key}`);
      expect(one.statusCode, def.path).toBe(200);
      expect(one.headers.etag, def.path).toBe(`"${record.version}"`);

      // The updates audited before these (the demo's history may hold some).
      const audited = async () =>
        (await call('GET', `/api/audit/?entity=${def.entity}&entityKey=${key}&action=update`)).json().count;
      const updatesBefore = await audited();

      // Two PATCHes at once, both from the version read: exactly one wins.
      const version = record.version;
      const answers = await Promise.all(
        ['A', 'B'].map((tag) =>
          call('PATCH', `${def.path}/${key}`, { [field]: newValue(field, tag), version }),
        ),
      );
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses, `${def.path}: ${answers.map((res) => res.body).join(' | ')}`).toEqual([200, 409]);
      const won = answers.find((res) => res.statusCode === 200)?.json().data as Rec;
      const lost = answers.find((res) => res.statusCode === 409)?.json();
      expect(won.version, def.path).toBe(version + 1);
      expect(lost.errorCode, def.path).toBe(errorCodes.stale);
      expect(lost.current.version, def.path).toBe(version + 1);
      expect(changedTo(lost.current), def.path).toBe(changedTo(won));

      // If-Match: an old version is refused, the current one applies.
      const staleTag = await call(
        'PATCH',
        `${def.path}/${key}`,
        { [field]: newValue(field, 'C') },
        { headers: { 'if-match': `"${version}"` } },
      );
      expect(staleTag.statusCode, def.path).toBe(409);
      expect(staleTag.json().current.version, def.path).toBe(version + 1);
      const freshTag = await call(
        'PATCH',
        `${def.path}/${key}`,
        { [field]: newValue(field, 'C') },
        { headers: { 'if-match': `"${version + 1}"` } },
      );
      expect(freshTag.statusCode, `${def.path}: ${freshTag.body}`).toBe(200);
      expect(freshTag.json().data.version, def.path).toBe(version + 2);

      // Without a version the update applies (the last writer wins).
      const blind = await call('PATCH', `${def.path}/${key}`, { [field]: newValue(field, 'D') });
      expect(blind.statusCode, `${def.path}: ${blind.body}`).toBe(200);
      expect(blind.json().data.version, def.path).toBe(version + 3);
      expect(changedTo(blind.json().data), def.path).toBe(newValue(field, 'D'));

      // An update that changes nothing writes nothing: no new version, no audit entry.
      const updates = await audited();
      expect(updates, def.path).toBe(updatesBefore + 3);
      const same = await call('PATCH', `${def.path}/${key}`, {
        [field]: newValue(field, 'D'),
        version: version + 3,
      });
      expect(same.statusCode, def.path).toBe(200);
      expect(same.json().data.version, def.path).toBe(version + 3);
      expect(await audited(), def.path).toBe(updates);

      // The PUT alias (key in the body) follows the same rule.
      if (def.updateAlias) {
        const put = await call('PUT', def.updateAlias, {
          _id: key,
          [field]: newValue(field, 'A'),
          version,
        });
        expect(put.statusCode, def.updateAlias).toBe(409);
        expect(put.json().current.version, def.updateAlias).toBe(version + 3);
      }
    }
  });

  it('answers 400 to an If-Match that is not a version', async () => {
    const [def] = registeredResources(ctx.app);
    if (!def) throw new Error('no resource');
    const [record] = (await call('GET', `${def.path}?pageSize=1`)).json().results as Rec[];
    if (!record) throw new Error('no record');
    const res = await call(
      'PATCH',
      `${def.path}/${keyOf(record)}`,
      {},
      { headers: { 'if-match': 'yesterday' } },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('if-match');
  });
});

/** Two calls at once; their statuses, lowest first. */
async function race(calls: (() => Promise<{ statusCode: number; body: string }>)[]) {
  const answers = await Promise.all(calls.map((c) => c()));
  return { statuses: answers.map((res) => res.statusCode).sort(), answers };
}

describe('two writers without a version', () => {
  it('both changes stay when they change different fields (only changed fields are written)', async () => {
    const created = await call('POST', '/api/apps/task', { task: 'Two writers', description: 'first' });
    expect(created.statusCode).toBe(201);
    const id = created.json().data._id;
    const answers = await Promise.all([
      call('PATCH', `/api/apps/task/${id}`, { description: 'written by one' }),
      call('PATCH', `/api/apps/task/${id}`, { priority: 'High' }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const task = (await call('GET', `/api/apps/task/${id}`)).json();
    expect(task).toMatchObject({ description: 'written by one', priority: 'High', version: 3 });
  });
});

describe('the library', () => {
  it('codes: one of two updates of the same version wins; If-Match and a version-less PUT apply', async () => {
    const [code] = (await call('GET', '/api/library/l2codes/?pageSize=1')).json().results;
    const url = `/api/library/l2codes/${code.id}/`;
    const read = await call('GET', url);
    expect(read.statusCode).toBe(200);
    expect(read.headers.etag).toBe(`"${code.version}"`);
    const body = (description: string, extra: object = {}) => ({
      id: code.id,
      code: code.code,
      parentId: code.parent.id,
      description,
      isActive: code.isActive,
      notes: code.notes,
      ...extra,
    });
    const { statuses, answers } = await race(
      ['First', 'Second'].map((d) => () => call('PUT', url, body(d, { version: code.version }))),
    );
    expect(statuses, answers.map((res) => res.body).join(' | ')).toEqual([200, 409]);
    const lost = JSON.parse(answers.find((res) => res.statusCode === 409)?.body ?? '{}');
    expect(lost.errorCode).toBe(errorCodes.stale);
    expect(lost.current).toMatchObject({ id: code.id, version: code.version + 1 });

    const stale = await call('PUT', url, body('Third'), { headers: { 'if-match': `"${code.version}"` } });
    expect(stale.statusCode).toBe(409);
    const blind = await call('PUT', url, body('Third'));
    expect(blind.json().data).toMatchObject({ description: 'Third', version: code.version + 2 });
    // Nothing changes: nothing is written.
    const same = await call('PUT', url, body('Third', { version: code.version + 2 }));
    expect(same.json().data.version).toBe(code.version + 2);
  });

  it('a rename of a code makes the codes below it stale (their full code changed)', async () => {
    const [parent] = (await call('GET', '/api/library/l3codes/?pageSize=1')).json().results;
    const [child] = (await call('GET', `/api/library/l4codes/?parent=${parent.id}&pageSize=1`)).json()
      .results;
    const renamed = await call('PUT', `/api/library/l3codes/${parent.id}/`, {
      id: parent.id,
      code: 'ZZ9',
      parentId: parent.parent.id,
      description: parent.description,
      version: parent.version,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const edit = await call('PUT', `/api/library/l4codes/${child.id}/`, {
      id: child.id,
      code: child.code,
      parentId: parent.id,
      description: 'Edited from a stale form',
      version: child.version,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().current.codeComb).toMatch(/-ZZ9-/);
  });

  it('units: a stale rename is refused', async () => {
    const [unit] = (await call('GET', '/api/library/units/')).json();
    const url = `/api/library/units/${unit.id}/`;
    const { statuses } = await race(
      ['pcs2', 'pcs3'].map((name) => () => call('PUT', url, { id: unit.id, name, version: unit.version })),
    );
    expect(statuses).toEqual([200, 409]);
    const stale = await call('PUT', url, { id: unit.id, name: 'pcs4', version: unit.version });
    expect(stale.json()).toMatchObject({
      errorCode: errorCodes.stale,
      current: { version: unit.version + 1 },
    });
  });
});

describe('checkout', () => {
  const published = async () => {
    const [product] = (
      await call('GET', '/api/apps/product?type=published&ordering=-stock&pageSize=1')
    ).json().results;
    return product as Rec & { _id: string; price: string; stock: number; name: string };
  };
  const activeCustomer = async () =>
    (await call('GET', '/api/apps/customer?status=Active&pageSize=1')).json().results[0]._id as string;
  const checkout = (customerId: string, productId: string, priceSeen: string, quantity = 1) =>
    call('POST', '/api/apps/order', {
      customerId,
      paymentMethod: 'Card',
      lines: [{ productId, quantity, priceSeen }],
    });

  it('places the order at the price seen, and refuses it (409 naming the change) once the price changed', async () => {
    const customerId = await activeCustomer();
    const product = await published();
    const placed = await checkout(customerId, product._id, product.price);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data.lines[0].price).toBe(product.price);

    const raised = await call('PATCH', `/api/apps/product/${product._id}`, { price: '1234.56' });
    expect(raised.statusCode).toBe(200);
    const stockBefore = raised.json().data.stock;
    const refused = await checkout(customerId, product._id, product.price);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: errorCodes.stale,
      fieldErrors: { 'lines.0.priceSeen': expect.stringContaining('1234.56') },
      current: { products: [{ _id: product._id, price: '1234.56' }] },
    });
    // No order was placed: the stock is untouched.
    expect((await call('GET', `/api/apps/product/${product._id}`)).json().stock).toBe(stockBefore);
    expect((await checkout(customerId, product._id, '1234.56')).statusCode).toBe(201);
  });

  it('an order changes the stock: a product form still showing the old stock is stale', async () => {
    const customerId = await activeCustomer();
    const product = await published();
    expect((await checkout(customerId, product._id, product.price)).statusCode).toBe(201);
    const edit = await call('PATCH', `/api/apps/product/${product._id}`, {
      stock: product.stock,
      version: product.version,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().current.stock).toBe(product.stock - 1);
  });

  it('never sells more than the stock, however many check out at once', async () => {
    const customerId = await activeCustomer();
    const product = await published();
    const last = await call('PATCH', `/api/apps/product/${product._id}`, { stock: 1 });
    expect(last.statusCode).toBe(200);
    const { statuses } = await race(
      [1, 2, 3].map(() => () => checkout(customerId, product._id, product.price)),
    );
    expect(statuses).toEqual([201, 409, 409]);
    expect((await call('GET', `/api/apps/product/${product._id}`)).json().stock).toBe(0);
  });
});
