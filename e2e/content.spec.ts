import type { APIRequestContext } from '@playwright/test';
import { ADMIN, expect, expectToast, preparePage, signIn, signInAsAdmin, test, unique } from './fixtures';

/*
 * The blog's moderated comments, between two browsers: a reader (blog.view only) comments on a
 * post and sees the comment pending; the administrator (a moderator) approves it; the reader then
 * sees it as everyone does.
 */

const PASSWORD = 'Blog-e2e-password-1';

/** A published post and a reader who may read the blog but not moderate it, made through the API. */
async function arrange(request: APIRequestContext) {
  const login = await request.post('/api/users/login/', { data: ADMIN });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const id = unique();
  const post = await request.post('/api/blog/posts', {
    headers,
    data: {
      title: `Year-end timetable ${id}`,
      badgeText: 'Guides',
      body: '<p>The close starts on <strong>1 April</strong>.</p>',
      status: 'published',
    },
  });
  expect(post.status()).toBe(201);
  const group = await request.post('/api/users/group/', {
    headers,
    data: { name: `Blog readers ${id}`, description: 'Blog e2e', permissions: ['blog.view'] },
  });
  expect(group.status()).toBe(201);
  const { data: readers } = (await group.json()) as { data: { id: string } };
  const email = `ines.${id}@example.com`;
  const user = await request.post('/api/users/user/', {
    headers,
    data: {
      email,
      username: `ines${id}`,
      firstName: 'Ines',
      lastName: `Moreau ${id}`,
      password: PASSWORD,
      groupIds: [readers.id],
    },
  });
  expect(user.status()).toBe(201);
  const { data } = (await post.json()) as { data: { id: string; title: string } };
  return { post: data, reader: { email, name: `Ines Moreau ${id}` } };
}

test('a reader’s comment waits as pending until a moderator approves it', async ({
  page,
  browser,
  request,
}) => {
  const { post, reader } = await arrange(request);
  const text = `Will the slides be shared? ${unique()}`;

  // The reader finds the post in the grid and comments.
  await page.goto('/login');
  await signIn(page, reader.email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.goto('/blog/posts');
  await page.getByRole('link', { name: post.title }).click();
  await expect(page.getByRole('heading', { name: post.title, level: 1 })).toBeVisible();
  await page.getByLabel('Your comment').fill(text);
  await page.getByRole('button', { name: 'Post comment' }).click();
  await expectToast(page, 'Comment sent: it shows to everyone once a moderator approves it');
  const comments = page.getByRole('list', { name: 'Comments' });
  const mine = comments.getByRole('listitem').filter({ hasText: text });
  await expect(mine.getByText('Pending approval')).toBeVisible();

  // The administrator moderates the same post.
  const moderatorContext = await browser.newContext();
  try {
    const moderator = await moderatorContext.newPage();
    await preparePage(moderator);
    await signInAsAdmin(moderator, `/blog/posts/${post.id}`);
    await expect(moderator.getByText('1 comment is waiting for approval.')).toBeVisible();
    const waiting = moderator
      .getByRole('list', { name: 'Comments' })
      .getByRole('listitem')
      .filter({ hasText: text });
    await expect(waiting.getByText('Pending', { exact: true })).toBeVisible();
    await waiting.getByRole('button', { name: `Approve the comment of ${reader.name}` }).click();
    await expectToast(moderator, 'Comment approved');
    await expect(waiting.getByText('Pending', { exact: true })).toBeHidden();
    await expect(moderator.getByRole('heading', { name: '1 comment', level: 2 })).toBeVisible();
  } finally {
    await moderatorContext.close();
  }

  // The reader sees it approved: no longer marked, and counted.
  await page.reload();
  await expect(mine).toBeVisible();
  await expect(mine.getByText('Pending approval')).toBeHidden();
  await expect(page.getByRole('heading', { name: '1 comment', level: 2 })).toBeVisible();
});
