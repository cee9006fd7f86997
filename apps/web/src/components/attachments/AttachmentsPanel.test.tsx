import type { FileRecord } from '@ledgerdesk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubXhr } from '../../test/fake-xhr';
import { renderInApp } from '../../test/render';
import { AttachmentsPanel } from './AttachmentsPanel';

// Dialogs and uploads through the fake XHR take a few seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const taskId = '0b7d4b7e-8a43-4a8e-9d7a-5d2f1c3b9a01';
const fileOf = (id: string, name: string, mime: string, size: number): FileRecord => ({
  id,
  name,
  kind: mime.startsWith('image/') ? 'Media' : 'Documents',
  mime,
  size,
  folderId: null,
  ownerId: 'c1a2b3c4-d5e6-4f70-8a91-b2c3d4e5f607',
  ownerName: 'Ada Lovelace',
  starred: false,
  trashedAt: null,
  attachedTo: { type: 'tasks', id: taskId },
  position: 0,
  url: `/api/files/${id}/content?expires=1&sig=abc`,
  thumbnailUrl: mime.startsWith('image/') ? `/api/files/${id}/thumbnail?expires=1&sig=abc` : null,
  access: 'edit',
  createdAt: '2026-11-02T09:30:00.000Z',
  updatedAt: '2026-11-02T09:30:00.000Z',
  version: 1,
});
const plan = fileOf('11111111-1111-4111-8111-111111111111', 'site-plan.pdf', 'application/pdf', 2_400_000);
const photo = fileOf('22222222-2222-4222-8222-222222222222', 'north-wall.jpg', 'image/jpeg', 532);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API: the list answers the current files; a DELETE removes one. */
function stubApi(initial: FileRecord[]) {
  let items = initial;
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === 'DELETE') {
      items = items.filter((f) => !url.endsWith(f.id));
      return json({ successMessage: 'Deleted Successfully', data: { id: url.split('/').at(-1) } });
    }
    if (url.endsWith(`/apps/task/${taskId}/attachments`)) return json({ items });
    return json({ errorCode: 'NOT_FOUND', errorMessage: 'Not found' }, 404);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('AttachmentsPanel', () => {
  it('lists the files with their count, thumbnail or icon, size, who and when', async () => {
    stubApi([plan, photo]);
    await renderInApp(<AttachmentsPanel recordsApi="/apps/task" recordId={taskId} canEdit />);
    const list = await screen.findByRole('list', { name: 'Attachments' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByLabelText('2 files')).toBeDefined();
    expect(within(list).getByText('site-plan.pdf')).toBeDefined();
    expect(within(list).getByText(/2\.3 MB · Ada Lovelace ·/)).toBeDefined();
    expect(within(list).getByText(/532 bytes · Ada Lovelace/)).toBeDefined();
    // The image shows its thumbnail (signed URL); the PDF its icon.
    const thumbnails = list.querySelectorAll('img');
    expect([...thumbnails].map((img) => img.getAttribute('src'))).toEqual([photo.thumbnailUrl]);
    // Downloads go through the signed URL, as a download.
    const download = screen.getByRole('link', { name: 'Download site-plan.pdf' });
    expect(download.getAttribute('href')).toContain(`/api/files/${plan.id}/content?expires=1&sig=abc`);
    expect(download.getAttribute('href')).toContain('download=1');
  });

  it('is read-only for a reader who may not change the record, who still previews and downloads', async () => {
    stubApi([plan]);
    const { user } = await renderInApp(
      <AttachmentsPanel recordsApi="/apps/task" recordId={taskId} canEdit={false} />,
    );
    await screen.findByText('site-plan.pdf');
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Choose files/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Download site-plan.pdf' })).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'site-plan.pdf' }));
    const preview = await screen.findByRole('dialog');
    expect(within(preview).getByText('site-plan.pdf')).toBeDefined();
  });

  it('says when there is nothing attached', async () => {
    stubApi([]);
    await renderInApp(<AttachmentsPanel recordsApi="/apps/task" recordId={taskId} canEdit />);
    expect(await screen.findByText('No files attached yet.')).toBeDefined();
    expect(screen.getByLabelText('0 files')).toBeDefined();
  });

  it('removes a file after asking, then shows the rest', async () => {
    const fetch = stubApi([plan, photo]);
    const { user } = await renderInApp(
      <AttachmentsPanel recordsApi="/apps/task" recordId={taskId} canEdit />,
    );
    await user.click(await screen.findByRole('button', { name: 'Remove site-plan.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this file?' });
    expect(within(dialog).getByText(/“site-plan.pdf” will be removed/)).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('site-plan.pdf')).toBeNull());
    expect(screen.getByText('north-wall.jpg')).toBeDefined();
    expect(screen.getByLabelText('1 file')).toBeDefined();
    const deleteCall = fetch.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(String(deleteCall?.[0])).toBe(`/api/apps/task/${taskId}/attachments/${plan.id}`);
  });

  it('uploads dropped files to the record, each with its progress, and lists them once saved', async () => {
    const Xhr = stubXhr();
    let items = [plan];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ items }));
    await renderInApp(<AttachmentsPanel recordsApi="/apps/task" recordId={taskId} canEdit />);
    await screen.findByText('site-plan.pdf');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const dropped = new File(['wall photo'], 'north-wall.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [dropped] } });
    await waitFor(() => expect(Xhr.requests).toHaveLength(1));
    const [request] = Xhr.requests;
    if (!request) throw new Error('no upload');
    expect(request.method).toBe('POST');
    expect(request.url).toBe(`/api/apps/task/${taskId}/attachments`);
    expect(request.sentFiles()).toEqual([{ field: 'file', name: 'north-wall.jpg' }]);
    request.progress(5, 10);
    expect(await screen.findByRole('progressbar', { name: /north-wall\.jpg/ })).toBeDefined();
    items = [plan, photo];
    request.respond(201, { files: [photo] });
    expect(await screen.findByRole('link', { name: 'Download north-wall.jpg' })).toBeDefined();
    expect(screen.getByLabelText('2 files')).toBeDefined();
  });
});
