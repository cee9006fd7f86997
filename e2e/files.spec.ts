import { expect, expectToast, signInAsAdmin, test, unique } from './fixtures';

test('the file manager uploads two files with progress, previews one, moves one into a folder, trashes and restores it', async ({
  page,
}) => {
  const run = unique();
  const folder = `Folder ${run}`;
  const notes = `notes-${run}.txt`;
  const photo = `photo-${run}.txt`;
  await signInAsAdmin(page, '/file-manager');
  await expect(page.getByRole('heading', { name: 'File manager', level: 1 })).toBeVisible();

  // A folder to move into.
  await page.getByRole('button', { name: 'New folder' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill(folder);
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  await expectToast(page, `Folder “${folder}” created`);
  const folderCard = page.getByTestId('folder-card').filter({ hasText: folder });
  await expect(folderCard).toBeVisible();

  // Two files at once: each request is held until its progress bar is on screen.
  const held: (() => Promise<void>)[] = [];
  await page.route('**/api/files', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    held.push(() => route.continue());
  });
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles([
      {
        name: notes,
        mimeType: 'text/plain',
        buffer: Buffer.from(`Meeting notes ${run}\nShip the file manager.\n`),
      },
      { name: photo, mimeType: 'text/plain', buffer: Buffer.from(`Another file ${run}\n`) },
    ]);
  const uploads = page.getByRole('region', { name: 'Uploads' });
  // Each file has its bar (at 0% while held: the bar's filled part has no width yet) and its figures.
  for (const name of [notes, photo]) {
    await expect(uploads.getByRole('progressbar', { name: `Upload progress of ${name}` })).toHaveAttribute(
      'aria-valuenow',
      /^\d+$/,
    );
  }
  await expect(uploads.getByText(/ of \d+ bytes \(\d+%\)/)).toHaveCount(2);
  await expect(uploads.getByRole('button', { name: `Cancel the upload of ${notes}` })).toBeVisible();
  await expect.poll(() => held.length).toBe(2);
  for (const release of held) await release();
  await page.unroute('**/api/files');
  await expect(uploads.locator('li[data-upload-status="done"]')).toHaveCount(2);
  const notesCard = page.getByTestId('file-card').filter({ hasText: notes });
  await expect(notesCard).toBeVisible();
  await expect(page.getByTestId('file-card').filter({ hasText: photo })).toBeVisible();

  // Preview: the text is read from the signed content URL.
  await notesCard.getByRole('button', { name: `Preview ${notes}` }).click();
  const preview = page.getByRole('dialog');
  await expect(preview.getByText(`Meeting notes ${run}`)).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Download' })).toHaveAttribute('href', /download=1/);
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toBeHidden();

  // Move by dragging the card onto the folder.
  await notesCard.dragTo(folderCard);
  await expectToast(page, `“${notes}” moved to ${folder}`);
  await expect(page.getByTestId('file-card').filter({ hasText: notes })).toBeHidden();
  // And the other with "Move to…" (the keyboard's way).
  await page.getByRole('button', { name: `Actions for ${photo}` }).click();
  await page.getByRole('menuitem', { name: 'Move to…' }).click();
  const moveDialog = page.getByRole('dialog', { name: `Move “${photo}” to…` });
  await moveDialog.getByRole('button', { name: folder, exact: true }).click();
  await moveDialog.getByRole('button', { name: 'Move here' }).click();
  await expectToast(page, `“${photo}” moved to ${folder}`);

  // Inside the folder: both files; the folder card counted them.
  // The card's button is named by what it shows: the folder's name, its files and size.
  await folderCard.getByRole('button', { name: new RegExp(`^${folder} 2 files`) }).click();
  await expect(page.getByRole('heading', { name: folder, level: 2 })).toBeVisible();
  const inFolder = page.getByTestId('file-card').filter({ hasText: notes });
  await expect(inFolder).toBeVisible();

  // Delete → trash (with Undo), then restore from the trash.
  await page.getByRole('button', { name: `Actions for ${notes}` }).click();
  await page.getByRole('menuitem', { name: 'Move to trash' }).click();
  await expectToast(page, `“${notes}” moved to the trash`);
  await expect(inFolder).toBeHidden();
  await page.getByRole('button', { name: 'Trash' }).click();
  await expect(page.getByRole('heading', { name: 'Trash', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: `Actions for ${notes}` }).click();
  await page.getByRole('menuitem', { name: 'Restore' }).click();
  await expectToast(page, `“${notes}” restored`);
  await expect(page.getByTestId('file-card').filter({ hasText: notes })).toBeHidden();
  await page.getByRole('button', { name: folder, exact: true }).click();
  await expect(page.getByTestId('file-card').filter({ hasText: notes })).toBeVisible();
});
