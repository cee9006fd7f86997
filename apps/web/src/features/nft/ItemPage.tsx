import type { NftItemDetail } from '@ledgerdesk/contracts';
import { Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FigureRow, Figures } from '../../components/Figures';
import { PageHeader } from '../../components/PageHeader';
import { isApiError } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { useSessionUser } from '../../lib/session';
import { useBuy, useItem } from './api';
import { explorePage } from './area';
import { AuctionPanel, BidHistory } from './BidPanel';
import { formatEth } from './format';
import { Person } from './ItemCard';
import { ItemMedia } from './ItemMedia';
import { LikeButton } from './LikeButton';
import { LoadError } from './LoadError';
import { NftPage } from './NftPage';
import classes from './nft.module.css';

/** A fixed-price item: its price and "Buy now" (not one's own; with nft.manage). */
function BuyPanel({ item }: { item: NftItemDetail }) {
  const { t } = useTranslation('nft');
  const can = useCan();
  const me = useSessionUser();
  const buy = useBuy(item.id);
  const mayBuy = can('nft.manage') && item.owner.id !== me?.id;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="buy-heading">
      <Title order={2} size="h4" id="buy-heading" mb="sm">
        {t('item.forSale')}
      </Title>
      <Group justify="space-between">
        <Text fz="xl" fw={700}>
          {formatEth(item.price)}
        </Text>
        {mayBuy && item.price ? (
          <Button
            leftSection={<IconShoppingCart size={18} aria-hidden="true" />}
            loading={buy.isPending}
            onClick={() => item.price && buy.mutate(item.price)}
          >
            {t('item.buy')}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}

/** What the item is: its creator, owner, collection, category, file, volume traded. */
function ItemFacts({ item }: { item: NftItemDetail }) {
  const { t } = useTranslation('nft');
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="facts-heading">
      <Title order={2} size="h4" id="facts-heading" mb="sm">
        {t('item.details')}
      </Title>
      {item.description ? (
        <Text size="sm" mb="md" style={{ whiteSpace: 'pre-line' }}>
          {item.description}
        </Text>
      ) : null}
      <Figures>
        <FigureRow label={t('fields.creator')} value={<Person person={item.creator} size={20} />} />
        <FigureRow label={t('fields.owner')} value={<Person person={item.owner} size={20} />} />
        <FigureRow label={t('fields.collection')} value={item.collection?.name ?? '—'} />
        <FigureRow label={t('fields.category')} value={t(`values.category.${item.category}`)} />
        <FigureRow label={t('fields.fileType')} value={t(`values.fileType.${item.fileType}`)} />
        <FigureRow label={t('fields.volume')} value={formatEth(item.volume)} />
        <FigureRow label={t('fields.createdAt')} value={formatDate(item.createdAt)} />
      </Figures>
    </Paper>
  );
}

/** The item's sales, newest first. */
function SalesHistory({ item }: { item: NftItemDetail }) {
  const { t } = useTranslation('nft');
  if (item.history.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="sales-heading">
      <Title order={2} size="h4" id="sales-heading" mb="sm">
        {t('item.sales')}
      </Title>
      <Table.ScrollContainer minWidth={420}>
        <Table aria-labelledby="sales-heading">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.date')}</Table.Th>
              <Table.Th>{t('fields.seller')}</Table.Th>
              <Table.Th>{t('fields.buyer')}</Table.Th>
              <Table.Th ta="right">{t('fields.price')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {item.history.map((sale) => (
              <Table.Tr key={sale.id}>
                <Table.Td>{formatDate(sale.createdAt)}</Table.Td>
                <Table.Td>{sale.seller.name}</Table.Td>
                <Table.Td>{sale.buyer.name}</Table.Td>
                <Table.Td ta="right">{formatEth(sale.price)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/**
 * An item: its media (playable), likes, what it is; at auction the countdown, the highest bid, the
 * bid form and the bid history (live); at a fixed price "Buy now"; its sales.
 */
export function ItemPage() {
  const { t } = useTranslation('nft');
  const { id } = useParams();
  const query = useItem(id);
  const item = query.data;

  if (query.isError && isApiError(query.error) && query.error.status === 404)
    return (
      <>
        <PageHeader title={t('item.notFound')} />
        <Anchor component={Link} to={explorePage.path}>
          {t('item.backToExplore')}
        </Anchor>
      </>
    );
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!item)
    return (
      <div className={classes.itemLayout}>
        <Skeleton radius="md" style={{ aspectRatio: '1 / 1' }} className={classes.itemMedia} />
        <Skeleton radius="md" h={360} className={classes.itemSide} />
      </div>
    );

  return (
    <NftPage
      title={item.title}
      tabs={false}
      description={[t(`values.category.${item.category}`), item.collection?.name].filter(Boolean).join(' · ')}
      actions={<LikeButton item={item} />}
    >
      <div className={classes.itemLayout}>
        <div className={classes.itemMedia}>
          <ItemMedia title={item.title} media={item.media} full />
        </div>
        <Stack gap="lg" className={classes.itemSide}>
          {item.listing === 'auction' ? <AuctionPanel item={item} /> : null}
          {item.listing === 'fixed' ? <BuyPanel item={item} /> : null}
          {item.listing === 'none' ? (
            <Paper withBorder radius="md" p="lg">
              <Text c="dimmed">{t('item.notForSale', { owner: item.owner.name })}</Text>
            </Paper>
          ) : null}
          {item.listing === 'auction' || item.bids.length > 0 ? (
            <BidHistory bids={item.bids} total={item.bidsCount} />
          ) : null}
          <SalesHistory item={item} />
        </Stack>
        <div className={classes.itemFacts}>
          <ItemFacts item={item} />
        </div>
      </div>
    </NftPage>
  );
}

export { ItemPage as Component };
