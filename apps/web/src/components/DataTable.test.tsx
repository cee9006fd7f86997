import type { ColumnDef } from '@tanstack/react-table';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../test/render';
import { DataTable } from './DataTable';

type Row = { id: string; name: string; city: string };
const rows: Row[] = [
  { id: '1', name: 'Ada', city: 'Paris' },
  { id: '2', name: 'Bo', city: 'Lyon' },
];
const columns: ColumnDef<Row, unknown>[] = [
  // Like the engine's columns: an id and a cell, no accessor.
  { id: 'name', header: 'Name', enableSorting: true, cell: ({ row }) => row.original.name },
  { id: 'city', header: 'City', cell: ({ row }) => row.original.city },
];

function paging(ordering?: string) {
  return {
    page: 1,
    pageSize: 10,
    ordering,
    setPage: vi.fn(),
    setPageSize: vi.fn(),
    setOrdering: vi.fn(),
  };
}

const table = (state: ReturnType<typeof paging>) => (
  <DataTable
    label="People"
    columns={columns}
    data={{ count: rows.length, results: rows }}
    state={state}
    emptyMessage="No people"
    noun={['person', 'people']}
    getRowId={(row) => row.id}
  />
);

describe('DataTable', () => {
  it('orders by a sortable column without an accessor: ascending, descending, then the default', async () => {
    const idle = paging();
    const { user, unmount } = await renderInApp(table(idle));
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header).toHaveProperty('ariaSort', 'none');
    await user.click(within(header).getByRole('button'));
    expect(idle.setOrdering).toHaveBeenCalledWith('name');
    // A column without the flag offers no button.
    expect(within(screen.getByRole('columnheader', { name: 'City' })).queryByRole('button')).toBeNull();
    unmount();

    const ascending = paging('name');
    const second = await renderInApp(table(ascending));
    const sortedHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(sortedHeader.getAttribute('aria-sort')).toBe('ascending');
    await second.user.click(within(sortedHeader).getByRole('button'));
    expect(ascending.setOrdering).toHaveBeenCalledWith('-name');
    second.unmount();

    const descending = paging('-name');
    const third = await renderInApp(table(descending));
    const descHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(descHeader.getAttribute('aria-sort')).toBe('descending');
    await third.user.click(within(descHeader).getByRole('button'));
    expect(descending.setOrdering).toHaveBeenCalledWith(undefined);
  });
});
