import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../lib/session';
import { renderInApp } from '../test/render';
import { signInForTest } from '../test/session';
import { CommentForm, CommentThread, type ThreadComment } from './CommentThread';

const ME = '00000000-0000-4000-8000-000000000001';
const comments: ThreadComment[] = [
  { id: 'c1', body: 'Mine', createdAt: '2026-11-20T10:00:00Z', author: { id: ME, name: 'Ada Lovelace' } },
  {
    id: 'c2',
    body: 'Theirs',
    createdAt: '2026-11-21T10:00:00Z',
    author: { id: '00000000-0000-4000-8000-000000000002', name: 'Bo Diddley' },
  },
  { id: 'c3', body: 'Orphan', createdAt: '2026-11-22T10:00:00Z', author: null },
];
const labels = {
  list: 'Comments',
  empty: 'Nothing yet',
  deleteTitle: 'Delete it?',
  deleteQuestion: 'Gone for good.',
};

beforeEach(() => {
  signInForTest({ id: ME });
});
afterEach(() => clearSession());

describe('CommentThread', () => {
  it('lists the comments with their authors, a former user for a gone one, and Delete only where allowed', async () => {
    const onDelete = vi.fn().mockResolvedValue(undefined);
    const { user } = await renderInApp(
      <CommentThread
        comments={comments}
        loading={false}
        error={null}
        labels={labels}
        canDelete={(_comment, mine) => mine}
        onDelete={onDelete}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Comments' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]?.textContent).toContain('Ada Lovelace');
    expect(items[2]?.textContent).toContain('Former user');
    expect(screen.queryByRole('button', { name: 'Delete the comment of Bo Diddley' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Delete the comment of Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete it?' });
    expect(dialog.textContent).toContain('Gone for good.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(comments[0]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete it?' })).toBeNull());
  });

  it('says when there are none, and shows the error of the query', async () => {
    const props = { labels, canDelete: () => false, onDelete: vi.fn() };
    const view = await renderInApp(<CommentThread comments={[]} loading={false} error={null} {...props} />);
    expect(screen.getByText('Nothing yet')).toBeTruthy();
    view.unmount();
    await renderInApp(
      <CommentThread comments={[]} loading={false} error={new Error('The server is away.')} {...props} />,
    );
    expect(screen.getByRole('alert').textContent).toContain('The server is away.');
  });
});

describe('CommentForm', () => {
  const addButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Add' });
  const form = (onSubmit: (body: string) => Promise<unknown>) => (
    <CommentForm
      label="New comment"
      placeholder="Write"
      submitLabel="Add"
      maxLength={50}
      onSubmit={onSubmit}
    />
  );

  it('sends the trimmed text and clears the box once it is sent', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    const { user } = await renderInApp(form(onSubmit));
    const box = screen.getByRole('textbox', { name: 'New comment' });
    expect(addButton().disabled).toBe(true);
    await user.type(box, '  Looks right  ');
    await user.click(addButton());
    expect(onSubmit).toHaveBeenCalledWith('Looks right');
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });

  it('keeps the text when sending fails', async () => {
    const onSubmit = vi.fn().mockRejectedValue(new Error('refused'));
    const { user } = await renderInApp(form(onSubmit));
    const box = screen.getByRole('textbox', { name: 'New comment' });
    await user.type(box, 'Try again');
    await user.click(addButton());
    await waitFor(() => expect(addButton().disabled).toBe(false));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect((box as HTMLTextAreaElement).value).toBe('Try again');
  });
});
