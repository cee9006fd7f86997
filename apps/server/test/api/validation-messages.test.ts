import { type ErrorResponse, fieldErrorCodes, fieldErrorText, messages } from '@ledgerdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestContext, engine, type TestContext } from '../context';

/*
 * Whatever a client leaves out or gets wrong, the answer says it in words a person reads, and gives
 * each field's error a code the web translates: zod's own texts ("Invalid input: expected string,
 * received undefined") never reach a client. Driven by the OpenAPI document: every route with a JSON
 * body gets `{}` and a body of wrong types; every route with a query gets wrong values in it.
 */

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; enum?: unknown[] };
type Operation = {
  method: string;
  path: string;
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};

/** zod's English texts (its `en` locale), which the contracts' error map replaces. */
const zodTexts =
  /Invalid input|expected \w+, received|Invalid (option|string|element|key|union)|Too (big|small):|Unrecognized keys?:/;
const knownCodes = new Set<string>(fieldErrorCodes);

let ctx: TestContext;
let token: string;
const operations: Operation[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.login(ADMIN.email, ADMIN.password);
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  };
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) operations.push({ method, path, ...op });
});
afterAll(() => ctx.close());

/** A value of another type than the schema's: a number for a text, a text for anything else. */
function wrongValue(schema: Schema | undefined): unknown {
  const types = [schema?.type ?? []].flat();
  return types.includes('string') ? 12345 : 'not-this';
}

/** The address with its path parameters filled: a key no record has (the body is checked first). */
function addressOf(op: Operation, query = ''): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const schema = op.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema;
    return String(schema?.enum?.[0] ?? '00000000-0000-4000-8000-000000000000');
  });
  return query ? `${path}?${query}` : path;
}

type Sent = { route: string; status: number; body: Partial<ErrorResponse> };

async function send(op: Operation, payload?: object, query = ''): Promise<Sent> {
  const res = await ctx.call(token, op.method.toUpperCase() as 'POST', addressOf(op, query), payload);
  let body: Partial<ErrorResponse> = {};
  try {
    body = res.json();
  } catch {
    // Not JSON (a CSV export, a page): nothing to read.
  }
  return {
    route: `${op.method.toUpperCase()} ${op.path}${query ? `?${query}` : ''}`,
    status: res.statusCode,
    body,
  };
}

/** What is wrong with an answer's messages, if anything. */
function problemsOf({ route, status, body }: Sent): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`${route}: ${status}`);
  if (status < 400 || !body.errorMessage) return problems;
  if (zodTexts.test(body.errorMessage)) problems.push(`${route}: ${body.errorMessage}`);
  for (const [field, message] of Object.entries(body.fieldErrors ?? {})) {
    if (zodTexts.test(message)) problems.push(`${route} ${field}: ${message}`);
    const code = body.fieldErrorCodes?.[field]?.code;
    if (!code || !knownCodes.has(code)) problems.push(`${route} ${field}: no known code (${code})`);
  }
  return problems;
}

describe(`validation messages (${engine})`, () => {
  it('an empty body and a body of wrong types get human messages and a code per field', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const op of operations) {
      const schema = op.requestBody?.content['application/json']?.schema;
      if (!schema) continue;
      const wrong = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [name, wrongValue(property)]),
      );
      for (const payload of [{}, wrong]) {
        const sent = await send(op, payload);
        if (sent.body.fieldErrors) checked += 1;
        problems.push(...problemsOf(sent));
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });

  it('wrong query values get human messages and a code per field', async () => {
    const problems: string[] = [];
    for (const op of operations) {
      const names = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      if (names.length === 0) continue;
      const query = names.map((name) => `${encodeURIComponent(name)}=%21%21`).join('&');
      problems.push(...problemsOf(await send(op, undefined, query)));
    }
    expect(problems).toEqual([]);
  });

  it('a missing required field says "Required", in English and by its code', async () => {
    const res = await ctx.call(token, 'POST', '/api/users/user/', {
      lastName: 'Lovelace',
      email: 'ada@example.com',
      sendPasswordMail: true,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as ErrorResponse;
    expect(body.errorMessage).toBe(messages.validation);
    expect(body.fieldErrorCodes?.firstName).toEqual({ code: 'required' });
    expect(body.fieldErrors?.firstName).not.toMatch(zodTexts);
    expect(fieldErrorText({ code: 'required' }, 'fr')).toBe('Obligatoire');
  });

  it('a project without a name, and a date that is none, get their codes', async () => {
    const res = await ctx.call(token, 'POST', '/api/add/project', { dueDate: '31/12/2026' });
    expect(res.statusCode).toBe(400);
    const codes = (res.json() as ErrorResponse).fieldErrorCodes ?? {};
    expect(Object.values(codes).map((error) => error.code)).toContain('required');
  });

  it('a NUL character names its field with its code', async () => {
    const res = await ctx.call(token, 'POST', '/api/add/project', { name: 'a\u0000b' });
    expect(res.statusCode).toBe(400);
    expect((res.json() as ErrorResponse).fieldErrorCodes).toEqual({ name: { code: 'nulCharacter' } });
  });
});
