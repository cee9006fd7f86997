import type { TaskCard } from '@ledgerdesk/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test/render';
import { isOverdue, TaskCardView, todayIso } from './TaskCardView';

vi.setConfig({ testTimeout: 20_000 });

const card: TaskCard = {
  id: '0b7d4b7e-8a43-4a8e-9d7a-5d2f1c3b9a01',
  title: 'Pour slab A',
  cardId: 'TSK-0042',
  text: 'Formwork checked, rebar tied; the pump is booked for Tuesday morning.',
  badges: ['Concrete', 'Site 3'],
  dueDate: '2020-01-15',
  counters: { comments: 3, attachments: 2, subtasks: 4, subtasksDone: 1 },
  progress: 25,
  kanId: '6f1d3c2a-1b2c-4d5e-8f90-a1b2c3d4e5f6',
  members: [
    { id: 'c1a2b3c4-d5e6-4f70-8a91-b2c3d4e5f607', name: 'Ada Lovelace' },
    { id: 'd1a2b3c4-d5e6-4f70-8a91-b2c3d4e5f608', name: 'Grace Hopper' },
  ],
  status: 'Inprogress',
  priority: 'High',
  version: 3,
};

afterEach(() => vi.restoreAllMocks());

describe('TaskCardView', () => {
  it('shows the fields of SPEC §3: id, title linking to the task, text, badges, counters, progress, members, priority', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    await renderInApp(<TaskCardView card={card} mayManage onDelete={() => {}} />, { namespaces: ['tasks'] });
    expect(screen.getByText('TSK-0042')).toBeDefined();
    const title = screen.getByRole('link', { name: 'Pour slab A' });
    expect(title.getAttribute('href')).toBe(`/apps/tasks/${card.id}`);
    expect(screen.getByText(/Formwork checked/)).toBeDefined();
    expect(screen.getByText('Concrete')).toBeDefined();
    expect(screen.getByText('Site 3')).toBeDefined();
    expect(screen.getByRole('img', { name: '3 comments' })).toBeDefined();
    expect(screen.getByRole('img', { name: '2 attachments' })).toBeDefined();
    expect(screen.getByRole('img', { name: '1 of 4 subtasks done' })).toBeDefined();
    expect(screen.getByRole('progressbar', { name: 'Progress 25%' })).toBeDefined();
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toBeDefined();
    expect(screen.getByRole('img', { name: 'Grace Hopper' })).toBeDefined();
    expect(screen.getByText('High')).toBeDefined();
    // A card draws what it is given: no call of its own.
    expect(fetch).not.toHaveBeenCalled();
  });

  it('marks a past due date as overdue (red), not a completed task nor a future date', async () => {
    const { unmount } = await renderInApp(<TaskCardView card={card} mayManage onDelete={() => {}} />, {
      namespaces: ['tasks'],
    });
    const due = screen.getByRole('img', { name: /^Overdue: due/ });
    expect(due.getAttribute('data-overdue')).toBe('true');
    unmount();

    await renderInApp(
      <TaskCardView
        card={{ ...card, dueDate: '2999-12-31', counters: { ...card.counters, attachments: 0 } }}
        mayManage
        onDelete={() => {}}
      />,
      { namespaces: ['tasks'] },
    );
    const later = screen.getByRole('img', { name: /^Due / });
    expect(later.getAttribute('data-overdue')).toBeNull();
    // No files, no paperclip.
    expect(screen.queryByRole('img', { name: /attachment/ })).toBeNull();

    expect(isOverdue({ dueDate: '2020-01-15', status: 'Completed' })).toBe(false);
    expect(isOverdue({ dueDate: todayIso(), status: 'New' })).toBe(false);
    expect(isOverdue({ dueDate: null, status: 'New' })).toBe(false);
  });

  it('offers View, Edit and Delete in its menu to a manager, only View otherwise', async () => {
    const onDelete = vi.fn();
    const { user, unmount } = await renderInApp(<TaskCardView card={card} mayManage onDelete={onDelete} />, {
      namespaces: ['tasks'],
    });
    await user.click(screen.getByRole('button', { name: 'Actions for Pour slab A' }));
    const menu = await screen.findByRole('menu', { hidden: true });
    expect(within(menu).getByRole('menuitem', { name: 'Edit', hidden: true }).getAttribute('href')).toBe(
      `/apps/tasks/${card.id}/edit`,
    );
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete', hidden: true }));
    expect(onDelete).toHaveBeenCalledWith(card);
    unmount();

    const reader = await renderInApp(<TaskCardView card={card} mayManage={false} onDelete={onDelete} />, {
      namespaces: ['tasks'],
    });
    await reader.user.click(screen.getByRole('button', { name: 'Actions for Pour slab A' }));
    const readerMenu = await screen.findByRole('menu', { hidden: true });
    expect(
      within(readerMenu)
        .getAllByRole('menuitem', { hidden: true })
        .map((item) => item.textContent),
    ).toEqual(['View']);
  });
});
