import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useItems } from './api';
import { ItemGrid } from './ItemCard';
import { CategoryChips, useItemsTable } from './ItemFilters';
import { NftPage } from './NftPage';
import { Pager } from './Pager';

/** Live auctions: the running ones, ending soonest first, each counting down; by category. */
export function AuctionsPage() {
  const { t } = useTranslation('nft');
  const table = useItemsTable();
  const items = useItems({ ...table.query, sales: 'On Auction', ordering: 'endsAt' });
  return (
    <NftPage title={t('auctions.title')} description={t('auctions.description')}>
      <Group mb="md">
        <CategoryChips table={table} />
      </Group>
      <ItemGrid list={items} label={t('auctions.items')} empty={t('auctions.empty')} />
      <Pager
        label={t('auctions.items')}
        noun={[t('auctions.one'), t('auctions.many')]}
        count={items.data?.count}
        page={table.page}
        pageSize={table.pageSize}
        setPage={table.setPage}
      />
    </NftPage>
  );
}

export { AuctionsPage as Component };
