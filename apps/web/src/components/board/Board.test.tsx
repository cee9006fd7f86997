import { act, screen, within } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/render';
import { Board, type BoardColumn, type BoardProps } from './index';

type Card = { id: string; title: string };
const card = (id: string): Card => ({ id, title: `Card ${id}` });
const startColumns = (): BoardColumn<Card>[] => [
  { id: 'todo', label: 'To do', cards: [card('a'), card('b'), card('c')], empty: 'Nothing to do' },
  { id: 'doing', label: 'Doing', cards: [card('d'), card('e')], empty: 'Nothing doing' },
  { id: 'done', label: 'Done', cards: [], empty: 'Nothing done' },
];

/** A board as an owner keeps it: its own columns (memoized), a stable renderCard, and `onMove` to record moves. */
function TestBoard({
  columns: given,
  readOnly = false,
  ...props
}: Partial<BoardProps<Card>> & { readOnly?: boolean }) {
  const [columns] = useState(() => given ?? startColumns());
  const renderCard = useCallback((item: Card) => <span>{item.title}</span>, []);
  return (
    <Board
      ariaLabel="Test board"
      columns={columns}
      cardKey={(item) => item.id}
      cardLabel={(item) => item.title}
      renderCard={renderCard}
      {...props}
      onMove={readOnly ? undefined : props.onMove}
    />
  );
}

const column = (name: string) => screen.getByRole('region', { name });
const titlesIn = (name: string) =>
  within(column(name))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
const liveRegion = () => document.querySelector('[aria-live="assertive"]:not([id])');

describe('Board', () => {
  // jsdom lays nothing out: the columns' scrolling boxes and the cards get a browser's sizes, for the virtualizer.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(280);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.tagName === 'LI' ? 96 : 0;
    });
    return () => vi.restoreAllMocks();
  });

  it('moves a card within its column by keyboard, with afterId and beforeId of its new neighbours', async () => {
    const onMove = vi.fn();
    const { user } = await renderInApp(<TestBoard onMove={onMove} />);
    const handle = screen.getByRole('button', { name: 'Drag Card a' });
    expect(handle.getAttribute('aria-roledescription')).toBe('draggable card');
    handle.focus();
    await user.keyboard(' ');
    expect(liveRegion()?.textContent).toBe('Picked up Card a. Card a is in column To do, position 1 of 3.');
    await user.keyboard('{ArrowDown}');
    expect(liveRegion()?.textContent).toBe('Card a is in column To do, position 2 of 3.');
    await user.keyboard('{ArrowDown}');
    expect(titlesIn('To do')).toEqual(['Card b', 'Card c', 'Card a']);
    // The handle keeps the focus as the card moves.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Drag Card a' }));
    await user.keyboard(' ');
    expect(onMove).toHaveBeenCalledTimes(1);
    expect(onMove).toHaveBeenCalledWith({
      cardId: 'a',
      fromColumnId: 'todo',
      toColumnId: 'todo',
      index: 2,
      afterId: 'c',
      beforeId: null,
    });
    expect(liveRegion()?.textContent).toBe('Dropped. Card a is in column To do, position 3 of 3.');
    // Shown at once, and kept: the owner's columns have not changed yet.
    expect(titlesIn('To do')).toEqual(['Card b', 'Card c', 'Card a']);
  });

  it('moves a card across columns by keyboard, into an empty one too', async () => {
    const onMove = vi.fn();
    const { user } = await renderInApp(<TestBoard onMove={onMove} />);
    screen.getByRole('button', { name: 'Drag Card b' }).focus();
    await user.keyboard('{Enter}{ArrowRight}');
    expect(liveRegion()?.textContent).toBe('Card b is in column Doing, position 2 of 3.');
    expect(titlesIn('Doing')).toEqual(['Card d', 'Card b', 'Card e']);
    await user.keyboard('{Enter}');
    expect(onMove).toHaveBeenLastCalledWith({
      cardId: 'b',
      fromColumnId: 'todo',
      toColumnId: 'doing',
      index: 1,
      afterId: 'd',
      beforeId: 'e',
    });

    screen.getByRole('button', { name: 'Drag Card e' }).focus();
    await user.keyboard(' {ArrowRight}');
    expect(within(column('Done')).queryByText('Nothing done')).toBeNull();
    await user.keyboard(' ');
    expect(onMove).toHaveBeenLastCalledWith({
      cardId: 'e',
      fromColumnId: 'doing',
      toColumnId: 'done',
      index: 0,
      afterId: null,
      beforeId: null,
    });
    expect(titlesIn('Doing')).toEqual(['Card d', 'Card b']);
    expect(titlesIn('Done')).toEqual(['Card e']);
  });

  it('puts the card back on escape or a click elsewhere, and calls nothing for a drop where it was', async () => {
    const onMove = vi.fn();
    const { user } = await renderInApp(<TestBoard onMove={onMove} />);
    screen.getByRole('button', { name: 'Drag Card c' }).focus();
    await user.keyboard(' {ArrowLeft}{ArrowRight}{ArrowUp}');
    expect(titlesIn('Doing')).toEqual(['Card d', 'Card c', 'Card e']);
    await user.keyboard('{Escape}');
    expect(titlesIn('To do')).toEqual(['Card a', 'Card b', 'Card c']);
    expect(titlesIn('Doing')).toEqual(['Card d', 'Card e']);
    expect(liveRegion()?.textContent).toBe('Move cancelled. Card c is in column To do, position 3 of 3.');
    await user.keyboard(' {ArrowDown} ');
    expect(onMove).not.toHaveBeenCalled();
    // A click elsewhere puts a card carried by keyboard back too.
    screen.getByRole('button', { name: 'Drag Card a' }).focus();
    await user.keyboard(' {ArrowRight}');
    expect(titlesIn('Doing')).toEqual(['Card a', 'Card d', 'Card e']);
    await user.click(screen.getByRole('heading', { name: 'Done' }));
    expect(titlesIn('To do')).toEqual(['Card a', 'Card b', 'Card c']);
    expect(onMove).not.toHaveBeenCalled();
  });

  it('is read-only without onMove: no handles', async () => {
    await renderInApp(<TestBoard readOnly />);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(titlesIn('To do')).toEqual(['Card a', 'Card b', 'Card c']);
    expect(within(column('Done')).getByText('Nothing done')).toBeTruthy();
  });

  it('skips the columns canDrop refuses; a board not reorderable keeps a column in its given order', async () => {
    const onMove = vi.fn();
    const canDrop = (_card: Card, toColumnId: string) => toColumnId !== 'doing';
    const { user } = await renderInApp(<TestBoard onMove={onMove} canDrop={canDrop} reorderable={false} />);
    screen.getByRole('button', { name: 'Drag Card a' }).focus();
    await user.keyboard(' {ArrowDown}');
    expect(titlesIn('To do')).toEqual(['Card a', 'Card b', 'Card c']);
    expect(liveRegion()?.textContent).toBe('Card a is in column To do, position 1 of 3.');
    await user.keyboard('{ArrowRight}');
    expect(titlesIn('Doing')).toEqual(['Card d', 'Card e']);
    expect(titlesIn('Done')).toEqual(['Card a']);
    // Back in its own column it takes its place again, wherever it was carried.
    await user.keyboard('{ArrowLeft}');
    expect(titlesIn('To do')).toEqual(['Card a', 'Card b', 'Card c']);
    await user.keyboard('{ArrowRight} ');
    expect(onMove).toHaveBeenCalledExactlyOnceWith({
      cardId: 'a',
      fromColumnId: 'todo',
      toColumnId: 'done',
      index: 0,
      afterId: null,
      beforeId: null,
    });
  });

  it("undoes the move it shows when onMove's promise rejects", async () => {
    let reject: (reason: Error) => void = () => undefined;
    const onMove = vi.fn(
      () =>
        new Promise((_resolve, fail) => {
          reject = fail;
        }),
    );
    const { user } = await renderInApp(<TestBoard onMove={onMove} />);
    screen.getByRole('button', { name: 'Drag Card d' }).focus();
    await user.keyboard(' {ArrowLeft} ');
    expect(titlesIn('To do')).toEqual(['Card d', 'Card a', 'Card b', 'Card c']);
    await act(async () => reject(new Error('conflict')));
    expect(titlesIn('To do')).toEqual(['Card a', 'Card b', 'Card c']);
    expect(titlesIn('Doing')).toEqual(['Card d', 'Card e']);
  });

  it('renders only the cards in sight of a long column, and carries a card into it by keyboard', async () => {
    const long = Array.from({ length: 2000 }, (_, n) => card(String(n + 1)));
    const onMove = vi.fn();
    const { user } = await renderInApp(
      <TestBoard
        onMove={onMove}
        columns={[
          { id: 'many', label: 'Many', cards: long },
          { id: 'few', label: 'Few', cards: [card('x')] },
        ]}
      />,
    );
    const items = within(column('Many')).getAllByRole('listitem');
    expect(items.length).toBeGreaterThan(3);
    // The cards in sight (600 px of 96 px cards) and a few more on either side, not 2,000.
    expect(items.length).toBeLessThan(30);
    expect(items[0]?.getAttribute('aria-setsize')).toBe('2000');
    screen.getByRole('button', { name: 'Drag Card x' }).focus();
    await user.keyboard(' {ArrowLeft}');
    expect(liveRegion()?.textContent).toBe('Card x is in column Many, position 1 of 2001.');
    await user.keyboard('{ArrowDown}{ArrowDown} ');
    expect(onMove).toHaveBeenCalledWith({
      cardId: 'x',
      fromColumnId: 'few',
      toColumnId: 'many',
      index: 2,
      afterId: '2',
      beforeId: '3',
    });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Drag Card x' }));
  });

  it('asks for more cards once a column with more is shown near its end', async () => {
    const onLoadMore = vi.fn();
    const cards = Array.from({ length: 8 }, (_, n) => card(String(n + 1)));
    await renderInApp(
      <TestBoard columns={[{ id: 'paged', label: 'Paged', cards, hasMore: true, onLoadMore }]} />,
    );
    expect(within(column('Paged')).getAllByRole('listitem')).toHaveLength(8);
    expect(onLoadMore).toHaveBeenCalledOnce();
  });
});
