import {
  deleteFromDetailPage,
  editFromRowMenu,
  expect,
  expectToast,
  pickDate,
  searchList,
  sessionToken,
  signInAsAdmin,
  test,
  unique,
} from './fixtures';

// The web resource engine, through its first area: the list, form and detail pages drawn from the
// tasks definition.
test.describe('tasks (the resource engine)', () => {
  test('create, find by search, edit, delete — with the toasts and the URL keeping the list state', async ({
    page,
  }) => {
    const name = `Inspect scaffolding ${unique()}`;
    await signInAsAdmin(page);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Tasks' })
      .click();
    await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Tasks · Ledgerdesk');

    // Create: contract validation first, then the server's answer.
    await page.getByRole('link', { name: 'Add Task' }).click();
    await expect(page.getByRole('heading', { name: 'New Task', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add Task' }).click();
    await expect(page.getByText('Required', { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Task', exact: true })).toBeFocused();
    await page.getByRole('textbox', { name: 'Task', exact: true }).fill(name);
    await page.getByRole('combobox', { name: 'Priority' }).click();
    await page.getByRole('option', { name: 'High' }).click();
    await pickDate(page, 'Due date', '2026-12-24');
    await page.getByRole('button', { name: 'Add Task' }).click();
    await expectToast(page, 'Task Added Successfully');
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByText('High', { exact: true })).toBeVisible();

    // Find it by search: the search is in the URL, so a reload keeps it.
    await page.getByRole('link', { name: 'Tasks' }).first().click();
    await searchList(page, 'Tasks', name, { reload: true });

    // Edit from the row's menu.
    await editFromRowMenu(page, name);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'In progress' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Updated Successfully');
    await expect(page.getByText('In progress', { exact: true })).toBeVisible();

    // Delete from the detail page: asked first, then gone from the list.
    await deleteFromDetailPage(page, {
      entity: 'Task',
      listUrl: /\/apps\/tasks$/,
      search: name,
      noMatch: 'No tasks match these filters',
    });
  });

  test('filters, hidden columns and bulk delete', async ({ page }) => {
    const mark = unique();
    await signInAsAdmin(page);
    const authorization = `Bearer ${await sessionToken(page)}`;
    for (const index of [1, 2, 3]) {
      const res = await page.request.post('/api/apps/task', {
        headers: { authorization },
        data: { task: `Bulk ${mark} ${index}`, status: index === 3 ? 'Completed' : 'Pending' },
      });
      expect(res.status()).toBe(201);
    }
    await page.goto(`/apps/tasks?search=${mark}`);
    const table = page.getByRole('table', { name: 'Tasks' });
    await expect(table.getByRole('row')).toHaveCount(4);

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Completed' }).click();
    await expect(page).toHaveURL(/status=Completed/);
    await expect(table.getByRole('row')).toHaveCount(2);
    await page.getByRole('button', { name: 'Clear filters' }).click();

    // A hidden column stays hidden after a reload.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Priority' }).uncheck();
    await page.keyboard.press('Escape');
    await expect(table.getByRole('columnheader', { name: 'Priority' })).toHaveCount(0);
    await page.goto(`/apps/tasks?search=${mark}`);
    await expect(table.getByRole('columnheader', { name: 'Due date' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Priority' })).toHaveCount(0);

    // Select all three, delete them at once.
    await expect(table.getByRole('row')).toHaveCount(4);
    for (const index of [1, 2, 3])
      await page.getByRole('checkbox', { name: `Select Bulk ${mark} ${index}` }).check();
    await expect(page.getByText('3 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Delete 3 records?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expectToast(page, 'Deleted Successfully');
    await page.reload();
    await expect(page.getByText('No tasks match these filters')).toBeVisible();
  });

  test('project, tags and subtasks on the form and the page; comments; the project lists its tasks', async ({
    page,
  }) => {
    const mark = unique();
    await signInAsAdmin(page);
    const authorization = `Bearer ${await sessionToken(page)}`;
    const projectName = `Tower ${mark}`;
    const project = await page.request.post('/api/projects', {
      headers: { authorization },
      data: { projectName },
    });
    expect(project.status()).toBe(201);
    const projectId = ((await project.json()) as { data: { _id: string } }).data._id;

    const name = `Cure slab ${mark}`;
    await page.goto('/apps/tasks/new');
    await page.getByRole('textbox', { name: 'Task', exact: true }).fill(name);
    await page
      .locator('input')
      .and(page.getByLabel('Project', { exact: true }))
      .fill(projectName);
    await page.getByRole('option', { name: projectName }).click();
    await page
      .locator('input')
      .and(page.getByLabel('Tags', { exact: true }))
      .fill('Concrete');
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'New item' }).fill('Order curing blankets');
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'New item' }).fill('Water twice a day');
    await page.keyboard.press('Enter');
    await page.getByRole('checkbox', { name: 'Order curing blankets done' }).check();
    await page.getByRole('button', { name: 'Add Task' }).click();
    await expectToast(page, 'Task Added Successfully');
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByText('Concrete', { exact: true })).toBeVisible();
    await expect(page.getByText(projectName, { exact: true })).toBeVisible();
    await expect(page.getByText('Water twice a day')).toBeVisible();
    // One of two subtasks done: half-way.
    await expect(page.getByText('50%')).toBeVisible();

    // Comments, newest first; one's own can be deleted.
    await page.getByRole('tab', { name: 'Comments' }).click();
    await page.getByRole('textbox', { name: 'New comment' }).fill(`First pour checked ${mark}`);
    await page.getByRole('button', { name: 'Add comment' }).click();
    await expectToast(page, 'Comment Added Successfully');
    await page.getByRole('textbox', { name: 'New comment' }).fill(`Blankets on site ${mark}`);
    await page.getByRole('button', { name: 'Add comment' }).click();
    const comments = page.getByRole('list', { name: 'Comments' }).getByRole('listitem');
    await expect(comments).toHaveCount(2);
    await expect(comments.first()).toContainText(`Blankets on site ${mark}`);
    await comments
      .first()
      .getByRole('button', { name: /^Delete the comment of / })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete the comment?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(comments).toHaveCount(1);
    await expect(comments.first()).toContainText(`First pour checked ${mark}`);

    // The project's page lists it under Tasks.
    await page.goto(`/apps/projects/${projectId}?tab=tasks`);
    await expect(page.getByRole('table', { name: 'Tasks' }).getByRole('link', { name })).toBeVisible();
  });
});
