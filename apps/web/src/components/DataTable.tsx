import { messages } from '@ledgerdesk/contracts';
import {
  ActionIcon,
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
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconLayoutList,
  IconRefresh,
} from '@tabler/icons-react';
import {
  type Cell,
  type Column,
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type Header,
  type OnChangeFn,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Row as TableRow,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../lib/api';
import { formatNumber } from '../lib/format';
import { setDensity, usePreferences } from '../lib/preferences';
import { PAGE_SIZES, type TableUrlState } from '../lib/table-url-state';
import classes from './DataTable.module.css';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Width of the column (CSS): for columns whose content has a known size (a number, a date). */
    width?: number | string;
    /** Right-aligned cells (numbers, row actions). */
    align?: 'left' | 'right' | 'center';
    /**
     * The main column (the record's name): it takes the width the others leave, its text is cut on
     * one line (the full text in a tooltip), and it is the card's title on a phone.
     */
    grow?: boolean;
    /** Long text on one line, cut at this many pixels with an ellipsis; the full text in a tooltip. */
    truncate?: number;
    /** Text may wrap (by default cells keep one line, so rows keep one height). */
    wrap?: boolean;
    /**
     * Hidden first when the table does not fit its width: 1 (the default) is never hidden, then the
     * higher the number the sooner. The phone's cards show every column.
     */
    priority?: number;
    /** The column's name where its header is not plain text (the phone's cards and sort select). */
    label?: string;
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
  /** Opens a row's record: on a click on the row (or its card), and on Enter on the focused row. */
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

/** Phones (below Mantine's `sm`, 768 px) get cards instead of the table. */
export const PHONE_QUERY = '(max-width: 47.99em)';
/** The main column is not squeezed below this: a column of lower priority is hidden instead. */
const MAIN_MIN_WIDTH = 160;
const NO_COLUMNS: string[] = [];

/** A column's name as text: its `label`, else its header when that is text, else its id. */
function columnLabel<Row>(column: Column<Row, unknown>) {
  const { header, meta } = column.columnDef;
  return meta?.label ?? (typeof header === 'string' ? header : column.id);
}

/** The element's text when it (or the name inside it) is cut, else null. */
function cutText(element: HTMLElement) {
  const isCut = (box: Element) => box.scrollWidth > box.clientWidth + 1;
  const cut = isCut(element) || Array.from(element.querySelectorAll('*')).some(isCut);
  return cut ? element.textContent : null;
}

/**
 * Text cut on one line with an ellipsis. Only when it is cut, the full text shows in a tooltip, on
 * hover and on keyboard focus (the cut text becomes a tab stop); screen readers read it whole anyway.
 */
function Truncated({ children, maxWidth }: { children: ReactNode; maxWidth?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const [cut, setCut] = useState<string | null>(null);
  // After every render (the text may have changed) and on every resize: is the text cut?
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const text = cutText(element);
    setCut((previous) => (previous === text ? previous : text));
  });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      const text = cutText(element);
      setCut((previous) => (previous === text ? previous : text));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <Tooltip
      label={cut}
      disabled={!cut}
      multiline
      maw={420}
      openDelay={250}
      withArrow
      events={{ hover: true, focus: true, touch: false }}
    >
      <div
        ref={ref}
        className={classes.truncate}
        // Its own text's width up to maxWidth, which the table then keeps for the column (without
        // it, a cut column could be squeezed below maxWidth by the main column).
        style={maxWidth ? { maxWidth, width: 'max-content' } : undefined}
        tabIndex={cut ? 0 : undefined}
        data-truncated={cut ? true : undefined}
      >
        {children}
      </div>
    </Tooltip>
  );
}

/** A cell's content, cut on one line for a main or truncated column. */
function CellContent<Row>({ cell }: { cell: Cell<Row, unknown> }) {
  const meta = cell.column.columnDef.meta;
  const content = flexRender(cell.column.columnDef.cell, cell.getContext());
  if (meta?.grow || meta?.truncate) return <Truncated maxWidth={meta.truncate}>{content}</Truncated>;
  return content;
}

/** A click on a control in the row does what the control says, not what the row does. */
function onControl(target: EventTarget) {
  return Boolean(
    (target as HTMLElement).closest('button, a, input, label, [role="menuitem"], [role="option"]'),
  );
}

/**
 * A list backed by the server: it shows one page of rows, and paging, ordering (click a sortable
 * header: ascending, descending, then the default order), the page size, search and filters are
 * asked of the server through `state` (kept in the URL). Loading, empty and error states included.
 *
 * Layout: cells keep one line; the `grow` column takes the width left and cuts its text, `truncate`
 * columns cut theirs; when the table is still too wide, columns are hidden by `priority` (the
 * action column stays). The header sticks below the top bar as the page scrolls; rows are drawn
 * comfortable or compact (the user's preference, a toggle in the toolbar). On a phone each row is
 * a card (its main column as title, the others as "label: value"), with a sort select.
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
  const { density } = usePreferences();
  const compact = density === 'compact';
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
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

  const scrollerRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [overflowing, setOverflowing] = useState(false);
  // Columns hidden because the table does not fit (by priority), found by measuring. Another width,
  // other rows or other columns: measured again from every column shown (state adjusted in render).
  const [fit, setFit] = useState({ width, data, columns: allColumns, collapsed: NO_COLUMNS });
  if (fit.width !== width || fit.data !== data || fit.columns !== allColumns) {
    setFit({ width, data, columns: allColumns, collapsed: NO_COLUMNS });
  }
  const { collapsed } = fit;
  const columnVisibility = useMemo<VisibilityState>(
    () => Object.fromEntries(collapsed.map((id) => [id, false])),
    [collapsed],
  );

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
      columnVisibility,
      pagination: { pageIndex: page - 1, pageSize },
      ...(selection ? { rowSelection: selection.state } : {}),
    },
    enableRowSelection: Boolean(selection),
    onRowSelectionChange: selection?.onChange,
    defaultColumn: { enableSorting: false },
  });

  // The columns that may be hidden: the least important first; of equal ones, the rightmost first.
  const hideable = table
    .getAllLeafColumns()
    .map((column, index) => ({ id: column.id, priority: column.columnDef.meta?.priority ?? 1, index }))
    .filter((column) => column.priority > 1)
    .sort((a, b) => b.priority - a.priority || b.index - a.index)
    .map((column) => column.id);

  // The page is past the end (rows were deleted, or an old link): go to the last page there is.
  useEffect(() => {
    if (data && data.results.length === 0 && data.count > 0 && page > pageCount) setPage(pageCount);
  }, [data, page, pageCount, setPage]);

  // The table's box comes and goes with the phone's cards: observed whenever it is there.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || phone) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [phone]);

  // Measured before the browser paints, so a column too many is never seen: while the table is
  // wider than its box (or squeezes its main column), hide the next column by priority.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const element = scroller?.querySelector('table');
    if (!scroller || !element || phone) return;
    const main = element.querySelector<HTMLElement>('thead th[data-grow]');
    const tooWide =
      element.scrollWidth > scroller.clientWidth + 1 ||
      (main !== null && main.getBoundingClientRect().width < MAIN_MIN_WIDTH);
    if (tooWide) {
      const next = hideable.find((id) => !collapsed.includes(id));
      if (next) {
        setFit({ ...fit, collapsed: [...collapsed, next] });
        return;
      }
    }
    setOverflowing(element.scrollWidth > scroller.clientWidth + 1);
  });
  const toggleSort = (header: Header<Row, unknown>) => {
    const field = header.column.id;
    const sorted = header.column.getIsSorted();
    if (!sorted) setOrdering(field);
    else if (sorted === 'asc') setOrdering(`-${field}`);
    else setOrdering(undefined);
  };

  const open = onRowClick
    ? {
        onClick: (row: TableRow<Row>) => (event: MouseEvent) => {
          if (!onControl(event.target)) onRowClick(row.original);
        },
        // Enter on the focused row (not on a control inside it) opens its record.
        onKeyDown: (row: TableRow<Row>) => (event: KeyboardEvent) => {
          if (event.key === 'Enter' && event.target === event.currentTarget) {
            event.preventDefault();
            onRowClick(row.original);
          }
        },
      }
    : undefined;

  const visibleColumns = table.getVisibleLeafColumns().length;
  const loadingFirst = !data && !error;
  const first = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = data?.countCapped
    ? (page - 1) * pageSize + data.results.length
    : Math.min(page * pageSize, count);
  const [one, many] = noun;
  const rows = table.getRowModel().rows;

  const errorAlert = (
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
  );
  const emptyText = (
    <Text ta="center" c="dimmed" py="xl">
      {emptyMessage}
    </Text>
  );

  const densityToggle = (
    <Tooltip label={t('table.compactRows')} withArrow>
      <ActionIcon
        variant={compact ? 'light' : 'default'}
        size="lg"
        aria-label={t('table.compactRows')}
        aria-pressed={compact}
        onClick={() => setDensity(compact ? 'comfortable' : 'compact')}
      >
        <IconLayoutList size={18} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );

  const sortable = table.getAllLeafColumns().filter((column) => column.columnDef.enableSorting === true);
  const sortSelect =
    phone && sortable.length > 0 ? (
      <Select
        label={t('table.sortBy')}
        placeholder={t('table.defaultOrder')}
        data={sortable.flatMap((column) => [
          { value: column.id, label: t('table.sortAscending', { column: columnLabel(column) }) },
          { value: `-${column.id}`, label: t('table.sortDescending', { column: columnLabel(column) }) },
        ])}
        value={ordering ?? null}
        onChange={(value) => setOrdering(value ?? undefined)}
        clearable
        w="100%"
        comboboxProps={{ withinPortal: true }}
      />
    ) : null;

  let content: ReactNode;
  if (phone) {
    content = <Box p="sm">{cardsBody()}</Box>;
  } else {
    content = (
      <div
        ref={scrollerRef}
        className={classes.scroller}
        data-overflowing={overflowing || undefined}
        // A table wider than its box scrolls sideways; a keyboard user scrolls it once focused.
        tabIndex={overflowing ? 0 : undefined}
      >
        <Table
          verticalSpacing={compact ? 4 : 'sm'}
          horizontalSpacing="md"
          highlightOnHover={Boolean(onRowClick)}
          aria-label={label}
          aria-describedby={summaryId}
          aria-busy={fetching || undefined}
          className={fetching && data ? `${classes.table} ${classes.refreshing}` : classes.table}
          data-density={density}
        >
          <Table.Thead className={classes.head}>
            {table.getHeaderGroups().map((headerGroup) => (
              <Table.Tr key={headerGroup.id}>
                {headerGroup.headers.map((header) => headerCell(header))}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>{tableBody()}</Table.Tbody>
        </Table>
      </div>
    );
  }

  function headerCell(header: Header<Row, unknown>) {
    const meta = header.column.columnDef.meta;
    const cellProps = {
      w: meta?.grow ? undefined : meta?.width,
      ta: meta?.align,
      scope: 'col',
      'data-grow': meta?.grow || undefined,
      'data-sticky': header.column.id === 'actions' || undefined,
    } as const;
    const headerContent = header.isPlaceholder
      ? null
      : flexRender(header.column.columnDef.header, header.getContext());
    // Sortable by the column's own flag: TanStack's getCanSort() also wants an accessor, which
    // columns that draw their cells (every resource column) do not have.
    if (header.column.columnDef.enableSorting !== true) {
      return (
        <Table.Th key={header.id} {...cellProps}>
          {headerContent}
        </Table.Th>
      );
    }
    const sorted = header.column.getIsSorted();
    return (
      <Table.Th key={header.id} {...cellProps} aria-sort={ariaSort(sorted)}>
        <UnstyledButton className={classes.sortButton} onClick={() => toggleSort(header)}>
          <span>{headerContent}</span>
          <SortIcon sorted={sorted} />
        </UnstyledButton>
      </Table.Th>
    );
  }

  function tableBody(): ReactNode {
    if (error && !data) {
      return (
        <Table.Tr>
          <Table.Td colSpan={visibleColumns} p="md">
            {errorAlert}
          </Table.Td>
        </Table.Tr>
      );
    }
    if (loadingFirst) {
      const placeholders = Array.from({ length: Math.min(pageSize, 8) }, (_, row) => row);
      return placeholders.map((row) => (
        <Table.Tr key={`placeholder-${row}`}>
          {table.getVisibleLeafColumns().map((column) => (
            <Table.Td key={column.id}>
              <Skeleton height={14} radius="sm" width={row % 2 ? '70%' : '85%'} />
            </Table.Td>
          ))}
        </Table.Tr>
      ));
    }
    if (rows.length === 0) {
      return (
        <Table.Tr>
          <Table.Td colSpan={visibleColumns}>{emptyText}</Table.Td>
        </Table.Tr>
      );
    }
    return rows.map((row) => (
      <Table.Tr
        key={row.id}
        data-key={row.id}
        className={open ? classes.clickable : undefined}
        data-selected={row.getIsSelected() || undefined}
        tabIndex={open ? 0 : undefined}
        onClick={open?.onClick(row)}
        onKeyDown={open?.onKeyDown(row)}
      >
        {row.getVisibleCells().map((cell) => {
          const meta = cell.column.columnDef.meta;
          return (
            <Table.Td
              key={cell.id}
              ta={meta?.align}
              data-grow={meta?.grow || undefined}
              data-wrap={meta?.wrap || undefined}
              data-sticky={cell.column.id === 'actions' || undefined}
            >
              <CellContent cell={cell} />
            </Table.Td>
          );
        })}
      </Table.Tr>
    ));
  }

  function cardsBody(): ReactNode {
    if (error && !data) return errorAlert;
    if (loadingFirst) {
      return Array.from({ length: 3 }, (_, n) => n).map((n) => (
        <Skeleton key={n} height={96} radius="md" mb="sm" />
      ));
    }
    if (rows.length === 0) return emptyText;
    const leaves = table.getAllLeafColumns();
    const mainColumn =
      leaves.find((column) => column.columnDef.meta?.grow) ??
      leaves.find((column) => column.id !== 'select' && column.id !== 'actions');
    return (
      <>
        {selection ? (
          <Checkbox
            mb="sm"
            label={t('table.selectPage')}
            checked={table.getIsAllPageRowsSelected()}
            indeterminate={table.getIsSomePageRowsSelected()}
            onChange={table.getToggleAllPageRowsSelectedHandler()}
          />
        ) : null}
        <ul className={classes.cards} aria-label={label} aria-describedby={summaryId}>
          {rows.map((row) => {
            const cells = row.getAllCells();
            const cellOf = (id: string | undefined) => cells.find((cell) => cell.column.id === id);
            const select = cellOf('select');
            const actions = cellOf('actions');
            const main = cellOf(mainColumn?.id);
            const others = cells.filter((cell) => cell !== select && cell !== actions && cell !== main);
            return (
              <li
                key={row.id}
                data-key={row.id}
                className={classes.card}
                data-list-card
                data-density={density}
                data-selected={row.getIsSelected() || undefined}
                data-clickable={open ? true : undefined}
                tabIndex={open ? 0 : undefined}
                onClick={open?.onClick(row)}
                onKeyDown={open?.onKeyDown(row)}
              >
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  {select ? flexRender(select.column.columnDef.cell, select.getContext()) : null}
                  <div className={classes.cardTitle}>
                    {main ? flexRender(main.column.columnDef.cell, main.getContext()) : null}
                  </div>
                  {actions ? flexRender(actions.column.columnDef.cell, actions.getContext()) : null}
                </Group>
                <dl className={classes.cardFields}>
                  {others.map((cell) => (
                    <div key={cell.id} className={classes.cardField}>
                      <dt>{columnLabel(cell.column)}</dt>
                      <dd>{flexRender(cell.column.columnDef.cell, cell.getContext())}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            );
          })}
        </ul>
      </>
    );
  }

  return (
    <Paper withBorder radius="md" className={classes.root}>
      <Group gap="sm" p="md" className={classes.toolbar} align="flex-end" wrap={phone ? 'wrap' : 'nowrap'}>
        <Group gap="sm" align="flex-end" className={classes.toolbarMain}>
          {toolbar}
          {sortSelect}
        </Group>
        {densityToggle}
      </Group>

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

      {content}

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
              siblings={phone ? 0 : 1}
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
