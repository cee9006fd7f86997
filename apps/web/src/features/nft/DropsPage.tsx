import { type NftDrop, nftDropCategories, nftDropOrderings } from '@ledgerdesk/contracts';
import {
  Group,
  Image,
  Paper,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useTableUrlState } from '../../lib/table-url-state';
import { useDrops } from './api';
import { Countdown } from './Countdown';
import { formatEth } from './format';
import { LoadError } from './LoadError';
import { NftPage } from './NftPage';
import classes from './nft.module.css';
import { Pager } from './Pager';

const stateColours = { upcoming: 'blue', live: 'green', ended: 'gray' } as const;
const states = ['upcoming', 'live', 'ended'] as const;

/** A drop: its cover, state, when it starts or ends, its price and how much of it is sold. */
function DropCard({ drop }: { drop: NftDrop }) {
  const { t } = useTranslation('nft');
  const progressLabel = t('drops.sold', {
    sold: formatNumber(drop.sold),
    available: formatNumber(drop.available),
  });
  return (
    <Paper withBorder radius="md" p="sm" h="100%">
      <div className={classes.media} style={{ aspectRatio: '16 / 9' }}>
        {drop.image ? (
          <Image src={drop.image} alt={t('media.alt', { title: drop.title })} loading="lazy" />
        ) : null}
        <div className={classes.overlayStart}>
          <span className={classes.pill}>{t(`values.dropCategory.${drop.category}`)}</span>
        </div>
      </div>
      <Stack gap={6} mt="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} truncate>
            {drop.title}
          </Text>
          <StatusBadge color={stateColours[drop.state]}>{t(`values.dropState.${drop.state}`)}</StatusBadge>
        </Group>
        <Text size="xs" c="dimmed" truncate>
          {drop.collection ? `${drop.collection.name} · ` : ''}
          {drop.creator.name}
        </Text>
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {drop.state === 'upcoming'
              ? t('drops.startsIn')
              : drop.state === 'live'
                ? t('drops.endsIn')
                : t('drops.endedOn')}
          </Text>
          {drop.state === 'ended' ? (
            <Text size="sm">{formatDateTime(drop.endsAt)}</Text>
          ) : (
            <Countdown
              endsAt={drop.state === 'upcoming' ? drop.date : drop.endsAt}
              zeroLabel={drop.state === 'upcoming' ? t('drops.startingNow') : undefined}
              size="sm"
            />
          )}
        </Group>
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {t('fields.price')}
          </Text>
          <Text size="sm" fw={700}>
            {formatEth(drop.price)}
          </Text>
        </Group>
        <Progress
          value={drop.progress}
          size="lg"
          radius="xl"
          color={drop.state === 'ended' ? 'gray.5' : undefined}
          aria-label={progressLabel}
        />
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {progressLabel}
          </Text>
          <Text size="xs" fw={600}>
            {t('drops.progress', { value: drop.progress })}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

const orderings = ['date', '-progress', 'price', 'title'] as const;

/** Drops: upcoming, live and past, with their discount tier and how much is sold; by state and tier. */
export function DropsPage() {
  const { t } = useTranslation(['nft', 'common']);
  const table = useTableUrlState({
    filters: ['state', 'category'],
    orderings: nftDropOrderings,
    defaultPageSize: 12,
  });
  const drops = useDrops(table.query);
  let body: React.ReactNode;
  if (drops.isError) body = <LoadError error={drops.error} onRetry={() => void drops.refetch()} />;
  else if (!drops.data)
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {[1, 2, 3].map((n) => (
          <Skeleton key={n} h={340} radius="md" />
        ))}
      </SimpleGrid>
    );
  else if (drops.data.results.length === 0)
    body = (
      <Text c="dimmed" ta="center" py="xl">
        {t('drops.empty')}
      </Text>
    );
  else
    body = (
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        component="ul"
        className={classes.grid}
        aria-label={t('drops.title')}
      >
        {drops.data.results.map((drop) => (
          <li key={drop.id}>
            <DropCard drop={drop} />
          </li>
        ))}
      </SimpleGrid>
    );
  return (
    <NftPage title={t('drops.title')} description={t('drops.description')}>
      <Group gap="sm" align="flex-end" mb="md" wrap="wrap">
        <SegmentedControl
          aria-label={t('drops.show')}
          value={table.filters.state ?? 'all'}
          onChange={(value) => table.setFilter('state', value === 'all' ? null : value)}
          data={['all', ...states].map((value) => ({
            value,
            label: value === 'all' ? t('filters.all') : t(`values.dropState.${value}`),
          }))}
        />
        <Select
          label={t('drops.category')}
          placeholder={t('common:resource.any')}
          value={table.filters.category ?? null}
          onChange={(value) => table.setFilter('category', value)}
          data={nftDropCategories.map((value) => ({ value, label: t(`values.dropCategory.${value}`) }))}
          clearable
          w={{ base: '100%', xs: 180 }}
        />
        <Select
          label={t('filters.ordering')}
          value={table.ordering ?? 'date'}
          onChange={(value) => table.setOrdering(value === 'date' ? undefined : (value ?? undefined))}
          data={orderings.map((value) => ({ value, label: t(`drops.orderings.${value}`) }))}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
      </Group>
      {body}
      <Pager
        label={t('drops.title')}
        noun={[t('drops.one'), t('drops.many')]}
        count={drops.data?.count}
        page={table.page}
        pageSize={table.pageSize}
        setPage={table.setPage}
      />
    </NftPage>
  );
}

export { DropsPage as Component };
