import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES } from '../../src/plugins/compression';
import { ADMIN, createTestContext, type TestContext } from '../context';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext({ SEED_DEMO: 'true' });
  token = await ctx.login(ADMIN.email, ADMIN.password);
});
afterAll(() => ctx.close());

/** A list of demo products, well over the threshold, asked for with `accept-encoding`. */
const list = (acceptEncoding?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/apps/product?page=1&pageSize=50',
    headers: {
      authorization: `Bearer ${token}`,
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
  });

describe('compressed answers', () => {
  it('a large GET answer goes out as brotli or gzip, as accepted, and reads back the same', async () => {
    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES * 4);

    const br = await list('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await list('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    // Nothing it knows: as it is.
    const other = await list('compress');
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-encoding']).toBeUndefined();
  });

  it('a small answer goes out as it is', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me/',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses what a POST answers (a session token beside text a caller chose: BREACH)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: ADMIN,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().accessToken).toEqual(expect.any(String));
  });

  it('reads no compressed request body: a gzip body is not a JSON one', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: Buffer.from([0x1f, 0x8b, 0x08, 0x00]),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(400);
  });
});
