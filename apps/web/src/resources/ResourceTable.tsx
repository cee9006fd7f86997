import { ActionIcon, Menu, VisuallyHidden } from '@mantine/core';
import { IconDots, IconTrash } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableProps } from '../components/DataTable';
import type { TableUrlState } from '../lib/table-url-state';
import { CellValue } from './cells';
import { isFiltered } from './ResourceFilters';
import type { ColumnSpec, ResourceDefinition } from './types';

/** Plain text columns are cut at this width unless the definition says otherwise. */
const TEXT_WIDTH = 240;

/**
 * A definition's columns as the table's: header `fields.<id>`, its cell or else the field as text;
 * the main column (`grow`, else the first without a width or an alignment) takes the space left.
 */
export function resourceColumns<Rec>(columns: ColumnSpec<Rec>[], t: TFunction): ColumnDef<Rec, unknown>[] {
  const main =
    columns.find((column) => column.grow) ??
    columns.find((column) => column.width === undefined && column.align === undefined);
  return columns.map((column) => ({
    id: column.id,
    header: t(`fields.${column.id}`),
    enableSorting: Boolean(column.sortable),
    meta: {
      align: column.align,
      width: column.width,
      grow: column === main,
      // The main column is cut at whatever width it gets; other plain text at TEXT_WIDTH.
      truncate: column.truncate ?? (column === main || column.cell || column.align ? undefined : TEXT_WIDTH),
      priority: column.priority,
    },
    cell: ({ row }) =>
      column.cell ? (
        column.cell(row.original, t)
      ) : (
        <CellValue value={(row.original as Record<string, unknown>)[column.id]} />
      ),
  }));
}

/**
 * The last column: a ⋯ menu of what may be done with the row (`items`: its Menu.Items), the button
 * named "Actions for <name>" for assistive technology. `width`: the menu's, for longer entries.
 */
export function actionsColumn<Rec>(
  t: TFunction,
  nameOf: (record: Rec) => string,
  items: (record: Rec) => ReactNode,
  width = 200,
): ColumnDef<Rec, unknown> {
  return {
    id: 'actions',
    header: () => <VisuallyHidden>{t('common:resource.actions')}</VisuallyHidden>,
    meta: { align: 'right', width: 56, label: t('common:resource.actions') },
    cell: ({ row }) => (
      <Menu position="bottom-end" withinPortal shadow="md" width={width}>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('common:resource.actionsFor', { name: nameOf(row.original) })}
          >
            <IconDots size={18} aria-hidden="true" />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>{items(row.original)}</Menu.Dropdown>
      </Menu>
    ),
  };
}

/** The row menu's last entry: Delete, in red (the page asks before it deletes). */
export function DeleteMenuItem({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={onClick}>
      {t('resource.delete')}
    </Menu.Item>
  );
}

type ResourceTableProps<Rec, Values> = {
  def: ResourceDefinition<Rec, Values>;
  table: TableUrlState;
  /** The list call (useResourceList). */
  list: {
    data: { count: number; results: Rec[] } | undefined;
    isFetching: boolean;
    error: unknown;
    refetch: () => unknown;
  };
} & Omit<
  DataTableProps<Rec>,
  'label' | 'data' | 'state' | 'fetching' | 'error' | 'onRetry' | 'emptyMessage' | 'noun' | 'getRowId'
>;

/**
 * A resource list's table: named by the page title, the rows of the list call with its loading, error
 * and empty states ("no match" while a search or a filter narrows it), keyed by the definition.
 */
export function ResourceTable<Rec, Values>({ def, table, list, ...rest }: ResourceTableProps<Rec, Values>) {
  const { t } = useTranslation([def.ns, 'common']);
  return (
    <DataTable
      {...rest}
      label={t('title')}
      data={list.data}
      state={table}
      fetching={list.isFetching}
      error={list.error}
      onRetry={() => void list.refetch()}
      emptyMessage={
        isFiltered(table)
          ? t('common:resource.noMatch', { many: t('many') })
          : t('common:resource.empty', { many: t('many') })
      }
      noun={[t('one'), t('many')]}
      getRowId={def.keyOf}
    />
  );
}
