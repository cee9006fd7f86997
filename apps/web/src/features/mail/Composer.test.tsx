import type { MailDraft } from '@ledgerdesk/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/render';
import { Composer, type ComposerRequest } from './Composer';

vi.setConfig({ testTimeout: 30_000 });

const DRAFT_ID = '00000000-0000-4000-8000-000000000001';
const patient = { timeout: 4000 };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stored(change: Partial<MailDraft> = {}): MailDraft {
  return {
    id: DRAFT_ID,
    entryId: '00000000-0000-4000-8000-000000000002',
    forId: '00000000-0000-4000-8000-000000000003',
    to: [],
    cc: [],
    bcc: [],
    subject: '',
    bodyHtml: '',
    inReplyTo: null,
    attachments: [],
    createdAt: '2026-11-24T10:00:00.000Z',
    updatedAt: '2026-11-24T10:00:00.000Z',
    version: 1,
    ...change,
  };
}

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

/**
 * The drafts API: POST creates version 1, each PUT adds one to the version, unless `conflict` says
 * the stored draft moved on (another tab): then 409 STALE_RECORD with the stored draft.
 */
function stubDrafts(options: { conflict?: MailDraft } = {}) {
  const calls: Call[] = [];
  let version = 0;
  let conflict = options.conflict;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    const addresses = (list: string[] = []) =>
      list.map((address) => ({ address, name: address, userId: null }));
    if (url.pathname === '/api/mail/recipients') return json({ items: [] });
    if (url.pathname.endsWith('/attachments')) return json({ items: [] });
    if (method === 'POST' && url.pathname === '/api/mail/drafts') {
      version = 1;
      return json(stored({ ...body, to: addresses(body.to), cc: [], bcc: [], version }), 201);
    }
    if (method === 'PUT' && url.pathname === `/api/mail/drafts/${DRAFT_ID}`) {
      if (conflict && body.version !== conflict.version) {
        return json({ errorCode: 'STALE_RECORD', errorMessage: 'Changed meanwhile', current: conflict }, 409);
      }
      conflict = undefined;
      version = body.version + 1;
      return json(stored({ ...body, to: addresses(body.to), cc: [], bcc: [], version }));
    }
    if (method === 'POST' && url.pathname === `/api/mail/drafts/${DRAFT_ID}/send`) return json({}, 200);
    if (url.pathname === '/api/mail/counts') return json({});
    return json({ errorCode: 'NOT_FOUND', errorMessage: 'Not found' }, 404);
  });
  const of = (method: string, path: string) =>
    calls.filter((call) => call.method === method && call.path === path);
  return { calls, of };
}

const blank: ComposerRequest = {
  kind: 'new',
  existing: null,
  initial: { to: [], cc: [], bcc: [], subject: '', bodyHtml: '' },
};

afterEach(() => vi.restoreAllMocks());

/** The To field's text box (TagsInput also labels the list of its chips). */
const toField = () => screen.getByRole('combobox', { name: 'To' }) as HTMLInputElement;

describe('Composer', () => {
  it('creates the draft after a pause in typing, then saves the changes with its version, showing "Saved"', async () => {
    const { of } = stubDrafts();
    const { user } = await renderInApp(<Composer request={blank} onClose={() => {}} />, {
      namespaces: ['mail'],
    });
    await user.type(toField(), 'ana@example.com,');
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Budget');
    // One draft for the whole burst of typing, not one per key.
    await waitFor(() => expect(of('POST', '/api/mail/drafts')).toHaveLength(1), patient);
    expect(of('POST', '/api/mail/drafts')[0]?.body).toMatchObject({
      to: ['ana@example.com'],
      cc: [],
      bcc: [],
      subject: 'Budget',
    });
    await waitFor(() => expect(screen.getByTestId('draft-state').textContent).toContain('Saved'), patient);

    await user.type(screen.getByRole('textbox', { name: 'Subject' }), ' 2027');
    await waitFor(() => expect(of('PUT', `/api/mail/drafts/${DRAFT_ID}`)).toHaveLength(1), patient);
    expect(of('PUT', `/api/mail/drafts/${DRAFT_ID}`)[0]?.body).toMatchObject({
      subject: 'Budget 2027',
      version: 1,
    });
    expect(of('POST', '/api/mail/drafts')).toHaveLength(1);
  });

  it('shows the stale-record notice when the draft changed elsewhere: Reload takes the stored draft', async () => {
    const elsewhere = stored({ subject: 'Written in another tab', version: 5 });
    const { of } = stubDrafts({ conflict: elsewhere });
    const existing = stored({ subject: 'Mine', version: 2 });
    const { user } = await renderInApp(<Composer request={{ ...blank, existing }} onClose={() => {}} />, {
      namespaces: ['mail'],
    });
    const subject = screen.getByRole('textbox', { name: 'Subject' }) as HTMLInputElement;
    expect(subject.value).toBe('Mine');
    await user.type(subject, '!');
    const notice = await screen.findByTestId('stale-record', {}, patient);
    expect(of('PUT', `/api/mail/drafts/${DRAFT_ID}`)[0]?.body).toMatchObject({
      subject: 'Mine!',
      version: 2,
    });
    expect(screen.getByTestId('draft-state').textContent).toContain('Not saved');
    // Typing on does not hammer the server while the conflict stands.
    await user.type(subject, '?');
    expect(of('PUT', `/api/mail/drafts/${DRAFT_ID}`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(notice.isConnected).toBe(false);
    expect((screen.getByRole('textbox', { name: 'Subject' }) as HTMLInputElement).value).toBe(
      'Written in another tab',
    );
  });

  it('Overwrite saves these edits over the stored version', async () => {
    const { of } = stubDrafts({ conflict: stored({ subject: 'Other', version: 7 }) });
    const { user } = await renderInApp(
      <Composer
        request={{ ...blank, existing: stored({ subject: 'Mine', version: 2 }) }}
        onClose={() => {}}
      />,
      { namespaces: ['mail'] },
    );
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), '!');
    await screen.findByTestId('stale-record', {}, patient);
    await user.click(screen.getByRole('button', { name: 'Overwrite' }));
    await waitFor(() => expect(of('PUT', `/api/mail/drafts/${DRAFT_ID}`)).toHaveLength(2), patient);
    expect(of('PUT', `/api/mail/drafts/${DRAFT_ID}`)[1]?.body).toMatchObject({
      subject: 'Mine!',
      version: 7,
    });
    await waitFor(() => expect(screen.getByTestId('draft-state').textContent).toContain('Saved'), patient);
    expect(screen.queryByTestId('stale-record')).toBeNull();
  });

  it('refuses a text that is not an address, and sends: the last edits saved first, then the draft sent', async () => {
    const { of, calls } = stubDrafts();
    const onClose = vi.fn();
    const { user } = await renderInApp(<Composer request={blank} onClose={onClose} />, {
      namespaces: ['mail'],
    });
    const to = toField();
    await user.type(to, 'not-an-address{Enter}');
    expect(await screen.findByText('“not-an-address” is not an e-mail address')).toBeDefined();
    await user.clear(to);

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert').textContent).toContain('Add at least one recipient');
    expect(of('POST', `/api/mail/drafts/${DRAFT_ID}/send`)).toHaveLength(0);

    await user.type(to, 'ana@example.com{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), patient);
    const send = calls.findIndex((call) => call.path === `/api/mail/drafts/${DRAFT_ID}/send`);
    const create = calls.findIndex((call) => call.method === 'POST' && call.path === '/api/mail/drafts');
    expect(create).toBeGreaterThanOrEqual(0);
    expect(send).toBeGreaterThan(create);
    expect(calls[send]?.body).toEqual({ version: 1 });
    expect(calls[create]?.body).toMatchObject({ to: ['ana@example.com'], subject: 'Hello' });
  });
});
