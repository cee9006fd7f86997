import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema';
import { ADMIN, apiCaller, createdData, createTestContext, type TestContext } from '../context';
import { png, sendFiles } from '../multipart';

// Products' pictures are image attachments: upload, order (the first is the main one), delete,
// images only, the area's permissions, and a deleted product takes its pictures' rows along.
let ctx: TestContext;
let admin: string;
let viewer: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN.email, ADMIN.password);
  await ctx.createUser({
    email: 'viewer@shop.test',
    password: ADMIN.password,
    permissions: ['ecommerce.view'],
  });
  viewer = await ctx.login('viewer@shop.test', ADMIN.password);
});
afterAll(() => ctx.close());

const call = apiCaller(() => ({ ctx, token: admin }));

const upload = (productId: string, parts: [string, Buffer][], token = admin) =>
  sendFiles(ctx, token, `/api/apps/product/${productId}/attachments`, parts);
type Image = { id: string; url: string; thumbnailUrl: string | null };
type Product = { _id: string; images: Image[]; image: string | null };
const product = async (name: string) =>
  createdData<Product>(
    await call('POST', '/api/apps/product', {
      name,
      category: 'Kids',
      price: '12',
      stock: 5,
      type: 'published',
    }),
  );
const read = async (id: string): Promise<Product> => (await call('GET', `/api/apps/product/${id}`)).json();

describe('product pictures', () => {
  it('uploads several, shows them in order with the first as the main one, and serves them', async () => {
    const train = await product('Wooden Train');
    expect(train).toMatchObject({ images: [], image: null });
    const res = await upload(train._id, [
      ['red.png', await png('#c83a3c')],
      ['blue.png', await png('#2f6fd1')],
    ]);
    expect(res.statusCode).toBe(201);
    const uploaded = res.json().files as { id: string; mime: string; position: number }[];
    expect(uploaded.map((f) => [f.mime, f.position])).toEqual([
      ['image/png', 0],
      ['image/png', 1],
    ]);

    // Thumbnails are made by the outbox's worker.
    await ctx.app.outbox.drain();
    const shown = await read(train._id);
    expect(shown.images.map((i) => i.id)).toEqual(uploaded.map((f) => f.id));
    const [main] = shown.images;
    expect(main?.thumbnailUrl).toMatch(/^\/api\/files\/[0-9a-f-]+\/thumbnail\?/);
    expect(shown.image).toBe(main?.thumbnailUrl);

    // The list carries the main picture too, and the signed URLs open without a session.
    const list = (await call('GET', '/api/apps/product?search=Wooden%20Train')).json();
    expect(list.results[0]).toMatchObject({ _id: train._id, image: shown.image });
    const content = await ctx.app.inject({ method: 'GET', url: main?.url ?? '' });
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('image/png');
    const thumbnail = await ctx.app.inject({ method: 'GET', url: main?.thumbnailUrl ?? '' });
    expect(thumbnail.headers['content-type']).toBe('image/webp');
  });

  it('reordering changes the main picture; deleting one leaves the others', async () => {
    const kite = await product('Kite');
    const ids = (
      (
        await upload(kite._id, [
          ['a.png', await png('#e6b42a')],
          ['b.png', await png('#3d8c58')],
          ['c.png', await png('#7e2539')],
        ])
      ).json().files as { id: string }[]
    ).map((f) => f.id);
    const [a, b, c] = ids;
    const reordered = await call('PUT', `/api/apps/product/${kite._id}/attachments/order`, {
      ids: [c, a, b],
    });
    expect(reordered.statusCode).toBe(200);
    const after = await read(kite._id);
    expect(after.images.map((i) => i.id)).toEqual([c, a, b]);
    expect(after.image).toContain(`/api/files/${c}/`);

    // The order must name every picture once.
    const partial = await call('PUT', `/api/apps/product/${kite._id}/attachments/order`, { ids: [a, b] });
    expect(partial.statusCode).toBe(400);

    expect((await call('DELETE', `/api/apps/product/${kite._id}/attachments/${c}`)).statusCode).toBe(200);
    const left = await read(kite._id);
    expect(left.images.map((i) => i.id)).toEqual([a, b]);
    expect(left.image).toContain(`/api/files/${a}/`);
  });

  it('refuses a file that is not an image, whatever its name says, and keeps nothing', async () => {
    const blocks = await product('Alphabet Blocks');
    const html = Buffer.from('<html><body><script>alert(1)</script></body></html>');
    const res = await upload(blocks._id, [['photo.png', html]]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorMessage).toBe('Only images can be attached here.');
    const mixed = await upload(blocks._id, [
      ['ok.png', await png('#2a8c8c')],
      ['notes.txt', Buffer.from('just text')],
    ]);
    expect(mixed.statusCode).toBe(400);
    expect((await read(blocks._id)).images).toEqual([]);
  });

  it('lets viewers see pictures but only managers change them', async () => {
    const ball = await product('Play Ball');
    const [picture] = (await upload(ball._id, [['ball.png', await png('#e8782c')]])).json().files as {
      id: string;
    }[];
    const seen = await call('GET', `/api/apps/product/${ball._id}/attachments`, undefined, { token: viewer });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().items).toHaveLength(1);
    expect((await upload(ball._id, [['x.png', await png('#000000')]], viewer)).statusCode).toBe(403);
    const removal = await call(
      'DELETE',
      `/api/apps/product/${ball._id}/attachments/${picture?.id}`,
      undefined,
      {
        token: viewer,
      },
    );
    expect(removal.statusCode).toBe(403);
    const order = await call(
      'PUT',
      `/api/apps/product/${ball._id}/attachments/order`,
      { ids: [picture?.id] },
      {
        token: viewer,
      },
    );
    expect(order.statusCode).toBe(403);

    // Nobody without the area sees them; an unknown product is a 404.
    await ctx.createUser({ email: 'outsider@shop.test', password: ADMIN.password, permissions: [] });
    const outsider = await ctx.login('outsider@shop.test', ADMIN.password);
    const denied = await call('GET', `/api/apps/product/${ball._id}/attachments`, undefined, {
      token: outsider,
    });
    expect(denied.statusCode).toBe(403);
    const ghost = await call('GET', '/api/apps/product/00000000-0000-4000-8000-000000000000/attachments');
    expect(ghost.statusCode).toBe(404);
  });

  it('deleting a product deletes its pictures’ rows', async () => {
    const bear = await product('Plush Bear');
    await upload(bear._id, [
      ['one.png', await png('#8b9098')],
      ['two.png', await png('#c9a071')],
    ]);
    const attached = and(eq(files.attachedType, 'products'), eq(files.attachedId, bear._id));
    expect(await ctx.database.db.select().from(files).where(attached)).toHaveLength(2);
    expect((await call('DELETE', `/api/apps/product/${bear._id}`)).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(files).where(attached)).toHaveLength(0);
  });

  it('an order line shows its product’s main picture', async () => {
    const mug = await product('Latte Mug');
    const [picture] = (await upload(mug._id, [['mug.png', await png('#3d8c58')]])).json().files as {
      id: string;
    }[];
    const customer = createdData<{ _id: string }>(
      await call('POST', '/api/apps/customer', { name: 'Ana Ruiz', email: 'ana@mail.example' }),
    );
    const order = createdData<{ lines: { image: string | null }[] }>(
      await call('POST', '/api/apps/order', {
        customerId: customer._id,
        paymentMethod: 'Card',
        lines: [{ productId: mug._id, quantity: 1, price: '12.00' }],
      }),
    );
    expect(order.lines[0]?.image).toContain(`/api/files/${picture?.id}/`);
  });
});
