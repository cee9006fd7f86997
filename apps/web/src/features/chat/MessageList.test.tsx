import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/render';
import { MessageList } from './MessageList';
import { ANA, BO, detail, json, ME, message, ROOM_ID } from './test-data';

/*
 * jsdom lays nothing out: each message stands 50 px tall here, the view 500 px, and scrollTop is
 * kept as a browser keeps it (within 0 … scrollHeight − clientHeight).
 */
// A hundred messages with their menus take a few seconds to draw in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const ROW = 50;
const VIEW = 500;
const scrollTops = new WeakMap<Element, number>();
const rowsIn = (element: Element) => element.querySelectorAll('[data-seq]').length * ROW;

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return rowsIn(this);
  });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.tagName === 'SECTION' ? VIEW : 0;
  });
  Object.defineProperty(HTMLElement.prototype, 'scrollTop', {
    configurable: true,
    get(this: HTMLElement) {
      return scrollTops.get(this) ?? 0;
    },
    set(this: HTMLElement, value: number) {
      scrollTops.set(this, Math.max(0, Math.min(value, rowsIn(this) - VIEW)));
    },
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

function renderList(fetch: (url: URL) => Response) {
  const calls: URL[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url);
    return fetch(url);
  });
  const noop = () => undefined;
  const view = renderInApp(
    <MessageList
      roomId={ROOM_ID}
      anchor={null}
      highlight={null}
      myId={ME.id}
      members={detail.members}
      readUpTo={100}
      onJump={noop}
      onJumpToNewest={noop}
      onNewestSeen={noop}
      onReply={noop}
      onEdit={noop}
      onDelete={noop}
      onOpenFile={noop}
    />,
    { namespaces: ['chat'] },
  );
  return { calls, view };
}

describe('MessageList', () => {
  it('opens at the newest message and pages back as the reader scrolls up, keeping what is on screen in place', async () => {
    const { calls } = renderList((url) =>
      url.searchParams.get('before') === '51'
        ? json({ items: range(1, 50).map((seq) => message(seq)), hasMore: false, hasNewer: false })
        : json({ items: range(51, 100).map((seq) => message(seq)), hasMore: true, hasNewer: false }),
    );
    await screen.findByText('message 100');
    const scroller = screen.getByRole('region', { name: 'Messages' });
    // At the bottom: 50 messages of 50 px in a 500 px view.
    expect(scroller.scrollTop).toBe(50 * ROW - VIEW);
    expect(screen.queryByText('message 1')).toBeNull();

    // The reader scrolls up to 100 px from the top: message 53 is at the top of the view.
    scroller.scrollTop = 100;
    fireEvent.scroll(scroller);
    await screen.findByText('message 1');
    expect(calls.at(-1)?.searchParams.get('before')).toBe('51');
    // 50 messages were added above: the view moved down by their 2,500 px, message 53 is still at its top.
    await waitFor(() => expect(scroller.scrollTop).toBe(100 + 50 * ROW));
    expect(screen.getByText('This is the start of the conversation.')).toBeTruthy();

    // The top is the start: scrolling there again asks for nothing more.
    const asked = calls.length;
    scroller.scrollTop = 0;
    fireEvent.scroll(scroller);
    expect(calls.length).toBe(asked);
  });

  it('groups messages by day and sender, marks mentions and says who has seen my last message', async () => {
    renderList(() =>
      json({
        items: [
          message(97, ANA, { createdAt: '2026-11-01T09:00:00.000Z' }),
          message(98, ANA, { body: 'ping @Ada Admin and @Bo Berg', mentions: [ME.id, BO.id] }),
          message(99, ANA),
          message(100, ME),
        ],
        hasMore: false,
        hasNewer: false,
      }),
    );
    await screen.findByText('message 100');
    // Two days, each with a divider; Ana's two messages of the second day share one name.
    expect(document.querySelectorAll('[data-group-start]')).toHaveLength(3);
    const mine = screen.getByText('@Ada Admin');
    expect(mine.dataset.me).toBe('true');
    expect(screen.getByText('@Bo Berg').dataset.me).toBeUndefined();
    // Ana read up to 100, Bo only 90: "Seen by Ana Lima".
    expect(screen.getByText(/Seen by Ana Lima/)).toBeTruthy();
    // Only my message has the menu with Edit and Delete.
    expect(screen.getAllByRole('button', { name: 'More actions' })).toHaveLength(1);
  });
});
