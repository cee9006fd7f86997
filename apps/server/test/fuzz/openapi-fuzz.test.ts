import { messages } from '@ledgerdesk/contracts';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN, createTestContext, engine, type TestContext } from '../context';

/*
 * A property-based fuzzer driven by the app's own OpenAPI document: every route and method, with
 * path parameters, query strings, headers and JSON bodies generated from their schemas and spoiled
 * with hostile values (NUL bytes, lone surrogates, very long strings, LIKE and SQL metacharacters,
 * huge and odd numbers, impossible dates, wrong types, extra and missing fields, odd orderings), as an
 * administrator (so that permissions do not answer first) and sometimes anonymously. Whatever it
 * sends, the answer is never a 5xx and never shows a stack trace, SQL or a path of the server.
 *
 * Bounded by count and by time: FUZZ_RUNS requests (default 4000) within FUZZ_SECONDS (default 75)
 * per database. The seed is fixed unless FUZZ_SEED says otherwise (a number, or "random"); it is
 * printed with a summary of the statuses, so that a failing run can be replayed.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 4000);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 75);
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.FUZZ_SEED ?? 20261123);

type Schema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  additionalProperties?: boolean | Schema;
  default?: unknown;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: Schema };
type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: { type: string; schema: Schema };
  /** Field names a list may be ordered by (from its answer's records): valid orderings, sometimes. */
  fields: string[];
};

/** A number written into the JSON text as it is: 1e400, -0, 1.0000000000000001, 123456789012345678901. */
class RawNumber {
  constructor(readonly text: string) {}
}
/**
 * A key of a record that exists (or existed), picked when sent from what the answers so far named:
 * for a field `projectId`, preferably a key from a list whose path names projects; for the `{id}` of
 * an address, a key from the list of that same path.
 */
class KnownId {
  constructor(
    readonly index: number,
    readonly field: string,
  ) {}
}

function toJson(value: unknown): string {
  if (value instanceof RawNumber) return value.text;
  if (value instanceof KnownId) return JSON.stringify(knownId(value));
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
function toText(value: unknown): string {
  if (value instanceof RawNumber) return value.text;
  if (value instanceof KnownId) return knownId(value);
  if (typeof value === 'string') return value;
  return toJson(value);
}

// ---------------------------------------------------------------------------------------------
// Hostile values

const hostileStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '\ud800',
  'x\udfffy',
  '\ufeff',
  '\u202eevil\u202c',
  'مرحبا بالعالم',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '%',
  '_',
  '\\',
  "'",
  "''",
  '"',
  "'; drop table users; --",
  '%_\\%\\_',
  '\\x00',
  '$1',
  '?',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '\r\n\r\nX-Injected: 1',
  '-',
  '--x',
  '-id',
  'unknown',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '-0',
  '99999999999999999999999',
  '0x10',
  '0000-00-00',
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59-23:59',
  '10000-01-01',
  '9999-12-31',
  '2024-02-30',
  '2024-13-01',
  '0001-01-01',
  '-000001-01-01',
  '275760-09-13',
  '2024-01-01T25:61:61Z',
  '2024-01-01T00:00:00+99:99',
  '1970-01-01T00:00:00.000Z',
  '1e400',
  '-1e400',
  '1e-400',
  '12345678901234567890.123456789',
  '0.0000000001',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '0000000-0000-0000-0000-000000000000',
  'a@b',
  'a@b.c',
  '@@',
  'ldk_',
  'Bearer x',
];
const hostileNumbers = [
  new RawNumber('1e308'),
  new RawNumber('-1e308'),
  new RawNumber('1e400'),
  new RawNumber('-0'),
  new RawNumber('0.1'),
  new RawNumber('1.5'),
  new RawNumber('9007199254740993'),
  new RawNumber('123456789012345678901234567890'),
  new RawNumber('-2147483649'),
  new RawNumber('2147483648'),
  new RawNumber('5e-324'),
  0,
  -1,
  2 ** 31,
  2 ** 53,
];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('x', '\u0000', '%', 'é', '😀'), fc.constantFrom(201, 256, 5001, 70_000))
      .map(([unit, n]) => unit.repeat(n)),
  },
  {
    weight: 5,
    arbitrary: fc
      .tuple(
        fc.string({ maxLength: 8 }),
        fc.constantFrom('\u0000', '\ud800', '%', '_', '\\', "'"),
        fc.string({ maxLength: 8 }),
      )
      .map((parts) => parts.join('')),
  },
);

/** Anything at all, where the schema wanted something else. */
const garbage: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.constantFrom<unknown>(...hostileNumbers),
    fc.constantFrom<unknown>(null, true, false, {}, [], [null], { '': '' }, { __proto__: { x: 1 } }),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', 'id', '_id', '__proto__', 'constructor', '\u0000'), tie('value'), {
      maxKeys: 3,
    }),
  ),
})).value;

// ---------------------------------------------------------------------------------------------
// Values from schemas

function typeOf(schema: Schema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

function validString(schema: Schema, name: string): fc.Arbitrary<unknown> {
  if (schema.format === 'uuid') {
    return fc.oneof(
      { weight: 3, arbitrary: fc.nat().map((n) => new KnownId(n, name)) },
      { weight: 1, arbitrary: fc.uuid() },
    );
  }
  if (schema.format === 'date') {
    return fc
      .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  }
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (schema.format === 'email' || /email/i.test(name)) {
    return fc.emailAddress();
  }
  if (/password/i.test(name))
    return fc.constantFrom('correct-horse-battery-staple-9', 'short', ADMIN.password);
  const max = Math.min(schema.maxLength ?? 40, 40);
  const min = Math.min(schema.minLength ?? 0, max);
  return fc.string({ minLength: Math.max(min, 1), maxLength: Math.max(max, 1) });
}

function validNumber(schema: Schema, integer: boolean): fc.Arbitrary<unknown> {
  const min = Math.max(schema.minimum ?? -1e6, -1e9);
  const max = Math.min(schema.maximum ?? 1e6, 1e9);
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) })
    : fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true });
}

/**
 * A value for `schema`: of its shape, except that `spoil` in a hundred values are hostile (a value of
 * the right type that no form would send) or of another type altogether. A request has a low spoil
 * rate most of the time, so that one bad value gets past the others to the code behind them.
 */
function schemaValue(schema: Schema, name: string, spoil: number, depth = 0): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => schemaValue(s, name, spoil, depth)));
  if (schema.allOf?.length) return schemaValue(Object.assign({}, ...schema.allOf), name, spoil, depth);
  return fc.oneof(
    { weight: 100 - spoil, arbitrary: typedValue(schema, name, spoil, depth) },
    { weight: spoil, arbitrary: fc.oneof(hostileOf(schema), hostileOf(schema), garbage) },
    { weight: schema.nullable ? 5 : 0, arbitrary: fc.constant(null) },
  );
}

/** A value of the schema's type that its checks (or the database) may not take. */
function hostileOf(schema: Schema): fc.Arbitrary<unknown> {
  const type = typeOf(schema);
  if (type === 'integer' || type === 'number') return fc.constantFrom<unknown>(...hostileNumbers);
  if (type === 'array') return fc.array(garbage, { maxLength: 3 });
  return hostileString;
}

function typedValue(schema: Schema, name: string, spoil: number, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  switch (typeOf(schema)) {
    case 'string':
      return validString(schema, name);
    case 'integer':
    case 'number':
      return validNumber(schema, typeOf(schema) === 'integer');
    case 'boolean':
      return fc.boolean();
    case 'array': {
      if (depth > 3) return fc.constant([]);
      const item = schemaValue(schema.items ?? {}, name, spoil, depth + 1);
      const tooMany = (schema.maxItems ?? 500) + 1;
      return fc.oneof(
        { weight: 100, arbitrary: fc.array(item, { maxLength: Math.min(schema.maxItems ?? 4, 4) }) },
        { weight: spoil, arbitrary: fc.array(item, { minLength: tooMany, maxLength: tooMany }) },
      );
    }
    case 'object':
      return depth > 3 ? fc.constant({}) : objectOf(schema, spoil, depth);
    default:
      return garbage;
  }
}

function objectOf(schema: Schema, spoil: number, depth: number): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = properties.map(([key, property]) =>
    fc
      .tuple(
        fc.constant(key),
        schemaValue(property, key, spoil, depth + 1),
        // Required fields are usually sent, optional ones half the time.
        fc.nat(9).map((n) => (required.has(key) ? n > 0 : n > 4)),
      )
      .map(([k, v, sent]) => (sent ? [k, v] : undefined)),
  );
  const extra = fc.oneof(
    { weight: 100, arbitrary: fc.constant([] as [string, unknown][]) },
    {
      weight: spoil,
      arbitrary: fc.array(
        fc.tuple(
          fc.constantFrom('extra', 'id', '_id', 'isAdmin', 'createdBy', 'version', '__proto__', '\u0000'),
          garbage,
        ),
        { maxLength: 2 },
      ),
    },
  );
  return fc.tuple(fc.tuple(...fields), extra).map(([present, more]) => {
    const object: Record<string, unknown> = {};
    // defineProperty, so that "__proto__" is a key like any other (as JSON.parse makes it).
    for (const entry of [...present, ...more] as ([string, unknown] | undefined)[]) {
      if (entry)
        Object.defineProperty(object, entry[0], {
          value: entry[1],
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    return object;
  });
}

// ---------------------------------------------------------------------------------------------
// Requests

type Sent = {
  operation: Operation;
  anonymous: boolean;
  path: Record<string, unknown>;
  query: [string, unknown][];
  headers: Record<string, unknown>;
  body: { kind: 'json'; value: unknown } | { kind: 'raw'; type: string; text: string } | { kind: 'none' };
};

const pathValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.nat().map((n) => new KnownId(n, 'id')) },
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 2, arbitrary: hostileString.filter((s) => s.length > 0) },
);

function queryOf(operation: Operation, spoil: number): fc.Arbitrary<[string, unknown][]> {
  const params = operation.parameters.filter((p) => p.in === 'query');
  const entries = params.map((p) =>
    fc
      .tuple(
        p.name === 'ordering'
          ? fc.oneof(
              {
                weight: 3,
                arbitrary: fc.constantFrom(
                  ...operation.fields.flatMap((f) => [f, `-${f}`]),
                  '-',
                  '--x',
                  'unknown',
                  '-unknown',
                  '',
                ),
              },
              { weight: 1, arbitrary: hostileString },
            )
          : schemaValue(p.schema, p.name, spoil),
        fc.nat(9).map((n) => n < (p.required ? 9 : 4)),
        // The same parameter twice: the query parser makes an array of it.
        fc.nat(19).map((n) => n === 0),
      )
      .map(([value, sent, twice]) =>
        sent
          ? twice
            ? [
                [p.name, value],
                [p.name, value],
              ]
            : [[p.name, value]]
          : [],
      ),
  );
  const extra = fc.oneof(
    { weight: 6, arbitrary: fc.constant([]) },
    {
      weight: 1,
      arbitrary: fc.array(
        fc.tuple(fc.constantFrom('x', 'a[b]', '__proto__', 'page[0]', '\u0000'), hostileString),
        { maxLength: 2 },
      ),
    },
  );
  return fc
    .tuple(fc.tuple(...entries), extra)
    .map(([chosen, more]) => [...(chosen.flat() as [string, unknown][]), ...(more as [string, unknown][])]);
}

function bodyOf(operation: Operation, spoil: number): fc.Arbitrary<Sent['body']> {
  if (!operation.body) {
    return fc.oneof(
      { weight: 9, arbitrary: fc.constant({ kind: 'none' as const }) },
      { weight: 1, arbitrary: garbage.map((value) => ({ kind: 'json' as const, value })) },
    );
  }
  if (operation.body.type !== 'application/json') {
    // The CSV of the library import: lines of hostile fields.
    const csv = fc
      .array(
        fc.array(
          fc.tuple(fc.oneof(hostileString, fc.constantFrom('1', '01', '1.1', 'L1', 'Unit')), fc.boolean()),
          {
            maxLength: 6,
          },
        ),
        { maxLength: 6 },
      )
      .map((rows) =>
        [
          'level,code,name,unit',
          ...rows.map((r) => r.map(([f, quoted]) => (quoted ? `"${f.replaceAll('"', '""')}"` : f)).join(',')),
        ].join('\n'),
      );
    return csv.map((text) => ({ kind: 'raw' as const, type: operation.body?.type ?? 'text/csv', text }));
  }
  return fc.oneof(
    {
      weight: 12,
      arbitrary: schemaValue(operation.body.schema, 'body', spoil).map((value) => ({
        kind: 'json' as const,
        value,
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '{"a":',
          '[',
          'null',
          '"x"',
          '{"__proto__":{"isAdmin":true}}',
          '\u0000',
          '{"a":"\\u0000"}',
          '{"a":"\\ud800"}',
          '1e400',
          '['.repeat(50_000) + ']'.repeat(50_000),
          `${'{"a":'.repeat(30_000)}1${'}'.repeat(30_000)}`,
        )
        .map((text) => ({ kind: 'raw' as const, type: 'application/json', text })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          hostileString,
          fc.constantFrom(
            'text/plain',
            'text/csv',
            'application/json; charset=utf-16',
            'application/json; charset=latin1',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/xml',
            '',
          ),
        )
        .map(([text, type]) => ({ kind: 'raw' as const, type, text })),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  );
}

function requestOf(operation: Operation): fc.Arbitrary<Sent> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const headerParams = operation.parameters.filter((p) => p.in === 'header');
  const withSpoil = (spoil: number) =>
    fc.record({
      operation: fc.constant(operation),
      anonymous: fc.nat(9).map((n) => n === 0),
      path: fc.record(Object.fromEntries(pathParams.map((p) => [p.name, pathValue]))),
      query: queryOf(operation, spoil),
      headers: fc.record(
        {
          ...Object.fromEntries(headerParams.map((p) => [p.name, pathValue])),
          // The version an update read (the optimistic-concurrency protocol), well formed or not.
          ...(['put', 'patch'].includes(operation.method)
            ? {
                'if-match': fc.oneof(
                  fc.nat().map((n) => `"${n}"`),
                  fc.constantFrom('"-1"', '*', 'W/"1"', '"1e400"', '""'),
                  hostileString,
                ),
              }
            : {}),
        },
        { requiredKeys: [] },
      ),
      body: bodyOf(operation, spoil),
    });
  return fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(3, 10, 40).chain(withSpoil) },
    // Everything of its shape but one field, hostile: the likeliest way past validation to the SQL.
    { weight: 2, arbitrary: withSpoil(0).chain((sent) => oneFieldSpoiled(operation, sent)) },
  );
}

/** The request with one of its query parameters or top-level body fields replaced by a hostile value. */
function oneFieldSpoiled(operation: Operation, sent: Sent): fc.Arbitrary<Sent> {
  const body = sent.body.kind === 'json' ? sent.body.value : undefined;
  const bodyFields =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? Object.entries(operation.body?.schema.properties ?? {})
      : [];
  const queryFields = operation.parameters
    .filter((p) => p.in === 'query')
    .map((p) => [p.name, p.schema] as const);
  const targets = [
    ...bodyFields.map(([name, schema]) => ({ in: 'body' as const, name, schema })),
    ...queryFields.map(([name, schema]) => ({ in: 'query' as const, name, schema })),
  ];
  if (targets.length === 0) return fc.constant(sent);
  return fc.nat(targets.length - 1).chain((i) => {
    const target = targets[i] as (typeof targets)[number];
    return hostileOf(target.schema).map((value): Sent => {
      if (target.in === 'query') {
        return { ...sent, query: [...sent.query.filter(([k]) => k !== target.name), [target.name, value]] };
      }
      const spoiled = { ...(body as object) };
      Object.defineProperty(spoiled, target.name, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return { ...sent, body: { kind: 'json', value: spoiled } };
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Running them

let ctx: TestContext;
let token = '';
const operations: Operation[] = [];
const knownIds: string[] = [];
const seenIds = new Set<string>();
/** Numbers the fuzzer's requests (their addresses) and the administrators it makes. */
let seq = 1;

/** Keys by the list (path, without its `{id}` part) whose answers named them. */
const keysByList = new Map<string, string[]>();
/** The list of the request being sent: where a path's `{id}` is looked up. */
let sendingList = '';
const listOf = (path: string) => path.replace(/\/\{.*$/, '').replace(/\/$/, '');
/** Fields that name a user under another word. */
const userFields = /^(assignee|member|lead|projectLead|owner|user|createdBy|updatedBy)$/i;

function knownId(pick: KnownId): string {
  const stem = pick.field.replace(/Ids?$/, '');
  const lists =
    pick.field === 'id' || pick.field === '_id'
      ? [sendingList]
      : [...keysByList.keys()].filter((list) =>
          userFields.test(stem)
            ? list === '/api/users/user'
            : stem && list.toLowerCase().includes(stem.toLowerCase()),
        );
  const pool = lists.flatMap((list) => keysByList.get(list) ?? []);
  const from = pool.length ? pool : knownIds;
  return from.length ? (from[pick.index % from.length] as string) : '00000000-0000-4000-8000-000000000000';
}

/** The keys of the records of a list's page or of a mutation's `data`, filed under the list. */
function harvestRecords(path: string, body: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return;
  }
  const answer = parsed as { results?: unknown; data?: unknown };
  const records = Array.isArray(answer?.results) ? answer.results : [answer?.data];
  const list = listOf(path);
  const keys = keysByList.get(list) ?? [];
  for (const record of records) {
    const key =
      (record as { id?: unknown; _id?: unknown } | null)?.id ?? (record as { _id?: unknown } | null)?._id;
    if (typeof key === 'string' && keys.length < 500 && !keys.includes(key)) keys.push(key);
  }
  keysByList.set(list, keys);
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
function harvest(body: string) {
  for (const id of body.match(UUID) ?? []) {
    if (seenIds.has(id) || knownIds.length > 2000) continue;
    seenIds.add(id);
    knownIds.push(id);
  }
}

/**
 * Percent-encoded, as a browser would; a lone surrogate (which UTF-8 cannot carry) goes as the bytes
 * of its code unit (WTF-8), which are not valid UTF-8: one more hostile input.
 */
function encode(value: string): string {
  return value.replace(/[\ud800-\udbff][\udc00-\udfff]|[\s\S]/g, (c) => {
    if (c.length === 2 || !/[\ud800-\udfff]/.test(c)) return encodeURIComponent(c);
    const code = c.charCodeAt(0);
    return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)]
      .map((b) => `%${b.toString(16).toUpperCase()}`)
      .join('');
  });
}

function urlOf(sent: Sent): string {
  const path = sent.operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encode(toText(sent.path[name])),
  );
  const query = sent.query.map(([k, v]) => `${encode(k)}=${encode(toText(v))}`).join('&');
  return query ? `${path}?${query}` : path;
}

/** Header values are ASCII without control characters, or the request cannot be sent at all. */
function headerText(value: unknown): string {
  return toText(value).replace(/[^\x20-\x7e]/g, '?');
}

async function send(sent: Sent): Promise<{ res: LightMyRequestResponse; request: string }> {
  sendingList = listOf(sent.operation.path);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(sent.headers)) headers[name] = headerText(value);
  if (!sent.anonymous) headers.authorization = `Bearer ${token}`;
  let payload: string | undefined;
  if (sent.body.kind === 'json') {
    payload = toJson(sent.body.value);
    headers['content-type'] = 'application/json';
  } else if (sent.body.kind === 'raw') {
    payload = sent.body.text;
    headers['content-type'] = sent.body.type;
  }
  const url = urlOf(sent);
  const res = await ctx.app.inject({
    method: sent.operation.method.toUpperCase() as 'GET',
    url,
    headers,
    ...(payload === undefined ? {} : { payload }),
    // Another address each time: the sign-in throttle of one address must not lock the fuzzer out.
    remoteAddress: `10.${(seq >> 16) & 255}.${(seq >> 8) & 255}.${seq++ & 255}`,
  });
  return {
    res,
    request: `${sent.operation.method.toUpperCase()} ${url}${payload === undefined ? '' : ` ${payload.slice(0, 300)}`}`,
  };
}

/** Signs the administrator in again when a call signed them out, or makes a new one if need be. */
async function ensureSignedIn() {
  const me = await ctx.app.inject({
    method: 'GET',
    url: '/api/users/me/',
    headers: { authorization: `Bearer ${token}` },
  });
  if (me.statusCode === 200 && me.json().isAdmin) return;
  const email = `fuzz-admin-${seq++}@test.local`;
  await ctx.createUser({ email, password: ADMIN.password, isAdmin: true });
  token = await ctx.login(email, ADMIN.password);
}

const leaks: [string, RegExp][] = [
  ['a stack trace', /\bat [^\n]*[/\\][^\n]*\.(?:[cm]?js|ts):\d+/],
  [
    'SQL',
    /\bselect\s[^\n]*\bfrom\b|\binsert into\b|\bviolates\b|\bsyntax error at\b|\bduplicate key\b|\brelation "/i,
  ],
  ['a server path', /\/work\/|node_modules|\/home\/|\/usr\/src\//],
];

type Failure = { route: string; problem: string; request: string; status: number; body: string };

beforeAll(async () => {
  ctx = await createTestContext({ SEED_DEMO: 'true' });
  token = await ctx.login(ADMIN.email, ADMIN.password);
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Parameter[];
          requestBody?: { content: Record<string, { schema: Schema }> };
          responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
        }
      >
    >;
  };
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = Object.entries(op.requestBody?.content ?? {})[0];
      const answer = op.responses?.['200']?.content?.['application/json']?.schema;
      const record = answer?.properties?.results?.items ?? answer?.properties?.data ?? answer;
      operations.push({
        method,
        path,
        parameters: op.parameters ?? [],
        ...(content ? { body: { type: content[0], schema: content[1].schema } } : {}),
        fields: Object.keys(record?.properties ?? {}).filter((f) => !f.startsWith('_')),
      });
    }
  }
  // Some keys of records that exist, for path parameters and references.
  for (const op of operations.filter((o) => o.method === 'get' && !o.path.includes('{'))) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: op.path,
      headers: { authorization: `Bearer ${token}` },
    });
    harvest(res.body);
    harvestRecords(op.path, res.body);
  }
}, 120_000);
afterAll(() => ctx?.close());

it(
  `answers every generated request of every route without a 5xx or a leak (${engine})`,
  async () => {
    expect(operations.length).toBeGreaterThan(100);
    const statuses = new Map<number, number>();
    const failures: Failure[] = [];
    const started = Date.now();
    let count = 0;
    const request = fc.constantFrom(...operations).chain(requestOf);
    await fc.assert(
      fc.asyncProperty(request, async (sent) => {
        const { res, request: described } = await send(sent);
        count += 1;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode < 300) {
          harvest(res.body);
          harvestRecords(sent.operation.path, res.body);
        }
        const route = `${sent.operation.method.toUpperCase()} ${sent.operation.path}`;
        const fail = (problem: string) =>
          failures.push({
            route,
            problem,
            request: described,
            status: res.statusCode,
            body: res.body.slice(0, 400),
          });
        if (res.statusCode >= 500) fail(`answered ${res.statusCode}`);
        // The error handler's last net for a value the database refused: no 500, but the route's
        // validation let through what it should have named.
        if (res.body.includes(messages.valueOutOfRange)) fail('let through a value the database refused');
        for (const [what, pattern] of leaks) {
          // What the request itself sent may come back in a record: only what it did not send is a leak.
          if (pattern.test(res.body) && !pattern.test(described)) fail(`shows ${what}`);
        }
        if (
          res.statusCode === 200 &&
          String(res.headers['content-type']).startsWith('text/csv') &&
          !res.body.endsWith('\r\n')
        )
          fail('sent a CSV cut short');
        // A call may have signed the administrator out (sign-out, sessions) or changed them.
        if (res.statusCode === 401 || /logout|sessions|password|user\/\{id\}/.test(sent.operation.path))
          await ensureSignedIn();
      }),
      // Failures are collected, not thrown: one run shows every class it met (and so no shrinking).
      { seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: SECONDS * 1000, endOnFailure: true },
    );
    const summary = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    console.log(
      `openapi fuzz on ${engine}: ${count} requests over ${operations.length} operations in ${((Date.now() - started) / 1000).toFixed(1)} s, seed ${SEED} (FUZZ_SEED): ${summary}`,
    );
    // One example of each kind of failure per route is enough to see the class of input.
    const byClass = new Map<string, Failure>();
    for (const failure of failures)
      byClass.set(
        `${failure.route} ${failure.problem}`,
        byClass.get(`${failure.route} ${failure.problem}`) ?? failure,
      );
    expect([...byClass.values()]).toEqual([]);
  },
  (SECONDS + 120) * 1000,
);
