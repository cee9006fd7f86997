import { Select } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableProps } from '../../../components/DataTable';
import { SearchInput } from '../../../components/SearchInput';
import type { TableUrlState } from '../../../lib/table-url-state';
import { ClearFiltersButton } from '../../../resources/ResourceFilters';

type Filter = 'type' | 'status';

/**
 * A wallet list (orders, transactions) as the server pages, orders and filters it: a search and
 * a filter by type and by status. Its words are those of the section (`orders.*`,
 * `transactions.*`); the values' labels `values.type.*` and `values.status.*`.
 */
export function WalletTable<Row extends { id: string }>({
  section,
  columns,
  list,
  table,
  types,
  statuses,
}: {
  section: 'orders' | 'transactions';
  columns: DataTableProps<Row>['columns'];
  list: UseQueryResult<DataTableProps<Row>['data']>;
  table: TableUrlState<Filter>;
  types: readonly string[];
  statuses: readonly string[];
}) {
  const { t } = useTranslation('crypto');
  const filter = (name: Filter, options: readonly string[], anyLabel: string) => (
    <Select
      label={t(`${section}.columns.${name}`)}
      placeholder={anyLabel}
      data={options.map((option) => ({ value: option, label: t(`values.${name}.${option}`) }))}
      value={table.filters[name] ?? null}
      onChange={(value) => table.setFilter(name, value)}
      clearable
      w={180}
    />
  );
  return (
    <DataTable
      label={t(`${section}.title`)}
      columns={columns}
      data={list.data}
      state={table}
      fetching={list.isFetching}
      error={list.error}
      onRetry={() => void list.refetch()}
      emptyMessage={t(`${section}.empty`)}
      noun={[t(`${section}.noun.one`), t(`${section}.noun.many`)]}
      getRowId={(row) => row.id}
      toolbar={
        <>
          <SearchInput placeholder={t(`${section}.search`)} value={table.search} onChange={table.setSearch} />
          {filter('type', types, t(`${section}.anyType`))}
          {filter('status', statuses, t(`${section}.anyStatus`))}
          <ClearFiltersButton table={table} />
        </>
      }
    />
  );
}
