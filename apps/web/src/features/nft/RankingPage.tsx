import { type NftCollection, nftCollectionOrderings } from '@ledgerdesk/contracts';
import { Avatar, Group, Stack, Text } from '@mantine/core';
import { IconTrendingDown, IconTrendingUp } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { SearchInput } from '../../components/SearchInput';
import { useTableUrlState } from '../../lib/table-url-state';
import { useCollections } from './api';
import { formatChange, formatEth } from './format';
import { NftPage } from './NftPage';
import classes from './nft.module.css';

const column = createColumnHelper<NftCollection>();

/** A change in percent, green up or red down with its arrow (the colour is not the only sign). */
export function Change({ value }: { value: number | null }) {
  if (value === null)
    return (
      <Text size="sm" span>
        —
      </Text>
    );
  const up = value >= 0;
  const Icon = up ? IconTrendingUp : IconTrendingDown;
  return (
    <span className={up ? classes.up : classes.down}>
      <Icon size={14} aria-hidden="true" />
      {formatChange(value)}
    </span>
  );
}

/** Collections ranked by their sales: volume (all time, 24 h, 7 d, with their change), items, floor. */
export function RankingPage() {
  const { t } = useTranslation('nft');
  const table = useTableUrlState({ orderings: nftCollectionOrderings, defaultPageSize: 25 });
  const collections = useCollections(table.query);

  const columns = useMemo(
    () => [
      column.accessor('ranking', {
        header: t('ranking.rank'),
        meta: { width: 56, align: 'right' },
        cell: ({ getValue }) => (
          <Text size="sm" fw={700}>
            {getValue()}
          </Text>
        ),
      }),
      column.accessor('name', {
        header: t('ranking.collection'),
        enableSorting: true,
        meta: { grow: true },
        cell: ({ row }) => (
          <Group gap="sm" wrap="nowrap">
            <Avatar
              src={row.original.image}
              radius="md"
              size={36}
              alt=""
              name={row.original.name}
              color="indigo"
            />
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={600} truncate>
                {row.original.name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {t('ranking.by', { name: row.original.creator.name })}
              </Text>
            </Stack>
          </Group>
        ),
      }),
      column.accessor('volume', {
        header: t('ranking.volume'),
        enableSorting: true,
        meta: { align: 'right' },
        cell: ({ getValue }) => formatEth(getValue()),
      }),
      column.accessor('volume24h', {
        header: t('ranking.volume24h'),
        enableSorting: true,
        meta: { align: 'right' },
        cell: ({ row }) => (
          <Stack gap={0} align="flex-end">
            <span>{formatEth(row.original.volume24h)}</span>
            <Change value={row.original.change24h} />
          </Stack>
        ),
      }),
      column.accessor('volume7d', {
        header: t('ranking.volume7d'),
        enableSorting: true,
        meta: { align: 'right', priority: 2 },
        cell: ({ row }) => (
          <Stack gap={0} align="flex-end">
            <span>{formatEth(row.original.volume7d)}</span>
            <Change value={row.original.change7d} />
          </Stack>
        ),
      }),
      column.accessor('items', {
        header: t('ranking.items'),
        enableSorting: true,
        meta: { align: 'right', priority: 3 },
      }),
      column.accessor('owners', {
        header: t('ranking.owners'),
        meta: { align: 'right', priority: 4 },
      }),
      column.accessor('floorPrice', {
        header: t('ranking.floorPrice'),
        enableSorting: true,
        meta: { align: 'right' },
        cell: ({ getValue }) => formatEth(getValue()),
      }),
    ],
    // `t` changes with the language, and with it the numbers' format.
    [t],
  );

  return (
    <NftPage title={t('ranking.title')} description={t('ranking.description')}>
      <DataTable
        label={t('ranking.title')}
        columns={columns}
        data={collections.data}
        state={table}
        fetching={collections.isFetching}
        error={collections.error}
        onRetry={() => void collections.refetch()}
        emptyMessage={t('ranking.empty')}
        noun={[t('ranking.one'), t('ranking.many')]}
        getRowId={(collection) => collection.id}
        toolbar={
          <SearchInput
            value={table.search}
            onChange={table.setSearch}
            placeholder={t('ranking.searchPlaceholder')}
          />
        }
      />
    </NftPage>
  );
}

export { RankingPage as Component };
