import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, expect, preparePage, signIn, signInAsAdmin, test, unique } from './fixtures';

/*
 * The chat between two browsers: the administrator and a user made for the test, each in a
 * context of their own. What one does reaches the other over the live connection, without reload.
 */

const PASSWORD = 'Chat-e2e-password-1';

/** A user who may chat (a group with chat.use), made through the API; with the admin's token. */
async function makeChatUser(request: APIRequestContext) {
  const login = await request.post('/api/users/login/', { data: ADMIN });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const id = unique();
  const group = await request.post('/api/users/group/', {
    headers,
    data: { name: `Chatters ${id}`, description: 'Chat e2e', permissions: ['chat.use'] },
  });
  expect(group.status()).toBe(201);
  const { data: chatters } = (await group.json()) as { data: { id: string } };
  const email = `bruno.${id}@example.com`;
  const user = await request.post('/api/users/user/', {
    headers,
    data: {
      email,
      username: `bruno${id}`,
      firstName: 'Bruno',
      lastName: `Keller ${id}`,
      password: PASSWORD,
      groupIds: [chatters.id],
    },
  });
  expect(user.status()).toBe(201);
  const { data: bruno } = (await user.json()) as { data: { id: string } };
  return { adminHeaders: headers, email, id: bruno.id, name: `Bruno Keller ${id}` };
}

/** The open conversation's messages. */
const messages = (page: Page) => page.getByRole('region', { name: 'Messages' });

async function openChat(page: Page) {
  await page.goto('/chat');
  await expect(page.getByRole('heading', { name: 'Chat', level: 1 })).toBeVisible();
}

test('a message typed by one user reaches the other at once, with the typing indicator and the unread badge', async ({
  page,
  browser,
  request,
}) => {
  const bruno = await makeChatUser(request);
  // A channel with Bruno, where the admin will write while Bruno reads the direct conversation.
  const channelName = `launch-${unique()}`;
  const channel = await request.post('/api/chat/rooms', {
    headers: bruno.adminHeaders,
    data: { name: channelName, topic: 'Launch plans', memberIds: [bruno.id] },
  });
  expect(channel.status()).toBe(201);

  // The administrator opens a direct conversation with Bruno from the contacts.
  await signInAsAdmin(page);
  await openChat(page);
  await page
    .locator('label')
    .filter({ hasText: /^Contacts$/ })
    .click();
  await expect(page.getByRole('radio', { name: 'Contacts' })).toBeChecked();
  await page.getByRole('button', { name: `Write to ${bruno.name}` }).click();
  await expect(page.getByRole('heading', { name: bruno.name, level: 2 })).toBeVisible();

  // Bruno signs in elsewhere and opens the same conversation.
  const brunoContext = await browser.newContext();
  const other = await brunoContext.newPage();
  await preparePage(other);
  try {
    await other.goto('/login');
    await signIn(other, bruno.email, PASSWORD);
    await expect(other.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await openChat(other);
    await other.getByRole('link', { name: /Ada Admin/ }).click();
    await expect(other.getByRole('heading', { name: 'Ada Admin', level: 2 })).toBeVisible();

    // The admin types: Bruno sees it, then the message, without reloading.
    const field = page.getByRole('textbox', { name: 'Message' });
    await field.pressSequentially('Hello Bruno, the launch is on Monday');
    await expect(other.getByText('Ada Admin is typing…')).toBeVisible();
    await field.press('Enter');
    await expect(messages(other).getByText('Hello Bruno, the launch is on Monday')).toBeVisible();
    await expect(other.getByText('Ada Admin is typing…')).toBeHidden();

    // Bruno answers: the admin sees it too, and his message says it was seen once the admin reads it.
    const reply = other.getByRole('textbox', { name: 'Message' });
    await reply.fill('Great, I will tell the team');
    await reply.press('Enter');
    await expect(messages(page).getByText('Great, I will tell the team')).toBeVisible();
    await expect(messages(other).getByText(/· Seen$/)).toBeVisible();

    // The admin writes in the channel Bruno is not looking at: its unread badge counts it.
    await page.getByRole('link', { name: new RegExp(channelName) }).click();
    await expect(page.getByRole('heading', { name: `# ${channelName}`, level: 2 })).toBeVisible();
    const channelField = page.getByRole('textbox', { name: 'Message' });
    await channelField.fill('Slides are in the shared folder');
    await channelField.press('Enter');
    await channelField.fill('And the budget sheet too');
    await channelField.press('Enter');
    const channelLink = other.getByRole('link', { name: new RegExp(channelName) });
    await expect(channelLink.getByText('2 unread messages')).toBeAttached();
    await expect(channelLink).toContainText('And the budget sheet too');

    // Opening it reads it: the badge goes.
    await channelLink.click();
    await expect(messages(other).getByText('Slides are in the shared folder')).toBeVisible();
    await expect(channelLink.getByText(/unread message/)).toHaveCount(0);
  } finally {
    await brunoContext.close();
  }
});

test('a message with a file, then found again by the search in the room', async ({ page }) => {
  const words = `Minutes ${unique()}`;
  await signInAsAdmin(page);
  await openChat(page);
  await page.getByRole('link', { name: /# general/ }).click();
  await expect(page.getByRole('heading', { name: '# general', level: 2 })).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles({
    name: 'minutes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Agreed: ship it.'),
  });
  await expect(page.getByRole('button', { name: 'Remove minutes.txt' })).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Message' });
  await field.fill(words);
  await field.press('Enter');
  const sent = messages(page).locator('[data-seq]').filter({ hasText: words });
  await expect(sent.getByRole('button', { name: 'Open minutes.txt' })).toBeVisible();

  // Search finds it; choosing the hit shows it marked in the conversation.
  await page.getByRole('button', { name: 'Search in the conversation' }).click();
  await page.getByRole('textbox', { name: 'Search the messages' }).fill(words);
  await page.getByRole('button', { name: new RegExp(words) }).click();
  await expect(sent).toHaveAttribute('data-highlighted', 'true');
});
