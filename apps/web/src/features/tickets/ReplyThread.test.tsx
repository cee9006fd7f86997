import type { TicketRecord, TicketReplyRecord } from '@ledgerdesk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../lib/session';
import { stubXhr } from '../../test/fake-xhr';
import { renderInApp } from '../../test/render';
import { signInForTest } from '../../test/session';
import { ReplyThread } from './ReplyThread';

// Typing and uploads through the fake XHR take a few seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const ticket: TicketRecord = {
  _id: '11111111-1111-4111-8111-111111111111',
  number: 1042,
  title: 'The export stops halfway',
  description: '',
  client: { name: 'Rui Matos', email: 'rui@copperline.example' },
  assignedTo: null,
  dueDate: null,
  status: 'Open',
  priority: 'Medium',
  closedAt: null,
  replyCount: 0,
  createdAt: '2026-11-02T09:00:00.000Z',
  updatedAt: '2026-11-02T09:00:00.000Z',
  version: 1,
};
const reply: TicketReplyRecord = {
  _id: '22222222-2222-4222-8222-222222222222',
  ticketId: ticket._id,
  author: { id: '55555555-5555-4555-8555-555555555555', name: 'Ada Admin' },
  body: 'Here is the log.',
  attachments: [],
  createdAt: '2026-11-02T10:00:00.000Z',
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  signInForTest({
    id: '55555555-5555-4555-8555-555555555555',
    lastName: 'Admin',
    role: 'admin',
    permissions: ['tickets.view', 'tickets.manage'],
  });
});
afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function chooseFile(name: string) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['log lines'], name, { type: 'text/plain' })] } });
  expect(await screen.findByText(name)).toBeDefined();
}

describe('ReplyThread', () => {
  it('sends the reply, then its files to that reply, each with its progress', async () => {
    const Xhr = stubXhr();
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (_input, init) =>
        init?.method === 'POST'
          ? json({ successMessage: 'Reply Added Successfully', data: reply }, 201)
          : json({ count: 0, results: [] }),
      );
    const { user } = await renderInApp(<ReplyThread ticket={ticket} />, { namespaces: ['tickets'] });
    await screen.findByText('No replies yet.');
    await chooseFile('server.log');
    await user.type(screen.getByRole('textbox', { name: 'Your reply' }), 'Here is the log.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));

    await waitFor(() => expect(Xhr.requests).toHaveLength(1));
    const [upload] = Xhr.requests;
    if (!upload) throw new Error('no upload');
    expect(upload.url).toBe(`/api/apps/ticket/reply/${reply._id}/attachments`);
    expect(upload.sentFiles()).toEqual([{ field: 'file', name: 'server.log' }]);
    const posted = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(posted?.[0])).toBe(`/api/apps/ticket/${ticket._id}/replies`);
    // The chosen files are cleared once sent; the queue shows the upload.
    upload.progress(4, 9);
    const queue = await screen.findByRole('region', { name: 'Files of your reply' });
    expect(within(queue).getByRole('progressbar', { name: /server\.log/ })).toBeDefined();
    upload.respond(201, { files: [] });
    await waitFor(() => expect(queue.querySelector('[data-upload-status="done"]')).not.toBeNull());
  });

  it('a reply that fails to post sends no file (none is left behind)', async () => {
    const Xhr = stubXhr();
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (_input, init) =>
        init?.method === 'POST'
          ? json({ errorCode: 'CONFLICT', errorMessage: 'This ticket is closed: reopen it to reply.' }, 409)
          : json({ count: 0, results: [] }),
      );
    const { user } = await renderInApp(<ReplyThread ticket={ticket} />, { namespaces: ['tickets'] });
    await screen.findByText('No replies yet.');
    await chooseFile('server.log');
    await user.type(screen.getByRole('textbox', { name: 'Your reply' }), 'One more thing');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    const send = screen.getByRole('button', { name: 'Send reply' });
    // Refused (the toast says why): the form is ready again, and nothing was uploaded.
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    await waitFor(() => expect(send.hasAttribute('data-loading')).toBe(false));
    expect(Xhr.requests).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: 'Your reply' })).toHaveProperty('value', 'One more thing');
    // The file stays chosen, to send with the next try.
    expect(screen.getByRole('button', { name: 'Do not attach server.log' })).toBeDefined();
  });

  it('shows the files of each reply', async () => {
    const withFile: TicketReplyRecord = {
      ...reply,
      attachments: [
        {
          id: '33333333-3333-4333-8333-333333333333',
          name: 'damaged-panel.jpg',
          kind: 'Media',
          mime: 'image/jpeg',
          size: 9800,
          folderId: null,
          ownerId: reply.author?.id ?? '',
          ownerName: 'Ada Admin',
          starred: false,
          trashedAt: null,
          attachedTo: { type: 'ticket-replies', id: reply._id },
          position: 0,
          url: '/api/files/33333333-3333-4333-8333-333333333333/content?expires=1&sig=x',
          thumbnailUrl: null,
          access: 'view',
          createdAt: reply.createdAt,
          updatedAt: reply.createdAt,
          version: 1,
        },
      ],
    };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ count: 1, results: [withFile] }));
    await renderInApp(<ReplyThread ticket={{ ...ticket, replyCount: 1 }} />, { namespaces: ['tickets'] });
    const files = await screen.findByRole('list', { name: 'Attachments' });
    expect(within(files).getByText('damaged-panel.jpg')).toBeDefined();
    expect(within(files).getByRole('link', { name: 'Download damaged-panel.jpg' })).toBeDefined();
  });
});
