import { messages } from '@ledgerdesk/contracts';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconRefresh,
} from '@tabler/icons-react';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type Header,
  type OnChangeFn,
  type RowData,
  type RowSelectionState,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { type ReactNode, useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../lib/api';
import { formatNumber } from '../lib/format';
import { PAGE_SIZES, type TableUrlState } from '../lib/table-url-state';
import classes from './DataTable.module.css';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Width of the column (CSS). */
    width?: number | string;
    /** Right-aligned cells (numbers, row actions). */
    align?: 'left' | 'right' | 'center';
  }
}

type Paging = Pick<
  TableUrlState,
  'page' | 'pageSize' | 'ordering' | 'setPage' | 'setPageSize' | 'setOrdering'
>;

export interface DataTableProps<Row> {
  /** Names the table for assistive technology, e.g. "Users". */
  label: string;
  /**
   * The columns. A column with `enableSorting: true` is ordered by the server under its `id`
   * (which must be an ordering the list call accepts).
   */
  // biome-ignore lint/suspicious/noExplicitAny: columns of different value types in one list (TanStack's own idiom).
  columns: ColumnDef<Row, any>[];
  /** The current page of the list call (`{count, results}`), undefined until the first answer. */
  data: { count: number; countCapped?: boolean; results: Row[] } | undefined;
  /** Paging and ordering, usually from useTableUrlState. */
  state: Paging;
  /** A call is running (the first one, or a new page while the previous one is still shown). */
  fetching?: boolean;
  /** The last call failed. */
  error?: unknown;
  onRetry?: () => void;
  /** Shown when the list is empty, e.g. "No users found". */
  emptyMessage: string;
  /** What the rows are, for the count, in the current language: ["user", "users"]. */
  noun: [one: string, many: string];
  getRowId: (row: Row) => string;
  /** Search box and filters, shown above the table. */
  toolbar?: ReactNode;
  /** Pointer users may click a row; keyboard users get a button in a cell for the same action. */
  onRowClick?: (row: Row) => void;
  /**
   * Rows may be selected: a checkbox column comes first. The selection is keyed by getRowId and
   * survives paging (the header checkbox selects the rows of the page shown).
   */
  selection?: {
    state: RowSelectionState;
    onChange: OnChangeFn<RowSelectionState>;
    /** Names a row for its checkbox: "Select <rowLabel>". */
    rowLabel: (row: Row) => string;
  };
  /** Shown between the toolbar and the table, e.g. the actions on the selected rows. */
  banner?: ReactNode;
}

function ariaSort(sorted: false | 'asc' | 'desc') {
  if (sorted === 'asc') return 'ascending';
  if (sorted === 'desc') return 'descending';
  return 'none';
}

function SortIcon({ sorted }: { sorted: false | 'asc' | 'desc' }) {
  if (sorted === 'asc') return <IconArrowUp size={14} aria-hidden="true" />;
  if (sorted === 'desc') return <IconArrowDown size={14} aria-hidden="true" />;
  return <IconArrowsSort size={14} aria-hidden="true" className={classes.sortIdle} />;
}

/**
 * A list backed by the server: it shows one page of rows, and paging, ordering (click a sortable
 * header: ascending, descending, then the default order), the page size, search and filters are
 * asked of the server through `state` (kept in the URL). Loading, empty and error states included.
 */
export function DataTable<Row>({
  label,
  columns,
  data,
  state,
  fetching = false,
  error,
  onRetry,
  emptyMessage,
  noun,
  getRowId,
  toolbar,
  onRowClick,
  selection,
  banner,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const summaryId = useId();
  const { page, pageSize, ordering, setPage, setPageSize, setOrdering } = state;
  const count = data?.count ?? 0;
  // A capped count ("1,000+") does not say where the list ends: a full page offers the next one.
  const more = Boolean(data?.countCapped) && (data?.results.length ?? 0) === pageSize;
  const pageCount = Math.max(1, Math.ceil(count / pageSize), more ? page + 1 : 0);

  const sorting = useMemo<SortingState>(
    () => (ordering ? [{ id: ordering.replace(/^-/, ''), desc: ordering.startsWith('-') }] : []),
    [ordering],
  );

  const allColumns = useMemo(() => {
    if (!selection) return columns;
    const { rowLabel } = selection;
    const select: ColumnDef<Row, unknown> = {
      id: 'select',
      meta: { width: 44 },
      header: ({ table: current }) => (
        <Checkbox
          aria-label={t('table.selectPage')}
          checked={current.getIsAllPageRowsSelected()}
          indeterminate={current.getIsSomePageRowsSelected()}
          disabled={current.getRowModel().rows.length === 0}
          onChange={current.getToggleAllPageRowsSelectedHandler()}
        />
      ),
      cell: ({ row }) => (
        <Checkbox
          aria-label={t('table.selectRow', { name: rowLabel(row.original) })}
          checked={row.getIsSelected()}
          onChange={row.getToggleSelectedHandler()}
        />
      ),
    };
    return [select, ...columns];
  }, [columns, selection, t]);

  const table = useReactTable({
    data: data?.results ?? [],
    columns: allColumns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    pageCount,
    state: {
      sorting,
      pagination: { pageIndex: page - 1, pageSize },
      ...(selection ? { rowSelection: selection.state } : {}),
    },
    enableRowSelection: Boolean(selection),
    onRowSelectionChange: selection?.onChange,
    defaultColumn: { enableSorting: false },
  });

  // The page is past the end (rows were deleted, or an old link): go to the last page there is.
  useEffect(() => {
    if (data && data.results.length === 0 && data.count > 0 && page > pageCount) setPage(pageCount);
  }, [data, page, pageCount, setPage]);

  const toggleSort = (header: Header<Row, unknown>) => {
    const field = header.column.id;
    const sorted = header.column.getIsSorted();
    if (!sorted) setOrdering(field);
    else if (sorted === 'asc') setOrdering(`-${field}`);
    else setOrdering(undefined);
  };

  const visibleColumns = table.getVisibleLeafColumns().length;
  const loadingFirst = !data && !error;
  const first = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = data?.countCapped
    ? (page - 1) * pageSize + data.results.length
    : Math.min(page * pageSize, count);
  const [one, many] = noun;

  let body: ReactNode;
  if (error && !data) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={visibleColumns} p="md">
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
            <Group justify="space-between" gap="sm">
              <div>
                <Text size="sm" fw={600}>
                  {t('errors.fetchFailed')}
                </Text>
                {errorMessageOf(error) !== messages.fetchFailed ? (
                  <Text size="sm">{errorMessageOf(error)}</Text>
                ) : null}
              </div>
              {onRetry ? (
                <Button
                  size="xs"
                  variant="default"
                  onClick={onRetry}
                  leftSection={<IconRefresh size={14} aria-hidden="true" />}
                >
                  {t('actions.tryAgain')}
                </Button>
              ) : null}
            </Group>
          </Alert>
        </Table.Td>
      </Table.Tr>
    );
  } else if (loadingFirst) {
    const placeholders = Array.from({ length: Math.min(pageSize, 8) }, (_, row) => row);
    body = placeholders.map((row) => (
      <Table.Tr key={`placeholder-${row}`}>
        {table.getVisibleLeafColumns().map((column) => (
          <Table.Td key={column.id}>
            <Skeleton height={14} radius="sm" width={row % 2 ? '70%' : '85%'} />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (table.getRowModel().rows.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={visibleColumns}>
          <Text ta="center" c="dimmed" py="xl">
            {emptyMessage}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = table.getRowModel().rows.map((row) => (
      <Table.Tr
        key={row.id}
        // The record's key, for tests that compare the rows shown with the list the API answers.
        data-key={row.id}
        className={onRowClick ? classes.clickable : undefined}
        data-selected={row.getIsSelected() || undefined}
        onClick={
          onRowClick
            ? (event) => {
                // A click on a control in the row does what the control says, not what the row does.
                if ((event.target as HTMLElement).closest('button, a, input, [role="menuitem"]')) return;
                onRowClick(row.original);
              }
            : undefined
        }
      >
        {row.getVisibleCells().map((cell) => (
          <Table.Td key={cell.id} ta={cell.column.columnDef.meta?.align}>
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  }

  return (
    <Paper withBorder radius="md" className={classes.root}>
      {toolbar ? (
        <Group gap="sm" p="md" className={classes.toolbar} align="flex-end">
          {toolbar}
        </Group>
      ) : null}

      {banner}

      {error && data ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          mx="md"
          mb="sm"
          icon={<IconAlertCircle aria-hidden="true" />}
        >
          {t('errors.fetchFailed')}{' '}
          {errorMessageOf(error) !== messages.fetchFailed ? errorMessageOf(error) : ''}
        </Alert>
      ) : null}

      <Table.ScrollContainer minWidth={720} type="native">
        <Table
          verticalSpacing="sm"
          horizontalSpacing="md"
          highlightOnHover={Boolean(onRowClick)}
          aria-label={label}
          aria-describedby={summaryId}
          aria-busy={fetching || undefined}
          className={fetching && data ? classes.refreshing : undefined}
        >
          <Table.Thead>
            {table.getHeaderGroups().map((headerGroup) => (
              <Table.Tr key={headerGroup.id}>
                {headerGroup.headers.map((header) => {
                  const meta = header.column.columnDef.meta;
                  const content = header.isPlaceholder
                    ? null
                    : flexRender(header.column.columnDef.header, header.getContext());
                  // Sortable by the column's own flag: TanStack's getCanSort() also wants an accessor,
                  // which columns that draw their cells (every resource column) do not have.
                  if (header.column.columnDef.enableSorting !== true) {
                    return (
                      <Table.Th key={header.id} w={meta?.width} ta={meta?.align} scope="col">
                        {content}
                      </Table.Th>
                    );
                  }
                  const sorted = header.column.getIsSorted();
                  return (
                    <Table.Th
                      key={header.id}
                      w={meta?.width}
                      ta={meta?.align}
                      scope="col"
                      aria-sort={ariaSort(sorted)}
                    >
                      <UnstyledButton className={classes.sortButton} onClick={() => toggleSort(header)}>
                        <span>{content}</span>
                        <SortIcon sorted={sorted} />
                      </UnstyledButton>
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Group justify="space-between" gap="sm" p="md" className={classes.footer}>
        <Group gap="md">
          <Text size="sm" c="dimmed" id={summaryId} aria-live="polite">
            {data
              ? count === 0
                ? t('table.none', { noun: many })
                : t('table.range', {
                    first: formatNumber(first),
                    last: formatNumber(last),
                    total: data.countCapped
                      ? t('table.atLeast', { count: formatNumber(count) })
                      : formatNumber(count),
                    noun: count === 1 ? one : many,
                  })
              : error
                ? t('table.none', { noun: many })
                : t('status.loading')}
          </Text>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c="dimmed" component="label" htmlFor={`${summaryId}-size`}>
              {t('table.rowsPerPage')}
            </Text>
            <Select
              id={`${summaryId}-size`}
              size="xs"
              w={76}
              data={PAGE_SIZES.map(String)}
              value={String(pageSize)}
              onChange={(value) => value && setPageSize(Number(value))}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
        </Group>
        {pageCount > 1 ? (
          <Box component="nav" aria-label={t('table.pages', { label })}>
            <Pagination
              size="sm"
              total={pageCount}
              value={Math.min(page, pageCount)}
              onChange={setPage}
              siblings={1}
              boundaries={1}
              getItemProps={(item) => ({
                'aria-label': t('table.page', { page: item }),
                'aria-current': item === page ? 'page' : undefined,
              })}
              getControlProps={(control) => ({
                'aria-label': t(`table.${control}Page`),
              })}
            />
          </Box>
        ) : null}
      </Group>
    </Paper>
  );
}
