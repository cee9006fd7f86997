import { screen, within } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/render';
import { Board, type BoardColumn, type BoardMove } from './index';

type Card = { id: string; title: string };
const card = (id: string): Card => ({ id, title: `Card ${id}` });
const startColumns = (): BoardColumn<Card>[] => [
  { id: 'todo', label: 'To do', cards: [card('a'), card('b'), card('c')], empty: 'Nothing to do' },
  { id: 'doing', label: 'Doing', cards: [card('d'), card('e')], empty: 'Nothing doing' },
  { id: 'done', label: 'Done', cards: [], empty: 'Nothing done' },
];

/** A board as an owner keeps it: its own columns, and a move recorded by `onMove`. */
function TestBoard({ onMove, readOnly = false }: { onMove?: (move: BoardMove) => void; readOnly?: boolean }) {
  const [columns] = useState(startColumns);
  const renderCard = useCallback((item: Card) => <span>{item.title}</span>, []);
  return (
    <Board
      ariaLabel="Test board"
      columns={columns}
      cardKey={(item) => item.id}
      cardLabel={(item) => item.title}
      renderCard={renderCard}
      onMove={readOnly ? undefined : onMove}
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
  // jsdom lays nothing out: the columns' scrolling boxes get a browser's size, so the virtualizer shows cards.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(280);
    return () => vi.restoreAllMocks();
  });

  it('moves a card within its column by keyboard, with afterId and beforeId of its new neighbours', async () => {
    const onMove = vi.fn();
    const { user } = await renderInApp(<TestBoard onMove={onMove} />);
    const handle = screen.getByRole('button', { name: 'Move Card a' });
    expect(handle.getAttribute('aria-roledescription')).toBe('draggable card');
    handle.focus();
    await user.keyboard(' ');
    expect(liveRegion()?.textContent).toBe('Picked up Card a. Card a is in column To do, position 1 of 3.');
    await user.keyboard('{ArrowDown}');
    expect(liveRegion()?.textContent).toBe('Card a is in column To do, position 2 of 3.');
    await user.keyboard('{ArrowDown}');
    expect(titlesIn('To do')).toEqual(['Card b', 'Card c', 'Card a']);
    // The handle keeps the focus as the card moves.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Card a' }));
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
    screen.getByRole('button', { name: 'Move Card b' }).focus();
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

    screen.getByRole('button', { name: 'Move Card e' }).focus();
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

  it('puts the card back on escape, and calls nothing for a drop where it was', async () => {
    const onMove = vi.fn();
    const { user } = await renderInApp(<TestBoard onMove={onMove} />);
    screen.getByRole('button', { name: 'Move Card c' }).focus();
    await user.keyboard(' {ArrowLeft}{ArrowRight}{ArrowUp}');
    expect(titlesIn('Doing')).toEqual(['Card d', 'Card c', 'Card e']);
    await user.keyboard('{Escape}');
    expect(titlesIn('To do')).toEqual(['Card a', 'Card b', 'Card c']);
    expect(titlesIn('Doing')).toEqual(['Card d', 'Card e']);
    expect(liveRegion()?.textContent).toBe('Move cancelled. Card c is in column To do, position 3 of 3.');
    await user.keyboard(' {ArrowDown} ');
    expect(onMove).not.toHaveBeenCalled();
  });

  it('is read-only without onMove: no handles', async () => {
    await renderInApp(<TestBoard readOnly />);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(titlesIn('To do')).toEqual(['Card a', 'Card b', 'Card c']);
    expect(within(column('Done')).getByText('Nothing done')).toBeTruthy();
  });
});
