import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, expectToast, sessionToken, signInAsAdmin, test, unique } from './fixtures';

// The tasks kanban board (issue 13): a project's board of its own per test, arranged through the
// API, then driven as a user would — cards dragged by mouse and moved by keyboard (the order survives
// a reload), a card added in a column, columns added, renamed and deleted, the list's filters
// carried to the board, and a file attached to a task counted on its card.

interface Column {
  id: string;
  title: string;
}
interface Arranged {
  projectId: string;
  columns: Column[];
  /** Adds a card to a column through SPEC's POST /api/add/tasks; its card id ("TSK-0042"). */
  addCard: (column: Column, title: string, extra?: Record<string, unknown>) => Promise<string>;
}

/** A project of its own (so a board of its own, with the default columns), through the API. */
async function arrange(page: Page): Promise<Arranged> {
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const project = await page.request.post('/api/projects', {
    headers,
    data: { projectName: `Kanban ${unique()}` },
  });
  expect(project.status()).toBe(201);
  const projectId = ((await project.json()) as { data: { _id: string } }).data._id;
  const board = await page.request.get(`/api/apps/tasks?project=${projectId}`, { headers });
  expect(board.status()).toBe(200);
  const { columns } = (await board.json()) as { columns: Column[] };
  return {
    projectId,
    columns,
    addCard: async (column, title, extra = {}) => {
      const res = await page.request.post('/api/add/tasks', {
        headers,
        data: { kanId: column.id, title, projectId, ...extra },
      });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { data: { cardId: string } }).data.cardId;
    },
  };
}

const column = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Board', exact: false }).getByRole('region', { name: title, exact: true });
const cardIn = (place: Locator, title: string) => place.getByRole('listitem').filter({ hasText: title });
const handle = (page: Page, cardId: string, title: string) =>
  page.getByRole('button', { name: `Drag ${cardId} ${title}`, exact: true });

/**
 * The server's answer to a board change the page already shows (the board moves a card before the
 * server has it): waited for before a reload, which would otherwise cancel the request.
 */
const answered = (page: Page, method: string, path: RegExp) =>
  page.waitForResponse(
    (response) => response.request().method() === method && path.test(new URL(response.url()).pathname),
  );
const MOVE = /^\/api\/apps\/tasks\/[^/]+\/move$/;

async function openBoard(page: Page, projectId: string) {
  await page.goto(`/apps/tasks/board?project=${projectId}`);
  await expect(page.getByRole('heading', { name: 'Task board', level: 1 })).toBeVisible();
}

test.describe('tasks kanban board', () => {
  test('a card dragged by mouse to another column stays there after a reload', async ({ page }) => {
    await signInAsAdmin(page);
    const board = await arrange(page);
    const [from, to] = board.columns;
    if (!from || !to) throw new Error('the board has fewer than two columns');
    const title = `Dragged ${unique()}`;
    const cardId = await board.addCard(from, title);
    await board.addCard(to, `Already there ${unique()}`);
    await openBoard(page, board.projectId);

    const card = cardIn(column(page, from.title), title);
    await expect(card).toBeVisible();
    const start = await handle(page, cardId, title).boundingBox();
    const target = await column(page, to.title).getByRole('list').boundingBox();
    if (!start || !target) throw new Error('the card or the column is not on screen');
    const kept = answered(page, 'POST', MOVE);
    await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
    await page.mouse.down();
    // Past the drag threshold, then over the other column's cards, in steps (dnd-kit follows moves).
    await page.mouse.move(start.x + 20, start.y + 10, { steps: 4 });
    await page.mouse.move(target.x + target.width / 2, target.y + target.height - 10, { steps: 12 });
    await page.mouse.up();

    await expect(cardIn(column(page, to.title), title)).toBeVisible();
    await expect(cardIn(column(page, from.title), title)).toHaveCount(0);
    expect((await kept).ok()).toBe(true);
    await page.reload();
    await expect(cardIn(column(page, to.title), title)).toBeVisible();
    await expect(cardIn(column(page, from.title), title)).toHaveCount(0);
  });

  test('a card moved by keyboard (space, arrows, space) keeps its new place after a reload', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const board = await arrange(page);
    const [from, to] = board.columns;
    if (!from || !to) throw new Error('the board has fewer than two columns');
    const mark = unique();
    const first = `First ${mark}`;
    const moved = `Moved ${mark}`;
    await board.addCard(to, first);
    const cardId = await board.addCard(from, moved);
    await openBoard(page, board.projectId);

    const kept = answered(page, 'POST', MOVE);
    await handle(page, cardId, moved).focus();
    await page.keyboard.press('Space');
    await expect(page.getByText(`Picked up ${cardId} ${moved}.`, { exact: false })).toBeAttached();
    await page.keyboard.press('ArrowRight');
    // Below the card already there.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await expect(page.getByText(/^Dropped\./)).toBeAttached();

    const target = column(page, to.title);
    await expect(target.getByRole('listitem')).toHaveCount(2);
    await expect(target.getByRole('listitem').nth(1)).toContainText(moved);
    expect((await kept).ok()).toBe(true);
    await page.reload();
    await expect(target.getByRole('listitem')).toHaveCount(2);
    await expect(target.getByRole('listitem').nth(0)).toContainText(first);
    await expect(target.getByRole('listitem').nth(1)).toContainText(moved);
    await expect(cardIn(column(page, from.title), moved)).toHaveCount(0);
  });

  test('a card added at the bottom of a column by its title', async ({ page }) => {
    await signInAsAdmin(page);
    const board = await arrange(page);
    const [target] = board.columns;
    if (!target) throw new Error('the board has no column');
    await openBoard(page, board.projectId);
    const title = `Quick card ${unique()}`;
    await page.getByRole('button', { name: `Add card to ${target.title}` }).click();
    await page.getByRole('textbox', { name: `Title of the new card in ${target.title}` }).fill(title);
    await page.keyboard.press('Enter');
    await expectToast(page, /Added Successfully/);
    await expect(cardIn(column(page, target.title), title)).toBeVisible();
    await page.reload();
    await expect(cardIn(column(page, target.title), title)).toBeVisible();
  });

  test('a file attached on the task page shows as a paperclip counter on its card', async ({ page }) => {
    await signInAsAdmin(page);
    const board = await arrange(page);
    const [target] = board.columns;
    if (!target) throw new Error('the board has no column');
    const title = `Survey ${unique()}`;
    await board.addCard(target, title);
    await openBoard(page, board.projectId);
    const card = cardIn(column(page, target.title), title);
    await expect(card.getByRole('img', { name: /attachment/ })).toHaveCount(0);

    // The task's page, its Attachments tab: a file picked is uploaded with its progress, then listed.
    await card.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await page.getByRole('tab', { name: 'Attachments' }).click();
    await expect(page.getByText('No files attached yet.')).toBeVisible();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Choose files' }).click(),
    ]);
    await chooser.setFiles({
      name: 'site-notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Scaffold north side: checked.\n'),
    });
    const files = page.getByRole('list', { name: 'Attachments' });
    await expect(files.getByText('site-notes.txt')).toBeVisible();
    await expect(page.getByLabel('1 file', { exact: true })).toBeVisible();
    await expectAccessible(page, 'the task page, its files');

    // Back on the board, the card counts it.
    await openBoard(page, board.projectId);
    await expect(card.getByRole('img', { name: '1 attachment' })).toBeVisible();
  });

  test('columns: add one, rename it, delete it when empty (not while it holds cards)', async ({ page }) => {
    await signInAsAdmin(page);
    const board = await arrange(page);
    const [busy] = board.columns;
    if (!busy) throw new Error('the board has no column');
    await board.addCard(busy, `Keeps the column ${unique()}`);
    await openBoard(page, board.projectId);

    // A column with cards: its delete item is disabled and says why.
    await page.getByRole('button', { name: `Actions for column ${busy.title}` }).click();
    await expect(page.getByRole('menuitem', { name: /Delete column/ })).toBeDisabled();
    await expect(page.getByText('It holds 1 card: move or delete it first.')).toBeVisible();
    await page.keyboard.press('Escape');

    const title = `Waiting ${unique()}`;
    await page.getByRole('button', { name: 'Add column' }).click();
    const add = page.getByRole('dialog', { name: 'Add column' });
    await add.getByRole('textbox', { name: 'Title' }).fill(title);
    await add.getByRole('button', { name: 'Add column' }).click();
    await expectToast(page, /Column Added Successfully|Added Successfully/);
    await expect(column(page, title)).toBeVisible();

    const renamed = `${title} renamed`;
    await page.getByRole('button', { name: `Actions for column ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Rename or change status' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit column' });
    await edit.getByRole('textbox', { name: 'Title' }).fill(renamed);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(column(page, renamed)).toBeVisible();
    await expect(column(page, title)).toHaveCount(0);

    await page.getByRole('button', { name: `Actions for column ${renamed}` }).click();
    await page.getByRole('menuitem', { name: 'Delete column' }).click();
    const deleted = answered(page, 'DELETE', /^\/api\/apps\/tasks\/columns\/[^/]+$/);
    await page
      .getByRole('dialog', { name: `Delete the column ${renamed}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(column(page, renamed)).toHaveCount(0);
    expect((await deleted).ok()).toBe(true);
    await page.reload();
    await expect(column(page, busy.title)).toBeVisible();
    await expect(column(page, renamed)).toHaveCount(0);
  });

  test('the list and the board share their filters: a priority set on the list narrows the board', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const board = await arrange(page);
    const [first, second] = board.columns;
    if (!first || !second) throw new Error('the board has fewer than two columns');
    const mark = unique();
    await board.addCard(first, `Urgent ${mark}`, { priority: 'High' });
    await board.addCard(second, `Someday ${mark}`, { priority: 'Low' });

    // The project's tasks in the list (the project filter is the board's project switcher).
    await page.goto(`/apps/tasks?project=${board.projectId}&search=${mark}`);
    const table = page.getByRole('table', { name: 'Tasks' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await page.getByRole('combobox', { name: 'Priority' }).click();
    await page.getByRole('option', { name: 'High' }).click();
    await expect(table.getByRole('row')).toHaveCount(2);

    const views = page.getByRole('radiogroup', { name: 'View' });
    await views.getByText('Board', { exact: true }).click();
    await expect(page).toHaveURL(/\/apps\/tasks\/board\?/);
    await expect(page).toHaveURL(/priority=High/);
    await expect(page).toHaveURL(new RegExp(`project=${board.projectId}`));
    await expect(page.getByRole('combobox', { name: 'Priority' })).toHaveValue('High');
    const shown = page.getByRole('region', { name: 'Board', exact: false });
    await expect(shown.getByText(`Urgent ${mark}`)).toBeVisible();
    await expect(shown.getByText(`Someday ${mark}`)).toHaveCount(0);

    // And back: the list keeps them too.
    await views.getByText('List', { exact: true }).click();
    await expect(page).toHaveURL(/\/apps\/tasks\?.*priority=High/);
    await expect(table.getByRole('row')).toHaveCount(2);
  });

  test('the board page has no accessibility violations (axe)', async ({ page }) => {
    await signInAsAdmin(page);
    const board = await arrange(page);
    const [first] = board.columns;
    if (!first) throw new Error('the board has no column');
    await board.addCard(first, `Checked by axe ${unique()}`, {
      priority: 'High',
      badges: ['Audit'],
      dueDate: '2020-01-01',
      subtasks: [{ title: 'One', done: true }, { title: 'Two' }],
    });
    await openBoard(page, board.projectId);
    await expect(page.getByText('Audit', { exact: true })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(' ')})`),
    ).toEqual([]);
  });
});
