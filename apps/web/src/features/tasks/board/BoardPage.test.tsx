import type { TaskBoard, TaskCard } from '@ledgerdesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../lib/session';
import { renderInApp } from '../../../test/render';
import { signInForTest } from '../../../test/session';
import { BoardPage } from './BoardPage';

vi.setConfig({ testTimeout: 30_000 });

const TODO = '11111111-1111-4111-8111-111111111111';
const EMPTY = '22222222-2222-4222-8222-222222222222';
const card: TaskCard = {
  id: '33333333-3333-4333-8333-333333333333',
  title: 'Pour slab A',
  cardId: 'TSK-0042',
  text: '',
  badges: [],
  dueDate: null,
  counters: { comments: 0, attachments: 0, subtasks: 0, subtasksDone: 0 },
  progress: 0,
  kanId: TODO,
  members: [],
  status: 'New',
  priority: 'Medium',
  version: 1,
};
const column = (id: string, title: string, cards: TaskCard[]) => ({
  id,
  kanId: id,
  title,
  name: title,
  status: null,
  count: cards.length,
  cards,
  nextCursor: null,
});
const board: TaskBoard = {
  id: '44444444-4444-4444-8444-444444444444',
  projectId: null,
  name: 'Tasks',
  columns: [column(TODO, 'To Do', [card]), column(EMPTY, 'Waiting', [])],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API as the board calls it: the board, and what the test makes of the other calls. */
function stubApi(other: (method: string, path: string) => Response) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/apps/tasks') return json(board);
    return other(method, url.pathname);
  });
}

beforeEach(() => {
  // jsdom lays nothing out: the columns' virtualizer needs a size to render cards in.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
  signInForTest({
    id: '55555555-5555-4555-8555-555555555555',
    username: 'admin',
    email: 'admin@example.com',
    firstName: 'A',
    lastName: 'B',
    role: 'admin',
  });
});
afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

const render = () => renderInApp(<BoardPage />, { url: '/apps/tasks/board', namespaces: ['tasks'] });

describe('BoardPage', () => {
  it("disables a column's Delete while it holds cards, and deletes an empty one after asking", async () => {
    const fetch = stubApi((method, path) =>
      method === 'DELETE' && path === `/api/apps/tasks/columns/${EMPTY}`
        ? json({ successMessage: 'Deleted Successfully', data: { id: EMPTY } })
        : json({ message: 'unexpected' }, 500),
    );
    const { user } = await render();
    await screen.findByRole('region', { name: 'To Do' });
    /** A column's menu, found by the id its button controls. */
    const openColumnMenu = async (title: string) => {
      const button = screen.getByRole('button', { name: `Actions for column ${title}` });
      await user.click(button);
      return waitFor(() => {
        const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');
        if (!menu) throw new Error(`the menu of ${title} is not open`);
        return menu;
      });
    };

    const busy = await openColumnMenu('To Do');
    const disabled = within(busy).getByRole('menuitem', { name: /Delete column/, hidden: true });
    expect((disabled as HTMLButtonElement).disabled).toBe(true);
    expect(within(busy).getByText('It holds 1 card: move or delete it first.')).toBeDefined();
    const empty = await openColumnMenu('Waiting');
    await user.click(within(empty).getByRole('menuitem', { name: 'Delete column', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the column Waiting?' });
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([input, init]) =>
            init?.method === 'DELETE' && String(input).endsWith(`/api/apps/tasks/columns/${EMPTY}`),
        ),
      ).toBe(true),
    );
  });

  it('a move by keyboard is sent with the card it follows, and undone when the server refuses it', async () => {
    const fetch = stubApi((method, path) =>
      method === 'POST' && path === `/api/apps/tasks/${card.id}/move`
        ? json({ errorCode: 'STALE', message: 'The board changed.' }, 409)
        : json({ message: 'unexpected' }, 500),
    );
    const { user } = await render();
    const todo = await screen.findByRole('region', { name: 'To Do' });
    const handle = within(todo).getByRole('button', { name: 'Drag TSK-0042 Pour slab A' });
    handle.focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}');
    await user.keyboard(' ');

    await waitFor(() => {
      const move = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
      expect(move && JSON.parse(String(move[1]?.body))).toEqual({ columnId: EMPTY, afterId: null });
    });
    // Refused: back in its column.
    await waitFor(() => expect(within(todo).queryByText('Pour slab A')).not.toBeNull());
    expect(within(screen.getByRole('region', { name: 'Waiting' })).queryByText('Pour slab A')).toBeNull();
  });
});
