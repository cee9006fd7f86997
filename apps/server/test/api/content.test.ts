import { blogMessages, galleryMessages } from '@ledgerdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialStats } from '../../src/db/schema';
import { ADMIN, apiCaller, createdData, createTestContext, type TestContext } from '../context';
import { png, sendFiles } from '../multipart';

// The blog (posts, moderated comments, likes, videos, social statistics) and the gallery.
let ctx: TestContext;
let admin: string;
let reader: string;
let other: string;
let moderator: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN.email, ADMIN.password);
  for (const [email, permissions] of [
    ['reader@blog.test', ['blog.view', 'gallery.view']],
    ['other@blog.test', ['blog.view']],
    ['moderator@blog.test', ['blog.view', 'blog.manage']],
  ] as const)
    await ctx.createUser({ email, password: ADMIN.password, permissions: [...permissions] });
  reader = await ctx.login('reader@blog.test', ADMIN.password);
  other = await ctx.login('other@blog.test', ADMIN.password);
  moderator = await ctx.login('moderator@blog.test', ADMIN.password);
});
afterAll(() => ctx.close());

const call = apiCaller(() => ({ ctx, token: admin }));
type Post = {
  id: string;
  slug: string;
  body: string;
  excerpt: string;
  status: string;
  comments: number;
  likes: number;
};
type Comment = { id: string; status: string; author: { name: string } | null };
const addPost = async (fields: Record<string, unknown>) =>
  createdData<Post>(await call('POST', '/api/blog/posts', { title: 'Budget 2027', ...fields }));

describe('blog posts', () => {
  it('cleans the body, makes a free slug and an excerpt; a taken slug is a 409 on its field', async () => {
    const first = await addPost({
      body: '<p onclick="x()">Dear <strong>all</strong>,</p><script>alert(1)</script><a href="javascript:x">a</a>',
      status: 'published',
    });
    expect(first.body).toBe(
      '<p>Dear <strong>all</strong>,</p><a rel="noopener noreferrer" target="_blank">a</a>',
    );
    expect(first.excerpt).toBe('Dear all, a');
    expect(first.slug).toBe('budget-2027');
    expect((await addPost({})).slug).toBe('budget-2027-2');
    const taken = await call('POST', '/api/blog/posts', { title: 'Again', slug: 'budget-2027' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrors).toEqual({ slug: blogMessages.slugTaken });
    const bad = await call('POST', '/api/blog/posts', { title: '', slug: 'Not A Slug', status: 'live' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['slug', 'status', 'title']);
  });

  it('shows a draft to its writers only', async () => {
    const draft = await addPost({ title: 'Secret plans' });
    const shown = await call('GET', '/api/blog/posts?pageSize=100', undefined, { token: reader });
    expect(shown.statusCode).toBe(200);
    const titles = (shown.json().results as { title: string; status: string }[]).map((p) => p.status);
    expect(titles).not.toContain('draft');
    expect((await call('GET', `/api/blog/posts/${draft.id}`, undefined, { token: reader })).statusCode).toBe(
      404,
    );
    expect(
      (await call('GET', `/api/blog/posts/${draft.id}`, undefined, { token: moderator })).statusCode,
    ).toBe(200);
    const refused = await call(
      'POST',
      `/api/blog/posts/${draft.id}/comments`,
      { body: 'hi' },
      { token: moderator },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorMessage).toBe(blogMessages.postNotPublished);
    expect((await call('POST', '/api/blog/posts', { title: 'x' }, { token: reader })).statusCode).toBe(403);
  });
});

describe('comments', () => {
  it('waits for a moderator: pending for its author, unseen by others, counted once approved', async () => {
    const post = await addPost({ title: 'Year-end checklist', status: 'published' });
    const path = `/api/blog/posts/${post.id}/comments`;
    expect((await call('POST', path, { body: '  ' }, { token: reader })).json().fieldErrors).toEqual({
      body: 'Please write the comment.',
    });
    const mine = createdData<Comment>(
      await call('POST', path, { body: 'Will there be slides?' }, { token: reader }),
    );
    expect(mine.status).toBe('pending');
    const seen = async (token: string) => (await call('GET', path, undefined, { token })).json();
    expect((await seen(reader)).comments.map((c: Comment) => c.status)).toEqual(['pending']);
    expect(await seen(other)).toEqual({ comments: [], pending: 0 });
    expect((await seen(moderator)).pending).toBe(1);
    const moderation = `${path}/${mine.id}`;
    expect((await call('PATCH', moderation, { status: 'approved' }, { token: reader })).statusCode).toBe(403);
    expect((await call('PATCH', moderation, { status: 'gone' }, { token: moderator })).statusCode).toBe(400);
    const approved = await call('PATCH', moderation, { status: 'approved' }, { token: moderator });
    expect(approved.json().data.status).toBe('approved');
    expect((await seen(other)).comments).toHaveLength(1);
    const own = createdData<Comment>(
      await call('POST', path, { body: 'Yes, tomorrow.' }, { token: moderator }),
    );
    expect(own.status).toBe('approved');
    const counted = async () => ((await call('GET', `/api/blog/posts/${post.id}`)).json() as Post).comments;
    expect(await counted()).toBe(2);
    expect((await call('DELETE', `${path}/${own.id}`, undefined, { token: other })).statusCode).toBe(403);
    expect((await call('DELETE', `${path}/${mine.id}`, undefined, { token: reader })).statusCode).toBe(200);
    expect(await counted()).toBe(1);
    await call('PATCH', `${path}/${own.id}`, { status: 'hidden' }, { token: moderator });
    expect(await counted()).toBe(0);
    expect((await seen(other)).comments).toEqual([]);
  });
});

describe('likes', () => {
  it('are one per user, toggled, counted on the record', async () => {
    const post = await addPost({ title: 'Treasury update', status: 'published' });
    const like = (token: string) => call('POST', `/api/blog/posts/${post.id}/like`, undefined, { token });
    const [a, b] = await Promise.all([like(reader), like(other)]);
    expect([a.json(), b.json()].map((s) => s.liked)).toEqual([true, true]);
    expect((await like(reader)).json()).toEqual({ liked: false, likes: 1 });
    const read = (await call('GET', `/api/blog/posts/${post.id}`, undefined, { token: other })).json();
    expect(read).toMatchObject({ likes: 1, liked: true });
    const ghost = '00000000-0000-4000-8000-000000000000';
    expect((await like(reader)).json()).toEqual({ liked: true, likes: 2 });
    expect((await call('POST', `/api/blog/posts/${ghost}/like`)).statusCode).toBe(404);
  });
});

describe('videos and social statistics', () => {
  it('checks the links of a video', async () => {
    const bad = await call('POST', '/api/blog/videos', {
      title: 'Budget',
      siteLink: 'ftp://x',
      videoLink: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['siteLink', 'videoLink']);
    const video = createdData<{ id: string; comments: number }>(
      await call('POST', '/api/blog/videos', {
        title: 'Budget in five minutes',
        siteLink: 'https://example.org/channel',
        videoLink: 'https://example.org/v.mp4',
        comments: 4,
      }),
    );
    expect(video.comments).toBe(4);
    expect(
      (await call('POST', `/api/blog/videos/${video.id}/like`, undefined, { token: reader })).json(),
    ).toEqual({
      liked: true,
      likes: 1,
    });
  });

  it('sums a period per network and draws its series', async () => {
    const days = ['2026-03-01', '2026-03-02', '2026-03-03'];
    await ctx.database.db.insert(socialStats).values(
      days.flatMap((day, i) => [
        { network: 'facebook', day, followers: 1000 + i * 50, posts: 2, engagement: String(2 + i) },
        { network: 'x', day, followers: 500, posts: 1, engagement: '1.50' },
      ]),
    );
    const res = await call('GET', '/api/blog/social?period=30d', undefined, { token: reader });
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(stats.networks).toEqual([
      { network: 'facebook', followers: 1100, followersChange: 10, posts: 6, engagement: 3 },
      { network: 'x', followers: 500, followersChange: 0, posts: 3, engagement: 1.5 },
    ]);
    expect(stats.series).toHaveLength(30);
    expect(stats.series.at(-1)).toMatchObject({
      date: '2026-03-03',
      followers: { facebook: 1100, x: 500, youtube: 0 },
    });
    expect((await call('GET', '/api/blog/social?period=week')).statusCode).toBe(400);
  });
});

describe('gallery', () => {
  it('files images under categories, with their picture, filtered by category', async () => {
    const nature = createdData<{ id: string }>(
      await call('POST', '/api/gallery/categories', { name: 'Nature' }),
    );
    const dup = await call('POST', '/api/gallery/categories', { name: 'nature' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fieldErrors).toEqual({ name: galleryMessages.categoryTaken });
    const unknown = await call('POST', '/api/gallery/images', {
      title: 'Hills',
      categoryId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.json().fieldErrors).toEqual({ categoryId: galleryMessages.unknownCategory });
    const image = createdData<{ id: string; author: { name: string } }>(
      await call('POST', '/api/gallery/images', { title: 'Hills', categoryId: nature.id }),
    );
    await createdData(await call('POST', '/api/gallery/images', { title: 'Loose' }));
    const uploaded = await sendFiles(ctx, admin, `/api/gallery/images/${image.id}/attachments`, [
      ['hills.png', await png('#3a7')],
    ]);
    expect(uploaded.statusCode).toBe(201);
    const listed = (
      await call('GET', `/api/gallery/images?category=${nature.id}`, undefined, { token: reader })
    ).json();
    expect(listed.results).toHaveLength(1);
    expect(listed.results[0]).toMatchObject({ title: 'Hills', category: { name: 'Nature' }, likes: 0 });
    expect(listed.results[0].image.url).toMatch(/^\/api\//);
    const refused = await call('DELETE', `/api/gallery/categories/${nature.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorMessage).toBe(galleryMessages.categoryInUse);
    expect((await call('POST', '/api/gallery/images', { title: 'x' }, { token: reader })).statusCode).toBe(
      403,
    );
    const like = await call('POST', `/api/gallery/images/${image.id}/like`, undefined, { token: reader });
    expect(like.json()).toEqual({ liked: true, likes: 1 });
    expect(
      (await call('POST', `/api/gallery/images/${image.id}/like`, undefined, { token: other })).statusCode,
    ).toBe(403);
  });
});
