import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test/render';
import { ColumnMenu } from './ColumnMenu';

vi.setConfig({ testTimeout: 20_000 });

const column = { id: '6f1d3c2a-1b2c-4d5e-8f90-a1b2c3d4e5f6', title: 'In review', count: 2 };

async function openMenu(props: Partial<Parameters<typeof ColumnMenu>[0]> = {}) {
  const handlers = { onEdit: vi.fn(), onMove: vi.fn(), onDelete: vi.fn() };
  const view = await renderInApp(
    <ColumnMenu column={column} first={false} last={false} {...handlers} {...props} />,
    { namespaces: ['tasks'] },
  );
  await view.user.click(screen.getByRole('button', { name: 'Actions for column In review' }));
  const menu = await screen.findByRole('menu', { hidden: true });
  return { ...view, ...handlers, menu };
}

describe('ColumnMenu', () => {
  it('disables Delete on a column that holds cards, and says why', async () => {
    const { menu, user, onDelete } = await openMenu();
    const item = within(menu).getByRole('menuitem', { name: /Delete column/, hidden: true });
    expect(item.hasAttribute('disabled') || item.getAttribute('data-disabled') === 'true').toBe(true);
    expect(within(menu).getByText('It holds 2 cards: move or delete them first.')).toBeDefined();
    await user.click(item).catch(() => undefined);
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('deletes an empty column; moves it left or right except past the ends', async () => {
    const { menu, user, onDelete, onMove } = await openMenu({ column: { ...column, count: 0 }, first: true });
    expect(within(menu).queryByText(/It holds/)).toBeNull();
    const left = within(menu).getByRole('menuitem', { name: 'Move left', hidden: true });
    expect(left.hasAttribute('disabled') || left.getAttribute('data-disabled') === 'true').toBe(true);
    await user.click(within(menu).getByRole('menuitem', { name: 'Move right', hidden: true }));
    expect(onMove).toHaveBeenCalledWith('right');

    await user.click(screen.getByRole('button', { name: 'Actions for column In review' }));
    const again = await screen.findByRole('menu', { hidden: true });
    await user.click(within(again).getByRole('menuitem', { name: 'Delete column', hidden: true }));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });
});
