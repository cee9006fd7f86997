import type { ChatMessage } from '@ledgerdesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../lib/session';
import { renderInApp } from '../../test/render';
import { Conversation } from './Conversation';
import { ANA, detail, json, ME, message, ROOM_ID, session, summary } from './test-data';

// Typing through user-event into Mantine's fields takes a few seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

type Call = { method: string; url: URL; body: unknown };

/** A server holding a room with Ana's message 99 and mine 100; it records what the page asks. */
function stubServer() {
  const calls: Call[] = [];
  let messages: ChatMessage[] = [
    message(99, ANA, { body: 'Can you check the Q3 budget?' }),
    message(100, ME),
  ];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const path = url.pathname;
    if (method === 'GET' && path === `/api/chat/rooms/${ROOM_ID}`) return json(detail);
    if (method === 'GET' && path === `/api/chat/rooms/${ROOM_ID}/messages`)
      return json({ items: messages, hasMore: false, hasNewer: false });
    if (method === 'POST' && path === `/api/chat/rooms/${ROOM_ID}/messages`) {
      const sent = message(101, ME, {
        body: body.body,
        mentions: body.mentions,
        replyTo: {
          id: messages[0]?.id ?? '',
          seq: 99,
          teaser: 'Can you check the Q3 budget?',
          senderName: ANA.name,
        },
      });
      messages = [...messages, sent];
      return json({ successCode: 'ADDED', successMessage: 'Message', data: sent }, 201);
    }
    if (method === 'PATCH' && path.startsWith('/api/chat/messages/')) {
      const edited = { ...message(100, ME), body: body.body, editedAt: new Date().toISOString() };
      return json({ successCode: 'UPDATED', successMessage: 'Message', data: edited });
    }
    if (method === 'DELETE' && path.startsWith('/api/chat/messages/'))
      return new Response(null, { status: 204 });
    if (method === 'POST' && path.endsWith('/read'))
      return json({
        successCode: 'UPDATED',
        successMessage: '',
        data: { roomId: ROOM_ID, lastReadSeq: body.seq, unread: 0 },
      });
    return json({ items: [] });
  });
  return calls;
}

function renderConversation() {
  const noop = () => undefined;
  return renderInApp(
    <Conversation room={summary} myId={ME.id} onBack={noop} onTyping={noop} onLeft={noop} />,
    { namespaces: ['chat'] },
  );
}

beforeEach(() => setSession(session));
afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

describe('Conversation', () => {
  it('replies to a message with a mention picked from the members', async () => {
    const calls = stubServer();
    const { user } = await renderConversation();
    await screen.findByText('Can you check the Q3 budget?');

    await user.click(screen.getByRole('button', { name: 'Reply to Ana Lima' }));
    expect(screen.getByText('Replying to Ana Lima')).toBeTruthy();

    const field = screen.getByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(document.activeElement).toBe(field));
    await user.type(field, 'Done, @an');
    const options = await screen.findByRole('listbox', { name: 'Members to mention' });
    // Only the others are offered, filtered by what follows the "@".
    expect(within(options).getAllByRole('option')).toHaveLength(1);
    expect(within(options).getByRole('option', { name: 'Ana Lima' })).toBeTruthy();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(field).toHaveProperty('value', 'Done, @Ana Lima '));
    await user.type(field, 'see the sheet{Enter}');

    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.url.pathname.endsWith('/messages'))).toBe(
        true,
      ),
    );
    const sent = calls.find((call) => call.method === 'POST' && call.url.pathname.endsWith('/messages'));
    expect(sent?.body).toMatchObject({
      body: 'Done, @Ana Lima see the sheet',
      mentions: [ANA.id],
      replyToId: message(99).id,
    });
    // The field is empty again, the reply closed, the message shown with its quote and its mention.
    expect(field).toHaveProperty('value', '');
    expect(screen.queryByText('Replying to Ana Lima')).toBeNull();
    const mention = await screen.findByText('@Ana Lima');
    expect(mention.closest('[data-mine]')).not.toBeNull();
  });

  it('edits my own message, and only mine', async () => {
    const calls = stubServer();
    const { user } = await renderConversation();
    await screen.findByText('message 100');
    // Ana's message has no menu: only mine can be edited or deleted.
    expect(screen.getAllByRole('button', { name: 'More actions' })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(screen.getByText('Editing your message')).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(field).toHaveProperty('value', 'message 100'));
    await user.clear(field);
    await user.type(field, 'message 100, corrected{Enter}');
    await screen.findByText('message 100, corrected');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      body: 'message 100, corrected',
    });
    expect(screen.getByText(/edited/)).toBeTruthy();
  });

  it('deletes my own message after confirming', async () => {
    const calls = stubServer();
    const { user } = await renderConversation();
    await screen.findByText('message 100');
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('message 100')).toBeNull());
    const deleted = calls.find((call) => call.method === 'DELETE');
    expect(deleted?.url.pathname).toBe(`/api/chat/messages/${message(100).id}`);
    expect(screen.getByText('Can you check the Q3 budget?')).toBeTruthy();
  });
});
