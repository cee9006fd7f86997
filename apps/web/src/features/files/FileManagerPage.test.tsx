import type { ManagedFile, ManagedFolder, StorageSummary } from '@ledgerdesk/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../lib/session';
import { renderInApp } from '../../test/render';
import { signInForTest } from '../../test/session';
import { FileManagerPage } from './FileManagerPage';

const OWNER = '7b0c8a3e-1d2f-4c5b-9a6e-0f1e2d3c4b5a';
const FOLDER = '1b0c8a3e-1d2f-4c5b-9a6e-0f1e2d3c4b5a';
const FILE = '2b0c8a3e-1d2f-4c5b-9a6e-0f1e2d3c4b5a';
const at = '2026-03-01T08:00:00.000Z';

const folder: ManagedFolder = {
  id: FOLDER,
  name: 'Budgets 2026',
  folderName: 'Budgets 2026',
  parentId: null,
  ownerId: OWNER,
  ownerName: 'Ada Lovelace',
  fileCount: 3,
  folderFile: 3,
  size: 2048,
  trashedAt: null,
  access: 'owner',
  shared: false,
  path: [],
  createdAt: at,
  updatedAt: at,
  version: 1,
};
const file: ManagedFile = {
  id: FILE,
  name: 'Q3 report.pdf',
  fileName: 'Q3 report.pdf',
  kind: 'Documents',
  fileType: 'Documents',
  mime: 'application/pdf',
  size: 1536,
  fileSize: '1.5 kB',
  folderId: null,
  ownerId: OWNER,
  ownerName: 'Ada Lovelace',
  starred: true,
  shared: false,
  trashedAt: null,
  attachedTo: null,
  position: 0,
  url: `/api/files/${FILE}/content?sig=1`,
  thumbnailUrl: null,
  access: 'owner',
  createdAt: at,
  createDate: at,
  updatedAt: at,
  updatedDate: at,
  version: 2,
};
const summary: StorageSummary = {
  used: 1536,
  quota: 2 * 1024 ** 3,
  byKind: { Media: { bytes: 0, count: 0 }, Documents: { bytes: 1536, count: 1 } },
  byGroup: {
    images: { bytes: 0, count: 0 },
    video: { bytes: 0, count: 0 },
    audio: { bytes: 0, count: 0 },
    documents: { bytes: 1536, count: 1 },
    other: { bytes: 0, count: 0 },
  },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const page = <T,>(results: T[]) => ({ count: results.length, page: 1, pageSize: 60, results });

/** The calls made, as "METHOD path?query". */
function stubApi({ trashed = false } = {}) {
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${url.search}`);
    const inTrash = url.searchParams.get('trashed') === 'true';
    if (url.pathname === '/api/files/summary') return json(200, summary);
    if (url.pathname === '/api/files/folders')
      return json(
        200,
        page(url.searchParams.get('parentId') === FOLDER || inTrash !== trashed ? [] : [folder]),
      );
    if (method === 'GET' && url.pathname === '/api/files')
      return json(200, page(inTrash !== trashed || url.searchParams.get('starred') === 'true' ? [] : [file]));
    if (method === 'POST' && url.pathname === `/api/files/${FILE}/restore`)
      return json(200, { successCode: 'RESTORED', successMessage: 'Restored', data: file });
    return json(404, { errorCode: 'NOT_FOUND', errorMessage: 'Not found.' });
  });
  return calls;
}

beforeEach(() => {
  signInForTest({ id: OWNER, permissions: ['files.view', 'files.manage'] });
});
afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
});

const render = (url: string) =>
  renderInApp(<FileManagerPage />, { url, path: '/file-manager', namespaces: ['files'] });

describe('FileManagerPage', () => {
  it('shows the top level: folder cards with their files and size, file cards, the storage by type', async () => {
    const calls = stubApi();
    await render('/file-manager');
    const card = await screen.findByTestId('folder-card');
    expect(within(card).getByText('Budgets 2026')).toBeTruthy();
    expect(within(card).getByText('3 files · 2 kB')).toBeTruthy();
    const fileCard = await screen.findByTestId('file-card');
    expect(within(fileCard).getByRole('button', { name: 'Preview Q3 report.pdf' })).toBeTruthy();
    expect(within(fileCard).getByText(/1\.5 kB/)).toBeTruthy();
    expect(await screen.findByText('1.5 kB used of 2 GB')).toBeTruthy();
    expect(screen.getByText('Documents')).toBeTruthy();
    expect(calls).toContain('GET /api/files/folders?parentId=root&ordering=name&pageSize=200');
    expect(calls).toContain('GET /api/files?folderId=root&ordering=name&page=1&pageSize=60');
  });

  it('reads an empty folder in the address as the top level, not as every folder at once', async () => {
    const calls = stubApi();
    await render('/file-manager?folder=');
    await screen.findByTestId('folder-card');
    expect(calls).toContain('GET /api/files/folders?parentId=root&ordering=name&pageSize=200');
    expect(calls).toContain('GET /api/files?folderId=root&ordering=name&page=1&pageSize=60');
  });

  it('lists SPEC’s columns in the list view, and asks the server for the sort chosen', async () => {
    const calls = stubApi();
    const { user, router } = await render('/file-manager?layout=list&sort=-size');
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers.slice(0, 5)).toEqual(['Name', 'Type', 'Size', 'Created', 'Updated']);
    const row = await within(table).findByTestId('file-row');
    expect(within(row).getByText('Documents')).toBeTruthy();
    expect(calls).toContain('GET /api/files?folderId=root&ordering=-size&page=1&pageSize=60');

    await user.click(screen.getByRole('button', { name: 'Quick access' }));
    expect(router.state.location.search).toContain('view=starred');
    expect(await screen.findByText('Nothing in quick access')).toBeTruthy();
  });

  it('restores from the trash', async () => {
    const calls = stubApi({ trashed: true });
    const { user } = await render('/file-manager?view=trash');
    expect(await screen.findByRole('heading', { name: 'Trash', level: 2 })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Actions for Q3 report.pdf' }));
    const restore = await screen.findByRole('menuitem', { name: 'Restore' });
    await user.click(restore);
    await vi.waitFor(() => expect(calls).toContain(`POST /api/files/${FILE}/restore`));
  });
});
