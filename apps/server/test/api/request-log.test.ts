import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/lib/logger';
import { createTestContext, type TestContext } from '../context';

// The server's log of requests, as main.ts configures it (LOG_LEVEL=info).
const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { logger: { ...(loggerOptions('info', false) as object), stream } });
});
afterAll(() => ctx.close());

type Entry = {
  msg: string;
  reqId?: string;
  responseTime?: number;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
};
const entries = () => lines.map((line) => JSON.parse(line) as Entry);

describe('the request log', () => {
  it('one line per request once answered: method, address (secrets redacted), status and time', async () => {
    lines.length = 0;
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const reset = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/reset-password/check?token=secret-reset-token',
    });
    const logged = entries().filter((entry) => entry.req);
    expect(logged.map((entry) => entry.msg)).toEqual(['request completed', 'request completed']);
    expect(logged[0]).toMatchObject({
      req: { method: 'GET', url: '/api/health' },
      res: { statusCode: health.statusCode },
      reqId: health.headers['x-request-id'],
    });
    expect(logged[0]?.responseTime).toEqual(expect.any(Number));
    expect(logged[1]).toMatchObject({ res: { statusCode: reset.statusCode } });
    expect(logged[1]?.req?.url).toBe('/api/users/reset-password/check?token=[redacted]');
    expect(lines.join('\n')).not.toContain('secret-reset-token');
  });
});
