import { expect, sessionToken, signInAsNewAdmin, test, unique } from './fixtures';

test.describe('notifications', () => {
  test('the bell counts a task another user assigns, without a reload; opening it marks it read', async ({
    page,
    request,
  }) => {
    // An administrator of its own: other tests running beside this one notify the seeded one, and a
    // notification arriving mid-test would change the count and move the item under the click.
    await signInAsNewAdmin(page);
    const adminToken = await sessionToken(page);
    const headers = (token: string) => ({ authorization: `Bearer ${token}` });
    const me = await (await request.get('/api/users/me/', { headers: headers(adminToken) })).json();

    // Another user, who will assign a task to the administrator.
    const tag = unique();
    const colleague = { email: `colleague-${tag}@e2e.local`, password: 'Lantern-orbit-quartz-71' };
    const created = await request.post('/api/users/user/', {
      headers: headers(adminToken),
      data: {
        username: `colleague${tag}`,
        email: colleague.email,
        firstName: 'Cora',
        lastName: 'Lee',
        password: colleague.password,
        isAdmin: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const login = await request.post('/api/users/login/', { data: colleague });
    const colleagueToken = (await login.json()).accessToken as string;

    const bell = page.getByRole('button', { name: /^Notifications,/ });
    await expect(bell).toBeVisible();
    const before = Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);

    const title = `Reconcile the ledger ${tag}`;
    const task = await request.post('/api/apps/task', {
      headers: headers(colleagueToken),
      data: { task: title, assigneeIds: [me.id] },
    });
    expect(task.status(), await task.text()).toBe(201);
    const taskId = (await task.json()).data._id as string;

    // The live connection brings it: no reload.
    await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} unread`);
    await expect(page.getByTestId('notifications-badge')).toHaveText(String(before + 1));

    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const item = panel.getByRole('button', { name: new RegExp(`Cora Lee assigned you a task: ${title}`) });
    await expect(item).toBeVisible();
    await expect(item).toContainText('Unread');
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/apps/tasks/${taskId}$`));
    await expect(bell).toHaveAccessibleName(
      before === 0 ? 'Notifications, none unread' : `Notifications, ${before} unread`,
    );
  });
});
