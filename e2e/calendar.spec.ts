import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, expectToast, pickDate, sessionToken, signInAsAdmin, test, toast, unique } from './fixtures';

// The calendar page (issue 13): FullCalendar 7 over the calendar API, in months far from the demo
// data's so that only this run's events are there.

/** The month view's cell of a day (YYYY-MM-DD). */
const dayCell = (page: Page, day: string) => page.locator(`[role="cell"][data-date="${day}"]`);

/** An event of the calendar by its title (its accessible name also says its category). */
const eventNamed = (scope: Page | Locator, title: string) =>
  scope.getByRole('button', { name: new RegExp(title) }).first();

/** The centre of an element, for the mouse. */
async function centreOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A mouse drag in small steps (FullCalendar starts a drag after the pointer has moved a little). */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 5, from.y + 5, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 15 });
  await page.mouse.up();
}

/** Somewhere in a day cell below its day number (which is a link to the day). */
async function insideCell(page: Page, day: string) {
  const box = await dayCell(page, day).boundingBox();
  if (!box) throw new Error(`${day} is not shown`);
  return { x: box.x + box.width / 2, y: box.y + box.height - 12 };
}

async function openMonth(page: Page, date: string, title: string) {
  await page.goto(`/calendar?view=dayGridMonth&date=${date}`);
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
}

test.describe('calendar', () => {
  test('create by selecting days and with the button, drag, undo, resize, edit and delete', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const id = unique();
    const offsite = `Offsite ${id}`;
    const review = `Review ${id}`;
    await signInAsAdmin(page);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Calendar' })
      .click();
    await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Calendar · Ledgerdesk');
    await openMonth(page, '2027-03-01', 'March 2027');

    // Select 9–10 March with the mouse: a new all-day event over those days.
    await drag(page, await insideCell(page, '2027-03-09'), await insideCell(page, '2027-03-10'));
    const dialog = page.getByRole('dialog', { name: 'New event' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('switch', { name: 'All day' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Add event' }).click();
    await expect(dialog.getByText('Required', { exact: true })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Title' }).fill(offsite);
    await dialog.getByRole('button', { name: 'Add event' }).click();
    await expectToast(page, `“${offsite}” was added to the calendar.`);
    await expect(dialog).toBeHidden();
    await expect(eventNamed(dayCell(page, '2027-03-09'), offsite)).toBeVisible();

    // The Add event button: a timed event, its day picked in the dialog.
    await page.getByRole('button', { name: 'Add event' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Title' }).fill(review);
    await pickDate(page, 'Start', '2027-03-16');
    await pickDate(page, 'End', '2027-03-16');
    await dialog.getByLabel('Start time').fill('10:00');
    await dialog.getByLabel('End time').fill('11:30');
    await dialog.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Success' }).click();
    await dialog.getByRole('button', { name: 'Add event' }).click();
    await expectToast(page, `“${review}” was added to the calendar.`);
    const reviewEvent = eventNamed(dayCell(page, '2027-03-16'), review);
    await expect(reviewEvent).toBeVisible();
    await expect(reviewEvent).toHaveAccessibleName(/Category Success/);

    // Drag the all-day event a week later, then undo.
    await drag(page, await centreOf(eventNamed(page, offsite)), await insideCell(page, '2027-03-16'));
    await expectToast(page, `“${offsite}” was moved.`);
    await expect(eventNamed(dayCell(page, '2027-03-16'), offsite)).toBeVisible();
    await toast(page, `“${offsite}” was moved.`).getByRole('button', { name: 'Undo' }).click();
    await expectToast(page, `“${offsite}” is back where it was.`);
    await expect(eventNamed(dayCell(page, '2027-03-09'), offsite)).toBeVisible();
    await expect(eventNamed(dayCell(page, '2027-03-16'), offsite)).toHaveCount(0);

    // Drag the timed event to the next day: stored, so a reload keeps it (and the view and month).
    await drag(page, await centreOf(reviewEvent), await insideCell(page, '2027-03-17'));
    await expectToast(page, `“${review}” was moved.`);
    await expect(eventNamed(dayCell(page, '2027-03-17'), review)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'March 2027', level: 2 })).toBeVisible();
    await expect(eventNamed(dayCell(page, '2027-03-17'), review)).toBeVisible();

    // Resize the all-day event by its end: it lasts until 12 March.
    const offsiteEvent = eventNamed(page, offsite);
    await offsiteEvent.hover();
    const handle = offsiteEvent.locator(':scope > div').last();
    const handleBox = await handle.boundingBox();
    if (!handleBox) throw new Error('no resize handle');
    await drag(
      page,
      { x: handleBox.x + handleBox.width / 2, y: handleBox.y + handleBox.height / 2 },
      await insideCell(page, '2027-03-12'),
    );
    await expectToast(page, `“${offsite}” was changed.`);

    // Edit it in its dialog: the resized end is there; a new title and category.
    await eventNamed(page, offsite).click();
    const edit = page.getByRole('dialog', { name: 'Edit event' });
    await expect(edit.getByRole('button', { name: 'Last day' })).toContainText('12 Mar 2027');
    await edit.getByRole('textbox', { name: 'Title' }).fill(`${offsite} (moved)`);
    await edit.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Warning' }).click();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, `“${offsite} (moved)” was saved.`);
    await expect(eventNamed(page, `${offsite} \\(moved\\)`)).toHaveAccessibleName(/Category Warning/);

    // Delete it: asked first.
    await eventNamed(page, `${offsite} \\(moved\\)`).click();
    await edit.getByRole('button', { name: 'Delete event' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this event?' });
    await expect(confirm).toContainText('This cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete event' }).click();
    await expectToast(page, `“${offsite} (moved)” was deleted.`);
    await expect(eventNamed(page, offsite)).toHaveCount(0);
    await expect(eventNamed(page, review)).toBeVisible();
  });

  test('a weekly series shows on each of its weeks, and deleting it says every occurrence goes', async ({
    page,
  }) => {
    const title = `Stand-up ${unique()}`;
    await signInAsAdmin(page);
    const authorization = `Bearer ${await sessionToken(page)}`;
    const created = await page.request.post('/api/calendar/events', {
      headers: { authorization },
      data: {
        title,
        start: '2027-04-05T09:00:00+02:00',
        end: '2027-04-05T09:30:00+02:00',
        timeZone: 'Europe/Paris',
        category: 'info',
        repeat: 'weekly',
        repeatUntil: '2027-04-26',
      },
    });
    expect(created.status()).toBe(201);
    await openMonth(page, '2027-04-01', 'April 2027');
    for (const day of ['2027-04-05', '2027-04-12', '2027-04-19', '2027-04-26'])
      await expect(eventNamed(dayCell(page, day), title)).toHaveAccessibleName(/repeats/);
    const inGrid = page.locator('[role="cell"]').getByRole('button', { name: new RegExp(title) });
    await expect(inGrid).toHaveCount(4);
    // Its category's count covers the month shown.
    await expect(page.getByRole('button', { name: /^Info/ })).toContainText('4');

    // By keyboard: an event is focusable, Enter opens it.
    await eventNamed(dayCell(page, '2027-04-19'), title).focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('dialog', { name: 'Edit event' })
      .getByRole('button', { name: 'Delete event' })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete this event?' });
    await expect(confirm).toContainText('deletes every occurrence of the series');
    await confirm.getByRole('button', { name: 'Delete event' }).click();
    await expectToast(page, `“${title}” was deleted.`);
    await expect(inGrid).toHaveCount(0);
  });

  test('a move the server refuses goes back, with the server’s message', async ({ page }) => {
    const title = `Fixed ${unique()}`;
    await signInAsAdmin(page);
    const authorization = `Bearer ${await sessionToken(page)}`;
    const created = await page.request.post('/api/calendar/events', {
      headers: { authorization },
      data: {
        title,
        start: '2027-06-08T00:00:00+02:00',
        end: '2027-06-09T00:00:00+02:00',
        allDay: true,
        timeZone: 'Europe/Paris',
      },
    });
    expect(created.status()).toBe(201);
    // The server refuses the change (as it would a stale or forbidden one).
    await page.route('**/api/calendar/events/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({
              errorCode: 'FORBIDDEN',
              errorMessage: 'Only the person who created this event may change or delete it.',
            }),
          })
        : route.continue(),
    );
    await openMonth(page, '2027-06-01', 'June 2027');
    await drag(page, await centreOf(eventNamed(page, title)), await insideCell(page, '2027-06-10'));
    const refused = toast(page, 'The event could not be moved');
    await expect(refused).toContainText('Only the person who created this event may change or delete it.');
    await expect(eventNamed(dayCell(page, '2027-06-08'), title)).toBeVisible();
    await expect(eventNamed(dayCell(page, '2027-06-10'), title)).toHaveCount(0);
  });

  test('no axe violation in the month and list views (light)', async ({ page }) => {
    test.setTimeout(120_000);
    const title = `Axe check ${unique()}`;
    await signInAsAdmin(page);
    const authorization = `Bearer ${await sessionToken(page)}`;
    const created = await page.request.post('/api/calendar/events', {
      headers: { authorization },
      data: {
        title,
        start: '2027-05-11T14:00:00+02:00',
        end: '2027-05-11T15:00:00+02:00',
        timeZone: 'Europe/Paris',
        category: 'danger',
      },
    });
    expect(created.status()).toBe(201);
    for (const view of ['dayGridMonth', 'listWeek']) {
      await page.goto(`/calendar?view=${view}&date=2027-05-11`);
      await expect(eventNamed(page, title)).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.map(
          (v) =>
            `${view} ${v.id}: ${v.help} — ${v.nodes.map((node) => node.failureSummary ?? '').join('; ')} ${v.nodes.map((node) => node.html).join(' | ')}`,
        ),
      ).toEqual([]);
    }
  });
});
