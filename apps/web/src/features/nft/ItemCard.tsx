import type { NftItem } from '@ledgerdesk/contracts';
import { Anchor, Avatar, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { itemPath } from './area';
import { Countdown } from './Countdown';
import { formatEth } from './format';
import { ItemMedia } from './ItemMedia';
import { LikeButton } from './LikeButton';
import { LoadError } from './LoadError';
import classes from './nft.module.css';

/** What an item costs now, as a card or a page shows it: its highest bid, else its (start) price. */
export function PriceLine({ item }: { item: NftItem }) {
  const { t } = useTranslation('nft');
  const [label, amount] = item.highestBid
    ? [t('card.highestBid'), item.highestBid]
    : [item.listing === 'auction' ? t('card.startPrice') : t('card.price'), item.price];
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="xs" c="dimmed">
        {item.listing === 'none' ? t('card.notForSale') : label}
      </Text>
      {item.listing !== 'none' && amount ? (
        <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatEth(amount)}
        </Text>
      ) : null}
    </Group>
  );
}

/** A person beside their picture (or initials): a creator, an owner, a bidder. */
export function Person({ person, size = 24 }: { person: NftItem['creator']; size?: number }) {
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      <Avatar src={person.avatarUrl} size={size} radius="xl" name={person.name} color="indigo" alt="" />
      <Text size="sm" truncate>
        {person.name}
      </Text>
    </Group>
  );
}

/**
 * An item on a grid: its media (file type, likes, the countdown of a running auction over it), its
 * title linking to its page (the whole card is the link), its creator and what it costs now.
 */
export function ItemCard({ item }: { item: NftItem }) {
  const { t } = useTranslation('nft');
  const auction = item.listing === 'auction' && item.endsAt;
  return (
    <Paper withBorder radius="md" p="sm" pos="relative" className={classes.card} data-item={item.id}>
      <ItemMedia
        title={item.title}
        media={item.media}
        topEnd={
          <span className={classes.aboveLink}>
            <LikeButton item={item} onPicture />
          </span>
        }
        bottom={
          auction ? (
            <span className={classes.pill}>
              <Countdown endsAt={item.endsAt ?? ''} ended={item.ended} size="xs" c="white" />
            </span>
          ) : null
        }
      />
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Anchor
          component={Link}
          to={itemPath(item.id)}
          fw={600}
          c="var(--mantine-color-text)"
          className={classes.cardLink}
          lineClamp={1}
        >
          {item.title}
        </Anchor>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Person person={item.creator} size={20} />
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {t(`values.category.${item.category}`)}
          </Text>
        </Group>
        <div style={{ marginTop: 'auto' }}>
          <PriceLine item={item} />
        </div>
      </Stack>
    </Paper>
  );
}

/** Items as a grid of cards: skeletons while the first page loads, `empty` when there is none. */
export function ItemGrid({
  list,
  label,
  empty,
  cols = { base: 1, xs: 2, md: 3, xl: 4 },
  skeletons = 4,
}: {
  list: UseQueryResult<{ results: NftItem[] }>;
  /** Names the list for assistive technology. */
  label: string;
  empty: ReactNode;
  cols?: Record<string, number>;
  skeletons?: number;
}) {
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data)
    return (
      <SimpleGrid cols={cols} spacing="md">
        {Array.from({ length: skeletons }, (_, n) => `skeleton-${n + 1}`).map((key) => (
          <Skeleton key={key} h={320} radius="md" />
        ))}
      </SimpleGrid>
    );
  if (list.data.results.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {empty}
      </Text>
    );
  return (
    <SimpleGrid cols={cols} spacing="md" component="ul" aria-label={label} className={classes.grid}>
      {list.data.results.map((item) => (
        <li key={item.id}>
          <ItemCard item={item} />
        </li>
      ))}
    </SimpleGrid>
  );
}
