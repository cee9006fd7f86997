import type { Page } from '@playwright/test';
import { deleteFromDetailPage, editFromRowMenu, expect, test, toast, unique } from '../fixtures';

// The browser-only demo build (playwright.demo.config.ts): no server, the mock service worker
// answers /api. First the mock's rules and SPEC §8 messages by API call in the page, then the main
// flows through the screens.

const DEMO_ADMIN = { email: 'admin@example.com', password: 'ledgerdesk-demo' };

type Answer = { status: number; body: Record<string, unknown> };

/** A call of the API from the page (through the worker): JSON body and headers as given. */
function callApi(
  page: Page,
  method: string,
  path: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return page.evaluate(
    async ({ method, path, body, headers }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : {} };
    },
    { method, path, body, headers },
  );
}

/** The demo started: the worker controls the page (the banner shows once it has). */
async function openDemo(page: Page, path = '/login') {
  await page.goto(path);
  await expect(page.getByRole('region', { name: 'Demo' })).toBeVisible();
}

/**
 * The console's errors while the test runs: the live connection's socket, answered in the page, must
 * not fail, nor any script. An HTTP status the app asked for is not one (the deleted record's page
 * may be fetched once more as it closes: a 404, as with the real server).
 */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  return errors;
}

async function signIn(page: Page) {
  await openDemo(page);
  // The credentials are on the page.
  await expect(page.getByTestId('demo-credentials')).toHaveText(
    `Sign in with ${DEMO_ADMIN.email} and ${DEMO_ADMIN.password}`,
  );
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

test('the mock backend: its rules and its messages, exactly', async ({ page }) => {
  await openDemo(page);
  const loginFailed = 'Username and password are invalid. Please enter correct username and password';

  // Sign-in: exactly one user with this e-mail AND this password.
  for (const body of [
    { email: DEMO_ADMIN.email, password: 'wrong' },
    { email: 'nobody@example.com', password: DEMO_ADMIN.password },
    {},
  ])
    expect(await callApi(page, 'POST', '/api/users/login/', { body })).toEqual({
      status: 400,
      body: { errorCode: 'MOCK_ERROR', errorMessage: loginFailed },
    });
  const login = await callApi(page, 'POST', '/api/users/login/', { body: DEMO_ADMIN });
  expect(login.status).toBe(200);
  expect(login.body).toMatchObject({ email: DEMO_ADMIN.email, role: 'admin' });
  const authorization = `Bearer ${login.body.accessToken}`;
  const idx = login.body.id as string;

  // Profile: the authorization header and exactly one user with the given idx.
  const profileFailed = {
    status: 400,
    body: { errorCode: 'MOCK_ERROR', errorMessage: 'Something wrong for edit profile' },
  };
  expect(await callApi(page, 'POST', '/api/users/profile/', { body: { idx, username: 'ada' } })).toEqual(
    profileFailed,
  );
  expect(
    await callApi(page, 'POST', '/api/users/profile/', {
      body: { idx: '00000000-0000-4000-8000-000000000000', username: 'ada' },
      headers: { authorization },
    }),
  ).toEqual(profileFailed);
  const profile = await callApi(page, 'POST', '/api/users/profile/', {
    body: { idx, username: 'ada' },
    headers: { authorization },
  });
  expect(profile).toMatchObject({
    status: 200,
    body: { successMessage: 'Updated Successfully', data: { username: 'ada' } },
  });
  expect((await callApi(page, 'GET', '/api/users/me/', { headers: { authorization } })).body.username).toBe(
    'ada',
  );

  // Social sign-in: a token in the body, else 'Invalid Token !!'; an unknown e-mail fails as a sign-in.
  expect(
    await callApi(page, 'POST', '/api/users/social-login/', { body: { email: DEMO_ADMIN.email } }),
  ).toEqual({
    status: 400,
    body: { errorCode: 'MOCK_ERROR', errorMessage: 'Invalid Token !!' },
  });
  expect(
    (
      await callApi(page, 'POST', '/api/users/social-login/', {
        body: { token: 't', email: 'x@example.com' },
      })
    ).body.errorMessage,
  ).toBe(loginFailed);
  const social = await callApi(page, 'POST', '/api/users/social-login/', {
    body: { token: 'provider-token', email: DEMO_ADMIN.email, name: 'Ada' },
  });
  expect(social).toMatchObject({
    status: 200,
    body: { token: 'provider-token', data: { first_name: 'Ada', name: 'Ada', email: DEMO_ADMIN.email } },
  });
  expect(typeof (social.body.data as { accessToken?: unknown }).accessToken).toBe('string');

  // Add and update need a body; delete needs its header and echoes the deleted id.
  const events = await callApi(page, 'GET', '/api/calendar/events?pageSize=1', {
    headers: { authorization },
  });
  const event = (events.body.results as { id: string }[])[0];
  if (!event) throw new Error('the demo data has no event');
  expect(
    (await callApi(page, 'POST', '/api/add/event', { headers: { authorization } })).body.errorMessage,
  ).toBe('Cannot add event');
  expect(
    (await callApi(page, 'PUT', '/api/update/event', { headers: { authorization } })).body.errorMessage,
  ).toBe('Cannot update event');
  expect(
    (await callApi(page, 'DELETE', '/api/delete/event', { headers: { authorization } })).body.errorMessage,
  ).toBe('Cannot delete event');
  const updated = await callApi(page, 'PUT', '/api/update/event', {
    body: { id: event.id, title: 'Demo review' },
    headers: { authorization },
  });
  expect(updated).toMatchObject({ status: 200, body: { data: { id: event.id, title: 'Demo review' } } });
  expect(
    await callApi(page, 'DELETE', '/api/delete/event', { headers: { authorization, event: event.id } }),
  ).toEqual({
    status: 200,
    body: { successCode: 'DELETED', successMessage: 'Deleted Successfully', data: { id: event.id } },
  });
  const added = await callApi(page, 'POST', '/api/add/event', {
    body: { title: 'Demo launch' },
    headers: { authorization },
  });
  expect(added).toMatchObject({
    status: 201,
    body: { successMessage: 'Event Added Successfully', data: { title: 'Demo launch' } },
  });

  // Every §8 family, status 400 with its exact words (a call without the session's header).
  const families: [method: string, path: string, message: string][] = [
    ['GET', '/api/events', 'Cannot get events'],
    ['GET', '/api/categories', 'Cannot get categories'],
    ['GET', '/api/upcommingevents', 'Cannot get upcomming events'],
    ['GET', '/api/chat', 'Cannot get direct contact'],
    ['GET', '/api/messages', 'Cannot get messages'],
    ['GET', '/api/channels', 'Cannot get Channels'],
    ['GET', '/api/project/list', 'Cannot get project list data'],
    ['GET', '/api/mail', 'Cannot get mail details'],
    ['GET', '/api/sellers', 'Cannot get sellers'],
    ['GET', '/api/transaction-list', 'Cannot get Transactions Data'],
    ['GET', '/api/order-list', 'Cannot get Order Data'],
    ['GET', '/api/deals', 'Cannot get Deals'],
    ['GET', '/api/teamData', 'Cannot get team data'],
    ['GET', '/api/folder', 'Cannot get folder data'],
    ['GET', '/api/file', 'Cannot get file data'],
    ['GET', '/api/todo', 'Cannot get To do data'],
    ['GET', '/api/todo/projects', 'Cannot get Project data'],
    ['GET', '/api/application-list', 'Cannot get Application Data'],
    ['GET', '/api/api-key', 'Cannot get API Key Data'],
    ['GET', '/api/apps/task', 'Cannot get tasks'],
    ['GET', '/api/dashboard/home', 'Cannot get Chart Data'],
    ['GET', '/api/dashboard/ecommerce', 'Cannot get Revenue Data'],
    ['GET', '/api/crypto/market', 'Cannot get Market Data'],
    ['POST', '/api/add/message', 'Cannot add message'],
    ['POST', '/api/add/project', 'Cannot add project'],
    ['POST', '/api/add/teamData', 'Cannot add team data'],
    ['POST', '/api/add/folder', 'Cannot add folder data'],
    ['POST', '/api/add/file', 'Cannot add file data'],
    ['POST', '/api/add/todo', 'Cannot add To do data'],
    ['POST', '/api/todo/projects', 'Cannot add Project data'],
    ['POST', '/api/users/user/', 'Cannot add user'],
    ['PUT', '/api/update/project', 'Cannot update project'],
    ['PUT', '/api/update/teamData', 'Cannot update team data'],
    ['PUT', '/api/update/folder', 'Cannot update folder data'],
    ['PUT', '/api/update/file', 'Cannot update file data'],
    ['PUT', '/api/update/todo', 'Cannot update To do data'],
    ['PUT', `/api/users/user/${idx}/`, 'Cannot update user'],
    ['DELETE', '/api/delete/message', 'Cannot delete message'],
    ['DELETE', `/api/apps/order/${idx}`, 'Cannot delete order'],
    ['DELETE', '/api/delete/teamData', 'Cannot delete team data'],
    ['DELETE', '/api/delete/folder', 'Cannot delete folder data'],
    ['DELETE', '/api/delete/file', 'Cannot delete file data'],
    ['DELETE', '/api/delete/todo', 'Cannot delete To do data'],
    ['DELETE', `/api/users/user/${idx}/`, 'Cannot delete users'],
  ];
  // The areas' own writes (chat messages, kanban cards, mail): the same rules, with the session's header.
  const auth = { authorization };
  const rooms = await callApi(page, 'GET', '/api/chat/rooms', { headers: auth });
  const room = (rooms.body.items as { id: string }[])[0];
  const board = await callApi(page, 'GET', '/api/apps/tasks', { headers: auth });
  const column = (board.body.columns as { id: string; cards: { id: string }[] }[])[0];
  const mail = await callApi(page, 'GET', '/api/mail', { headers: auth });
  const entry = (mail.body.items as { forId: string }[])[0];
  if (!room || !column?.cards[0] || !entry) throw new Error('the demo data has no room, card or mail');
  const card = column.cards[0];
  const rules: [method: string, path: string, message: string][] = [
    ['POST', `/api/chat/rooms/${room.id}/messages`, 'Cannot add message'],
    ['POST', '/api/add/message', 'Cannot add message'],
    ['DELETE', '/api/delete/message', 'Cannot delete message'],
    ['POST', `/api/apps/tasks/${card.id}/move`, 'Cannot update task'],
    ['POST', '/api/add/tasks', 'Cannot add task'],
    ['PUT', '/api/update/tasks', 'Cannot update task'],
    ['DELETE', '/api/delete/tasks', 'Cannot delete task'],
    ['PATCH', '/api/mail/entries', 'Cannot update mail'],
    ['DELETE', '/api/delete/mail', 'Cannot delete mail'],
  ];
  // All at once: the worker answers each after its delay (the suite's time stays short).
  const broken = await Promise.all(
    rules.map(([method, path]) => callApi(page, method, path, { headers: auth })),
  );
  expect(broken.map((answer, i) => `${rules[i]?.[1]}: ${answer.status} ${answer.body.errorMessage}`)).toEqual(
    rules.map(([, path, message]) => `${path}: 400 ${message}`),
  );
  const sent = await callApi(page, 'POST', '/api/add/message', {
    body: { roomId: room.id, message: 'Demo hello' },
    headers: auth,
  });
  expect(sent).toMatchObject({
    status: 201,
    body: { successMessage: 'Message Added Successfully', data: { roomId: room.id, message: 'Demo hello' } },
  });
  const messageId = (sent.body.data as { id: string }).id;
  expect(
    await callApi(page, 'DELETE', '/api/delete/message', { headers: { ...auth, message: messageId } }),
  ).toEqual({
    status: 200,
    body: { successCode: 'DELETED', successMessage: 'Deleted Successfully', data: { id: messageId } },
  });
  const cardAdded = await callApi(page, 'POST', '/api/add/tasks', {
    body: { kanId: column.id, title: 'Demo card' },
    headers: auth,
  });
  expect(cardAdded).toMatchObject({
    status: 201,
    body: { successMessage: 'Task Added Successfully', data: { title: 'Demo card', kanId: column.id } },
  });
  const cardId = (cardAdded.body.data as { id: string }).id;
  expect(
    await callApi(page, 'PUT', '/api/update/tasks', {
      body: { id: cardId, title: 'Demo card 2' },
      headers: auth,
    }),
  ).toMatchObject({ status: 200, body: { data: { id: cardId, title: 'Demo card 2' } } });
  expect(
    (await callApi(page, 'DELETE', '/api/delete/tasks', { headers: { ...auth, task: cardId } })).body.data,
  ).toEqual({ id: cardId });
  expect(
    await callApi(page, 'DELETE', '/api/delete/mail', { headers: { ...auth, forid: entry.forId } }),
  ).toMatchObject({
    status: 200,
    body: { successMessage: 'Deleted Successfully', data: { forId: entry.forId } },
  });

  const answers = await Promise.all(families.map(([method, path]) => callApi(page, method, path)));
  expect(
    answers.map(
      (answer, i) => `${families[i]?.[0]} ${families[i]?.[1]}: ${answer.status} ${answer.body.errorMessage}`,
    ),
  ).toEqual(families.map(([method, path, message]) => `${method} ${path}: 400 ${message}`));
});

test('sign in, a list: add, edit, delete — kept in this browser until reset', async ({ page }) => {
  const name = `Demo task ${unique()}`;
  const errors = consoleErrors(page);
  await signIn(page);
  await page.goto('/apps/tasks');
  await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Tasks' }).getByRole('row').nth(1)).toBeVisible();

  await page.getByRole('link', { name: 'Add Task' }).click();
  await page.getByRole('textbox', { name: 'Task', exact: true }).fill(name);
  await page.getByRole('combobox', { name: 'Priority' }).click();
  await page.getByRole('option', { name: 'High' }).click();
  await page.getByRole('button', { name: 'Add Task' }).click();
  await expect(toast(page, 'Task Added Successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  // In IndexedDB: still there after a reload (the worker starts again from the snapshot + changes).
  await page.goto(`/apps/tasks?search=${encodeURIComponent(name)}`);
  const rows = page.getByRole('table', { name: 'Tasks' }).getByRole('row');
  await expect(rows.filter({ hasText: name })).toBeVisible();
  await expect(rows).toHaveCount(2);

  await editFromRowMenu(page, name);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'In progress' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Updated Successfully')).toBeVisible();
  await expect(page.getByText('In progress', { exact: true })).toBeVisible();

  await deleteFromDetailPage(page, {
    entity: 'Task',
    listUrl: /\/apps\/tasks$/,
    search: name,
    noMatch: 'No tasks match these filters',
  });

  // Reset: the demo data as it was built (the profile's change, made through the API, is undone).
  const token = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem('ledgerdesk.session') ?? '{}').accessToken,
  );
  const me = await callApi(page, 'GET', '/api/users/me/', { headers: { authorization: `Bearer ${token}` } });
  await callApi(page, 'PUT', '/api/users/me/', {
    body: { firstName: 'Changed' },
    headers: { authorization: `Bearer ${token}` },
  });
  await page.getByRole('button', { name: 'Reset demo data' }).click();
  await expect(page.getByRole('region', { name: 'Demo' })).toBeVisible();
  await expect
    .poll(
      async () =>
        (await callApi(page, 'GET', '/api/users/me/', { headers: { authorization: `Bearer ${token}` } })).body
          .firstName,
    )
    .toBe(me.body.firstName);
  expect(errors).toEqual([]);
});

test('a chat message sent and a kanban card added and moved: both kept after a reload', async ({ page }) => {
  const errors = consoleErrors(page);
  const mark = unique();
  const words = `Demo hello ${mark}`;
  // Signed in through the mock's API (the other flows sign in on the page): straight to the chat.
  await openDemo(page);
  const { accessToken, ...user } = (await callApi(page, 'POST', '/api/users/login/', { body: DEMO_ADMIN }))
    .body;
  await page.evaluate((session) => sessionStorage.setItem('ledgerdesk.session', JSON.stringify(session)), {
    accessToken,
    user,
  });
  await page.goto('/chat');
  await page.getByRole('link', { name: /# general/ }).click();
  await expect(page.getByRole('heading', { name: '# general', level: 2 })).toBeVisible();
  const roomId = new URL(page.url()).searchParams.get('room');
  const field = page.getByRole('textbox', { name: 'Message' });
  await field.fill(words);
  // Shown as it is sent; kept once the mock has answered.
  const sent = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && /\/api\/chat\/rooms\/[^/]+\/messages$/.test(response.url()),
  );
  await field.press('Enter');
  await expect(page.getByRole('region', { name: 'Messages' }).getByText(words)).toBeVisible();
  expect((await sent).ok()).toBe(true);

  // The board: a card added on top of a column, moved by keyboard to the next one.
  const title = `Demo card ${mark}`;
  const column = (name: string) =>
    page
      .getByRole('region', { name: 'Board', exact: false })
      .getByRole('region', { name, exact: true })
      .getByRole('listitem')
      .filter({ hasText: title });
  await page.goto('/apps/tasks/board');
  await expect(page.getByRole('heading', { name: 'Task board', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add card to Unassigned' }).click();
  await page.getByRole('textbox', { name: 'Title of the new card in Unassigned' }).fill(title);
  await page.keyboard.press('Enter');
  await expect(column('Unassigned')).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^Drag TSK-\\d+ ${title}$`) }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(/Picked up TSK-/)).toBeAttached();
  await page.keyboard.press('ArrowRight');
  // The board shows the move at once; the mock answers once it has kept it in this browser.
  const kept = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && /\/api\/apps\/tasks\/[^/]+\/move$/.test(response.url()),
  );
  await page.keyboard.press('Space');
  await expect(page.getByText(/^Dropped\./)).toBeAttached();
  await expect(column('To Do')).toBeVisible();
  expect((await kept).ok()).toBe(true);

  // A reload starts the worker again from the build's data and this browser's changes: both are there.
  await page.reload();
  await expect(column('To Do')).toBeVisible();
  await expect(column('Unassigned')).toHaveCount(0);
  const room = await callApi(page, 'GET', `/api/chat/rooms/${roomId}/messages`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect((room.body.items as { body: string }[]).at(-1)?.body).toBe(words);
  expect(errors).toEqual([]);
});

test('the layout customizer: a setting saved through the mock survives a reload', async ({ page }) => {
  const errors = consoleErrors(page);
  await signIn(page);
  // The live connection opens (answered in the page): the portfolio's prices say "live", not polled.
  await page.goto('/apps/crypto/portfolio');
  await expect(page.getByTestId('live-badge')).toHaveText('Live prices');
  await page.getByRole('button', { name: 'Layout settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Layout settings' });
  await expect(dialog).toBeVisible();
  const saved = page.waitForResponse(
    (response) => response.url().includes('/preferences/') && response.request().method() === 'PUT',
  );
  await dialog.getByRole('radiogroup', { name: 'Layout' }).getByText('Horizontal', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-layout', 'horizontal');
  expect((await saved).status()).toBe(200);
  // The mock holds it: what the server would answer on the next visit.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByTestId('live-badge')).toHaveText('Live prices');
  await expect(page.locator('html')).toHaveAttribute('data-layout', 'horizontal');
  expect(errors).toEqual([]);
});
