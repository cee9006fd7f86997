import type { Page } from '@playwright/test';
import {
  ADMIN,
  expect,
  expectAccessible,
  expectToast,
  readMail,
  signIn,
  signInAsAdmin,
  test,
  unique,
} from './fixtures';

async function signOut(page: Page) {
  await page.getByRole('button', { name: /user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
}

test.describe('accounts', () => {
  test('sign up, sign in and out, reset the forgotten password by mail', async ({ page }) => {
    const id = unique();
    const email = `signup.${id}@example.com`;
    const firstPassword = 'Orchard-Lamp-4417';
    const newPassword = 'Harbour-Violet-2093';

    // Sign up: the confirmation is checked in the form, the rules are shown under the field.
    await page.goto('/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page).toHaveTitle('Create an account · Ledgerdesk');
    await expect(page.getByText('At least 8 characters.')).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Username').fill(`signup${id}`);
    await page.getByLabel('First name').fill('Sana');
    await page.getByLabel('Last name').fill('Upton');
    await page.getByLabel(/^Password/).fill(firstPassword);
    await page.getByLabel(/^Confirm password/).fill(`${firstPassword}x`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('The passwords do not match.')).toBeVisible();
    await page.getByLabel(/^Confirm password/).fill(firstPassword);
    // The page says what comes next: a link to confirm the address.
    await expect(page.getByText('We will send a link to this address')).toBeVisible();
    await expectAccessible(page, 'sign-up page');
    const signedUp = new Date();
    await page.getByRole('button', { name: 'Create account' }).click();

    // Back on the login page with the news, the email filled in; signing in waits for the link.
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'we have sent a link to your email address' }),
    ).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await signIn(page, email, firstPassword);
    // Answered like a wrong password (who has an account is nobody's business), with the way on.
    await expect(page.getByRole('alert')).toContainText('Login Failed: Incorrect email or password.');
    await expect(page.getByRole('alert')).toContainText('Confirm your address first');
    await expectAccessible(page, 'login page, address not confirmed');
    await page.getByRole('button', { name: 'Send the link again' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'we have sent it a new link' })).toBeVisible();

    // The mailed link confirms the address and leads to sign-in.
    const confirmation = await readMail(email, signedUp);
    expect(confirmation.subject).toBe('Confirm your Ledgerdesk email address');
    expect(confirmation.link).toMatch(/\/verify-email\?token=/);
    await page.goto(confirmation.link ?? '');
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Your email address is confirmed' }),
    ).toBeVisible();
    await signIn(page, email, firstPassword);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // The link works once.
    await page.goto(confirmation.link ?? '');
    await expect(page.getByRole('alert')).toContainText('already been used');
    await expectAccessible(page, 'confirmation page, used link');
    await page.goto('/');
    await signOut(page);

    // Forgot password: the same answer whatever the address, and a mail with the link.
    const asked = new Date();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'If an account exists for that email' }),
    ).toBeVisible();

    const mail = await readMail(email, asked);
    expect(mail.subject).toMatch(/reset/i);
    expect(mail.link).toMatch(/\/reset-password\?token=/);
    // The link names the server's PUBLIC_URL: without one set, the address it listens on.
    const link = new URL(mail.link ?? '');
    expect(link.origin).toBe(new URL(page.url()).origin);
    await page.goto(link.href);
    await expect(page).toHaveTitle('Reset password · Ledgerdesk');
    await page.getByLabel(/^New password/).fill(newPassword);
    await page.getByLabel(/^Confirm password/).fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Your password has been changed' }),
    ).toBeVisible();

    // The old password no longer works; the new one does.
    await signIn(page, email, firstPassword);
    await expect(page.getByRole('alert')).toContainText('Login Failed');
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    // The link works once.
    await signOut(page);
    await page.goto(link.href);
    await page.getByLabel(/^New password/).fill('Another-Pebble-5561');
    await page.getByLabel(/^Confirm password/).fill('Another-Pebble-5561');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toContainText('already been used');
  });

  test('a group with only library.view: its member sees the code library and nothing else', async ({
    page,
  }) => {
    const id = unique();
    const groupName = `Library readers ${id}`;
    const email = `reader.${id}@example.com`;
    const password = 'Granite-Sparrow-7731';

    await signInAsAdmin(page);

    // The group: only "Code library: view".
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Groups' })
      .click();
    await expect(page).toHaveURL(/\/admin\/groups$/);
    await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add group' }).click();
    const groupDialog = page.getByRole('dialog', { name: 'Add group' });
    await groupDialog.getByLabel('Name').fill(groupName);
    await groupDialog.getByLabel('Description').fill('Read the code library');
    await groupDialog.getByLabel('Code library: view').check();
    await groupDialog.getByRole('button', { name: 'Add group' }).click();
    await expectToast(page, 'Group Added Successfully');
    await expect(groupDialog).toBeHidden();
    const groupRow = page.getByRole('row').filter({ hasText: groupName });
    await expect(groupRow).toContainText('1 permission');

    // The user, in that group, with an initial password.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Users' })
      .click();
    await page.getByRole('button', { name: 'Add user' }).click();
    const userDialog = page.getByRole('dialog', { name: 'Add user' });
    await userDialog.getByLabel('Email').fill(email);
    await userDialog.getByLabel('Username').fill(`reader${id}`);
    await userDialog.getByLabel('First name').fill('Rita');
    await userDialog.getByLabel('Last name').fill('Reader');
    await userDialog.getByLabel('Groups').click();
    await page.getByRole('option', { name: groupName }).click();
    await userDialog.getByLabel('Set an initial password').check();
    await userDialog.getByLabel(/^Initial password/).fill(password);
    await userDialog.getByRole('button', { name: 'Add user' }).click();
    await expectToast(page, 'User Added Successfully');
    await expect(userDialog).toBeHidden();

    // The member signs in: "Code library" in the menu, not "Users" nor "Groups".
    await signOut(page);
    await signIn(page, email, password);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Code library' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Groups' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveCount(0);

    await nav.getByRole('link', { name: 'Code library' }).click();
    await expect(page.getByRole('heading', { name: 'Code library', level: 1 })).toBeVisible();

    // Opened by its address, a page without the permission is the 403 page, with a way back.
    await page.goto('/admin/users');
    await expect(
      page.getByRole('heading', { name: 'You do not have permission to view this page' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  test('a group changed by someone else while its form is open: the save is refused, Reload shows theirs', async ({
    page,
    request,
  }) => {
    const groupName = `Changed meanwhile ${unique()}`;
    const login = await request.post('/api/users/login/', { data: ADMIN });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}` };
    const created = await request.post('/api/users/group/', {
      headers,
      data: { name: groupName, description: 'As first written', permissions: ['library.view'] },
    });
    expect(created.status()).toBe(201);
    const { data: group } = (await created.json()) as { data: { id: string } };

    await signInAsAdmin(page, `/admin/groups?search=${encodeURIComponent(groupName)}`);
    const groupRow = page.getByRole('row').filter({ hasText: groupName });
    await groupRow.getByRole('button', { name: `Actions for ${groupName}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${groupName}` });
    await expect(dialog.getByLabel('Description')).toHaveValue('As first written');
    const meanwhile = await request.put(`/api/users/group/${group.id}/`, {
      headers,
      data: { id: group.id, description: 'Rewritten by someone else' },
    });
    expect(meanwhile.status()).toBe(200);
    await dialog.getByLabel('Description').fill('Lost');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    const stale = dialog.getByRole('alert').filter({ hasText: 'Someone else changed this record' });
    await expect(stale).toBeVisible();
    await stale.getByRole('button', { name: 'Reload' }).click();
    await expect(stale).toBeHidden();
    await expect(dialog.getByLabel('Description')).toHaveValue('Rewritten by someone else');
    await expect(dialog.getByLabel('Code library: view')).toBeChecked();
    await dialog.getByLabel('Description').fill('Agreed');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Updated Successfully');
    await expect(dialog).toBeHidden();
  });

  test('a user changed by someone else while the form is open: the save is refused, Reload shows theirs', async ({
    page,
    request,
  }) => {
    const id = unique();
    const email = `meanwhile.${id}@example.com`;
    const login = await request.post('/api/users/login/', { data: ADMIN });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}` };
    const created = await request.post('/api/users/user/', {
      headers,
      data: {
        email,
        username: `meanwhile${id}`,
        firstName: 'Eddie',
        lastName: 'After',
        sendPasswordMail: true,
      },
    });
    expect(created.status()).toBe(201);
    const { data: user } = (await created.json()) as { data: { id: string } };

    await signInAsAdmin(page, `/admin/users?search=${encodeURIComponent(email)}`);
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByRole('button', { name: `Actions for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${email}` });
    await expect(dialog.getByLabel('Last name')).toHaveValue('After');
    const meanwhile = await request.put(`/api/users/user/${user.id}/`, {
      headers,
      data: { id: user.id, firstName: 'Edna' },
    });
    expect(meanwhile.status()).toBe(200);
    await dialog.getByLabel('Last name').fill('Lost');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    const stale = dialog.getByRole('alert').filter({ hasText: 'Someone else changed this record' });
    await expect(stale).toBeVisible();
    await stale.getByRole('button', { name: 'Reload' }).click();
    await expect(stale).toBeHidden();
    await expect(dialog.getByLabel('First name')).toHaveValue('Edna');
    await expect(dialog.getByLabel('Last name')).toHaveValue('After');
    await dialog.getByLabel('Last name').fill('Agreed');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Updated Successfully');
    await expect(row).toContainText('Edna Agreed');
  });

  test('the admin edits a user, then deletes one after confirming', async ({ page, request }) => {
    const id = unique();
    const email = `edit.${id}@example.com`;

    // The user to work on, made through the API.
    const login = await request.post('/api/users/login/', { data: ADMIN });
    expect(login.ok()).toBe(true);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const created = await request.post('/api/users/user/', {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { email, username: `edit${id}`, firstName: 'Eddie', lastName: 'Before', sendPasswordMail: true },
    });
    expect(created.status()).toBe(201);

    await signInAsAdmin(page, `/admin/users?search=${encodeURIComponent(email)}`);
    await expect(page).toHaveTitle('Users · Ledgerdesk');
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Eddie Before');

    // Edit: the same form, saved with PUT.
    await row.getByRole('button', { name: `Actions for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${email}` });
    await expect(dialog.getByLabel('Email')).toHaveValue(email);
    await dialog.getByLabel('Last name').fill('After');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Updated Successfully');
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Eddie After');

    // Its history in the audit log.
    await row.getByRole('button', { name: `Actions for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'View history' }).click();
    await expect(page).toHaveURL(/\/admin\/audit\?entity=user&entityKey=/);
    await expect(page.getByRole('row').filter({ hasText: 'update' }).first()).toBeVisible();
    await page.getByRole('row').filter({ hasText: 'update' }).first().click();
    const entry = page.getByRole('dialog', { name: 'Audit entry' });
    await expect(entry.getByRole('row').filter({ hasText: 'Last name' })).toContainText('Before');
    await expect(entry.getByRole('row').filter({ hasText: 'Last name' })).toContainText('After');
    await page.keyboard.press('Escape');

    // Delete, after the confirmation; nothing happens on Cancel.
    await page.goto(`/admin/users?search=${encodeURIComponent(email)}`);
    await row.getByRole('button', { name: `Actions for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete user' });
    await expect(confirm).toContainText(email);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: `Actions for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete user' }).click();
    await expectToast(page, 'Deleted Successfully');
    await expect(page.getByText('No users found')).toBeVisible();
  });
});
