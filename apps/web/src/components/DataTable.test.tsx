import type { ColumnDef } from '@tanstack/react-table';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getPreferences, setDensity } from '../lib/preferences';
import { renderInApp } from '../test/render';
import { DataTable, type DataTableProps, PHONE_QUERY } from './DataTable';

type Row = { id: string; name: string; city: string };
const rows: Row[] = [
  { id: '1', name: 'Ada', city: 'Paris' },
  { id: '2', name: 'Bo', city: 'Lyon' },
];
const columns: ColumnDef<Row, unknown>[] = [
  // Like the engine's columns: an id and a cell, no accessor.
  {
    id: 'name',
    header: 'Name',
    enableSorting: true,
    meta: { grow: true },
    cell: ({ row }) => row.original.name,
  },
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

/** The table with the rows above, with `props` over its defaults. */
function peopleTable(props: Partial<DataTableProps<Row>> = {}) {
  return (
    <DataTable
      label="People"
      columns={columns}
      data={{ count: rows.length, results: rows }}
      state={paging()}
      emptyMessage="No people"
      noun={['person', 'people']}
      getRowId={(row) => row.id}
      {...props}
    />
  );
}

/** Makes the page look like a phone's to Mantine's useMediaQuery. */
function asPhone() {
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      ...original(query),
      matches: query === PHONE_QUERY,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }) as MediaQueryList;
  return () => {
    window.matchMedia = original;
  };
}

// Rendering Mantine in jsdom on a busy machine takes a few seconds per test.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  setDensity('comfortable');
  vi.restoreAllMocks();
});

describe('DataTable density', () => {
  it('switches between comfortable and compact rows from the toolbar and keeps it as a preference', async () => {
    const { user } = await renderInApp(peopleTable());
    const table = screen.getByRole('table', { name: 'People' });
    const toggle = screen.getByRole('button', { name: 'Compact rows' });
    expect(table.getAttribute('data-density')).toBe('comfortable');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    await user.click(toggle);
    expect(table.getAttribute('data-density')).toBe('compact');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(getPreferences().density).toBe('compact');

    await user.click(toggle);
    expect(table.getAttribute('data-density')).toBe('comfortable');
  });
});

describe('DataTable rows', () => {
  it('open their record on a click and on Enter, but not on a click on a control in the row', async () => {
    const onRowClick = vi.fn();
    const { user } = await renderInApp(
      peopleTable({
        onRowClick,
        selection: { state: {}, onChange: vi.fn(), rowLabel: (row) => row.name },
      }),
    );
    await user.click(screen.getByRole('cell', { name: 'Lyon' }));
    expect(onRowClick).toHaveBeenLastCalledWith(rows[1]);

    await user.click(screen.getByRole('checkbox', { name: 'Select Ada' }));
    expect(onRowClick).toHaveBeenCalledTimes(1);

    // Tab reaches the rows (after the controls before them); Enter on the focused row opens it.
    const first = screen.getByRole('row', { name: /Ada/ });
    first.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(rows[0]);
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('row', { name: /Bo/ }));
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(rows[1]);
  });

  it('are not tab stops when they open nothing', async () => {
    await renderInApp(peopleTable());
    expect(screen.getByRole('row', { name: /Ada/ }).getAttribute('tabindex')).toBeNull();
  });

  it('show the full text of a cut cell in a tooltip, reachable by keyboard', async () => {
    // jsdom lays nothing out: the main column's text says it is wider than its box.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.textContent === 'Ada' && this.tagName === 'DIV' ? 300 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(100);
    const { user } = await renderInApp(peopleTable());

    const cut = screen.getByText('Ada');
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
    expect(cut.getAttribute('data-truncated')).toBe('true');
    expect(cut.getAttribute('tabindex')).toBe('0');
    // A cell that is not cut is no tab stop and has no tooltip.
    expect(screen.getByText('Bo').getAttribute('tabindex')).toBeNull();

    // The density toggle, the sortable header, then the cut text.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(cut);
    // Mounted once open (jsdom leaves it mid-transition, hence `hidden`).
    expect(await screen.findByRole('tooltip', { hidden: true })).toHaveProperty('textContent', 'Ada');
  });
});

describe('DataTable states', () => {
  it('says so when the list is empty', async () => {
    await renderInApp(peopleTable({ data: { count: 0, results: [] } }));
    expect(screen.getByText('No people')).toBeTruthy();
    expect(screen.getByText('0 people')).toBeTruthy();
  });

  it('shows a failed call with a way to try again', async () => {
    const onRetry = vi.fn();
    const { user } = await renderInApp(peopleTable({ data: undefined, error: new Error('boom'), onRetry }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('boom');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('DataTable on a phone', () => {
  it('draws each row as a card: the main column as title, the others as label and value', async () => {
    const restore = asPhone();
    try {
      const onRowClick = vi.fn();
      const state = paging();
      const { user } = await renderInApp(peopleTable({ onRowClick, state }));
      expect(screen.queryByRole('table')).toBeNull();
      const cards = within(screen.getByRole('list', { name: 'People' })).getAllByRole('listitem');
      expect(cards).toHaveLength(2);
      const [ada] = cards;
      if (!ada) throw new Error('no card');
      expect(within(ada).getByText('Ada')).toBeTruthy();
      expect(within(ada).getByText('City').nextElementSibling?.textContent).toBe('Paris');

      await user.click(ada);
      expect(onRowClick).toHaveBeenLastCalledWith(rows[0]);

      // Sorting by a select, as there are no headers to click.
      await user.click(screen.getByLabelText('Sort by', { selector: 'input' }));
      await user.click(await screen.findByRole('option', { name: 'Name, descending', hidden: true }));
      expect(state.setOrdering).toHaveBeenCalledWith('-name');
    } finally {
      restore();
    }
  });
});
