import type { Page } from '@playwright/test';
import { ADMIN, expect, expectToast, preparePage, signIn, signInAsAdmin, test, unique } from './fixtures';

/** A folder of the mailbox's side list. */
const folder = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: 'Mailbox folders' })
    .getByRole('link', { name: new RegExp(`^${name}`) });

/** The inbox's unread count in the folder list (none shown when nothing is unread). */
const inboxCount = (page: Page) => page.getByTestId('mail-count-inbox');

/** Writes and sends a mail from the composer that is open on `page`. */
async function writeAndSend(page: Page, { subject, body }: { subject?: string; body: string }) {
  const composer = page.getByRole('dialog');
  if (subject !== undefined) await composer.getByLabel('Subject').fill(subject);
  const editor = composer.getByRole('textbox', { name: 'Message' });
  await editor.click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.type(body);
  // The draft saves itself as one types.
  await expect(composer.getByTestId('draft-state')).toHaveText(/Saved/);
  await composer.getByRole('button', { name: 'Send' }).click();
  await expectToast(page, 'Mail sent');
  await expect(composer).toBeHidden();
}

test.describe('mailbox', () => {
  test('a mail sent by one user arrives in the other’s inbox with its unread count, without a reload; the reply comes back', async ({
    page,
    browser,
    request,
  }) => {
    // A second user who may use the mailbox, made through the API.
    const id = unique();
    const login = await request.post('/api/users/login/', { data: ADMIN });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}` };
    const group = await request.post('/api/users/group/', {
      headers,
      data: { name: `Mail users ${id}`, permissions: ['mail.use'] },
    });
    expect(group.status()).toBe(201);
    const { data: mailGroup } = (await group.json()) as { data: { id: string } };
    const mia = { email: `mia.${id}@example.com`, password: 'Copper-Lantern-4417' };
    const created = await request.post('/api/users/user/', {
      headers,
      data: {
        email: mia.email,
        username: `mia${id}`,
        firstName: 'Mia',
        lastName: 'Moreau',
        groupIds: [mailGroup.id],
        password: mia.password,
      },
    });
    expect(created.status()).toBe(201);

    // Mia, in her own browser context, looks at her (empty) inbox.
    const miaContext = await browser.newContext();
    const miaPage = await miaContext.newPage();
    await preparePage(miaPage);
    await miaPage.goto('/login');
    await signIn(miaPage, mia.email, mia.password);
    await miaPage.getByRole('link', { name: 'Mailbox' }).first().click();
    await expect(miaPage).toHaveURL(/\/mailbox/);
    await expect(miaPage.getByRole('heading', { name: 'Mailbox', level: 1 })).toBeVisible();
    await expect(miaPage.getByText('Your inbox is empty')).toBeVisible();
    await expect(inboxCount(miaPage)).toBeHidden();

    // The administrator writes to her, picking her from the suggestions.
    await signInAsAdmin(page, '/mailbox');
    await page.getByRole('button', { name: 'Compose' }).click();
    const composer = page.getByRole('dialog', { name: 'New message' });
    await composer.getByRole('combobox', { name: 'To' }).fill('Mia');
    await page.getByRole('option', { name: new RegExp(mia.email) }).click();
    await expect(composer.getByText('Mia Moreau')).toBeVisible();
    const subject = `Budget review ${id}`;
    await writeAndSend(page, { subject, body: 'Could you check the figures before Friday?' });
    // In the sender's Sent folder.
    await folder(page, 'Sent').click();
    await expect(page.getByRole('link', { name: new RegExp(subject) })).toBeVisible();

    // Mia's page, never reloaded: the mail and the count arrive over the live connection.
    const arrived = miaPage.getByRole('link', { name: new RegExp(subject) });
    await expect(arrived).toBeVisible();
    await expect(arrived).toContainText('Unread');
    await expect(inboxCount(miaPage)).toHaveText('1');
    await expect(inboxCount(miaPage)).toHaveAccessibleName('1 unread');

    // She opens it (it is read now) and replies.
    await arrived.click();
    await expect(miaPage.getByRole('heading', { name: subject, level: 2 })).toBeVisible();
    await expect(miaPage.getByText('Could you check the figures before Friday?')).toBeVisible();
    await expect(inboxCount(miaPage)).toBeHidden();
    await miaPage.getByRole('button', { name: 'Reply', exact: true }).last().click();
    const reply = miaPage.getByRole('dialog', { name: 'Reply' });
    await expect(reply.getByLabel('Subject')).toHaveValue(`Re: ${subject}`);
    await writeAndSend(miaPage, { body: 'Checked: the totals match.' });
    await expect(miaPage.getByText('Checked: the totals match.')).toBeVisible();

    // The reply reaches the administrator's inbox live, in the same conversation.
    await folder(page, 'Inbox').click();
    const answer = page.getByRole('link', { name: new RegExp(`Re: ${subject}`) });
    await expect(answer).toBeVisible();
    await expect(answer).toContainText('Unread');
    await answer.click();
    await expect(page.getByText('Checked: the totals match.')).toBeVisible();
    await expect(page.getByText('2 messages')).toBeVisible();

    await miaContext.close();
  });
});
