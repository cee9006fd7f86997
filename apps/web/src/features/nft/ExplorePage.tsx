import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isFiltered } from '../../resources/ResourceFilters';
import { useItems } from './api';
import { ItemGrid } from './ItemCard';
import { ItemFilters, OrderingSelect, useItemsTable } from './ItemFilters';
import { NftPage } from './NftPage';
import classes from './nft.module.css';
import { Pager } from './Pager';

/** Explore: every item, narrowed by the filters at the side, as cards, paged; all of it in the URL. */
export function ExplorePage() {
  const { t } = useTranslation('nft');
  const table = useItemsTable();
  const items = useItems(table.query);
  const title = t('explore.title');
  // The creator or collection a link chose is named by the items found (all theirs).
  const first = items.data?.results[0];
  return (
    <NftPage title={title} description={t('explore.description')}>
      <div className={classes.explore}>
        <ItemFilters
          table={table}
          names={{ creator: first?.creator.name, collection: first?.collection?.name }}
        />
        <div>
          <Group justify="flex-end" mb="md">
            <OrderingSelect table={table} />
          </Group>
          <ItemGrid
            list={items}
            label={t('explore.items')}
            empty={isFiltered(table) ? t('explore.noMatch') : t('explore.empty')}
            cols={{ base: 1, xs: 2, lg: 3 }}
          />
          <Pager
            label={t('explore.items')}
            noun={[t('one'), t('many')]}
            count={items.data?.count}
            page={table.page}
            pageSize={table.pageSize}
            setPage={table.setPage}
          />
        </div>
      </div>
    </NftPage>
  );
}

export { ExplorePage as Component };
