import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../test/render';
import { ChecklistInput, type ChecklistItem } from './ChecklistInput';

vi.setConfig({ testTimeout: 20_000 });

function Harness({ onValue }: { onValue: (value: ChecklistItem[]) => void }) {
  const [value, setValue] = useState<ChecklistItem[]>([{ title: 'Order rebar', done: false }]);
  return (
    <ChecklistInput
      label="Subtasks"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe('ChecklistInput', () => {
  it('adds an item on Enter, ticks one, renames one in place and removes one', async () => {
    const onValue = vi.fn();
    const { user } = await renderInApp(<Harness onValue={onValue} />);
    await user.type(screen.getByRole('textbox', { name: 'New item' }), 'Book the pump{Enter}');
    expect(onValue).toHaveBeenLastCalledWith([
      { title: 'Order rebar', done: false },
      { title: 'Book the pump', done: false },
    ]);
    expect(screen.getByRole('textbox', { name: 'New item' })).toHaveProperty('value', '');

    await user.click(screen.getByRole('checkbox', { name: 'Order rebar done' }));
    const first = screen.getByRole('textbox', { name: 'Item 1' });
    await user.type(first, ' and mesh');
    // The input keeps its focus while its title is typed (its key does not change).
    expect(document.activeElement).toBe(first);
    expect(onValue).toHaveBeenLastCalledWith([
      { title: 'Order rebar and mesh', done: true },
      { title: 'Book the pump', done: false },
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove Order rebar and mesh' }));
    expect(onValue).toHaveBeenLastCalledWith([{ title: 'Book the pump', done: false }]);
    expect(screen.getByRole('textbox', { name: 'Item 1' })).toHaveProperty('value', 'Book the pump');
  });
});
