import { messages } from '@ledgerdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../src/app';
import { createTestContext, type TestContext } from '../context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // Routes that exist only in this test, to reach the error handler's last resort.
  ctx.app.get('/api/test/boom', { config: { access: 'public' } }, () => {
    throw new Error('secret detail: connection string postgres://user:pw@host');
  });
});
afterAll(() => ctx.close());

describe('the error handler', () => {
  it('an unknown /api route is a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ errorCode: 'NOT_FOUND', errorMessage: messages.notFound });
  });

  it('a page request without a built web app is a 404 too, not a crash', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/dashboard', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
  });

  it('an unexpected error is a 500 without its detail', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ errorCode: 'INTERNAL_ERROR', errorMessage: messages.internalError });
    expect(res.body).not.toContain('secret');
  });

  it('a body over the limit is a 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(BODY_LIMIT_BYTES) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ errorCode: 'PAYLOAD_TOO_LARGE', errorMessage: messages.tooLarge });
  });

  it('malformed JSON is a 400 that says so', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorMessage).toBe('The request body is not valid JSON.');
  });

  it('an unsupported content type is a 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().errorCode).toBe('BAD_REQUEST');
  });

  it('a missing body is a 400 with a field error, not a 500', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/users/login/' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('VALIDATION_FAILED');
  });

  it('every response carries a request id', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/healthz',
      headers: { 'x-request-id': 'trace-42' },
    });
    expect(res.headers['x-request-id']).toBe('trace-42');
  });
});

describe('security headers', () => {
  it('sends a Content-Security-Policy that allows only this origin’s scripts', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('health and documentation', () => {
  it('healthz and readyz answer', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('the OpenAPI document describes the sign-in call', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/users/login/'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/users/me/'].get).toBeDefined();
  });

  it('the reference page is served at /api/docs', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('readiness without a database', () => {
  it('readyz answers 503 when the database is gone, healthz still 200', async () => {
    const other = await createTestContext();
    await other.database.close();
    const ready = await other.app.inject({ method: 'GET', url: '/api/readyz' });
    expect(ready.statusCode).toBe(503);
    expect((await other.app.inject({ method: 'GET', url: '/api/healthz' })).statusCode).toBe(200);
    await other.app.close();
  });
});
