import type { NftCollection, NftCreator } from '@ledgerdesk/contracts';
import { Anchor, Avatar, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCollections, useCreators, useItems } from './api';
import { auctionsPage, creatorsPage, explorePage, rankingPage } from './area';
import { FollowButton } from './CreatorsPage';
import { formatEth } from './format';
import { ItemGrid } from './ItemCard';
import { CategoryChips, useItemsTable } from './ItemFilters';
import { NftPage } from './NftPage';
import { Change } from './RankingPage';

/** A section of the marketplace: its heading and a link to the page with all of it. */
function Section({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('nft');
  return (
    <Stack component="section" aria-labelledby={id} gap="sm">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        <Anchor component={Link} to={more} size="sm">
          <Group gap={4} component="span">
            {t('marketplace.viewAll')}
            <IconArrowRight size={14} aria-hidden="true" />
          </Group>
        </Anchor>
      </Group>
      {children}
    </Stack>
  );
}

/** A short ranked list in a panel (top creators, top collections), skeleton rows while it loads. */
function TopList<Rec extends { id: string }>({
  rows,
  row,
  label,
}: {
  rows: Rec[] | undefined;
  row: (record: Rec, index: number) => ReactNode;
  label: string;
}) {
  const { t } = useTranslation('nft');
  return (
    <Paper withBorder radius="md" p="md">
      {rows?.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('marketplace.noneYet')}
        </Text>
      ) : rows ? (
        <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
          {rows.map((record, index) => (
            <Group key={record.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
              {row(record, index)}
            </Group>
          ))}
        </Stack>
      ) : (
        <Stack gap="sm">
          {[1, 2, 3, 4, 5].map((n) => (
            <Skeleton key={n} h={36} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function CreatorRow({ creator, rank }: { creator: NftCreator; rank: number }) {
  const { t } = useTranslation('nft');
  return (
    <>
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Text size="sm" c="dimmed" w={20} ta="right">
          {rank}
        </Text>
        <Avatar src={creator.avatarUrl} radius="xl" size={36} name={creator.name} color="indigo" alt="" />
        <Stack gap={0} miw={0}>
          <Anchor
            component={Link}
            to={`${explorePage.path}?creator=${creator.id}`}
            size="sm"
            fw={600}
            truncate
          >
            {creator.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {formatEth(creator.volume)} · {t('creators.items', { count: creator.items })}
          </Text>
        </Stack>
      </Group>
      <FollowButton creator={creator} />
    </>
  );
}

function CollectionRow({ collection }: { collection: NftCollection }) {
  const { t } = useTranslation('nft');
  return (
    <>
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Text size="sm" c="dimmed" w={20} ta="right">
          {collection.ranking}
        </Text>
        <Avatar src={collection.image} radius="md" size={36} name={collection.name} color="indigo" alt="" />
        <Stack gap={0} miw={0}>
          <Anchor
            component={Link}
            to={`${explorePage.path}?collection=${collection.id}`}
            size="sm"
            fw={600}
            truncate
          >
            {collection.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {t('marketplace.floor', { amount: formatEth(collection.floorPrice) })}
          </Text>
        </Stack>
      </Group>
      <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
        <Text size="sm" fw={600}>
          {formatEth(collection.volume7d)}
        </Text>
        <Change value={collection.change7d} />
      </Stack>
    </>
  );
}

/**
 * The marketplace at a glance: trending items by category (most liked), the auctions ending
 * soonest, the top creators (to follow) and the collections selling most this week.
 */
export function MarketplacePage() {
  const { t } = useTranslation('nft');
  const table = useItemsTable(8);
  const category = table.filters.category;
  const trending = useItems({ category, ordering: '-likes', pageSize: 8, page: 1 });
  const ending = useItems({ sales: 'On Auction', ordering: 'endsAt', pageSize: 4, page: 1 });
  const creators = useCreators({ pageSize: 5, page: 1 });
  const collections = useCollections({ ordering: '-volume7d', pageSize: 5, page: 1 });
  const exploreLink = category
    ? `${explorePage.path}?category=${encodeURIComponent(category)}`
    : explorePage.path;
  return (
    <NftPage title={t('marketplace.title')} description={t('marketplace.description')}>
      <Stack gap="xl">
        <Section id="trending-heading" title={t('marketplace.trending')} more={exploreLink}>
          <CategoryChips table={table} />
          <ItemGrid
            list={trending}
            label={t('marketplace.trending')}
            empty={category ? t('marketplace.emptyCategory') : t('marketplace.empty')}
            skeletons={8}
          />
        </Section>
        <Section id="ending-heading" title={t('marketplace.endingSoon')} more={auctionsPage.path}>
          <ItemGrid list={ending} label={t('marketplace.endingSoon')} empty={t('auctions.empty')} />
        </Section>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Section id="creators-heading" title={t('marketplace.topCreators')} more={creatorsPage.path}>
            <TopList
              rows={creators.data?.results}
              label={t('marketplace.topCreators')}
              row={(creator, index) => <CreatorRow creator={creator} rank={index + 1} />}
            />
          </Section>
          <Section id="collections-heading" title={t('marketplace.topCollections')} more={rankingPage.path}>
            <TopList
              rows={collections.data?.results}
              label={t('marketplace.topCollections')}
              row={(collection) => <CollectionRow collection={collection} />}
            />
          </Section>
        </SimpleGrid>
      </Stack>
    </NftPage>
  );
}

export { MarketplacePage as Component };
