import { type NftCreator, nftCreatorOrderings } from '@ledgerdesk/contracts';
import {
  Anchor,
  Avatar,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconUserCheck, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SearchInput } from '../../components/SearchInput';
import { formatNumber } from '../../lib/format';
import { useSessionUser } from '../../lib/session';
import { useTableUrlState } from '../../lib/table-url-state';
import { useCreators, useFollow } from './api';
import { explorePage } from './area';
import { formatEth } from './format';
import { LoadError } from './LoadError';
import { NftPage } from './NftPage';
import classes from './nft.module.css';
import { Pager } from './Pager';

/** Follow / Following: a toggle (allowed with nft.view); not on one's own card. */
export function FollowButton({ creator, size = 'xs' }: { creator: NftCreator; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('nft');
  const follow = useFollow();
  const me = useSessionUser();
  if (creator.id === me?.id)
    return (
      <Text size="xs" c="dimmed">
        {t('creators.you')}
      </Text>
    );
  return (
    <Button
      size={size}
      variant={creator.isFollow ? 'light' : 'filled'}
      leftSection={
        creator.isFollow ? (
          <IconUserCheck size={16} aria-hidden="true" />
        ) : (
          <IconUserPlus size={16} aria-hidden="true" />
        )
      }
      loading={follow.isPending}
      onClick={() => follow.mutate({ creatorId: creator.id, follow: !creator.isFollow })}
    >
      {creator.isFollow ? t('creators.following') : t('creators.follow')}{' '}
      <VisuallyHidden>{creator.name}</VisuallyHidden>
    </Button>
  );
}

function CreatorCard({ creator }: { creator: NftCreator }) {
  const { t } = useTranslation('nft');
  return (
    <Paper withBorder radius="md" p="lg" h="100%">
      <Stack align="center" gap={6} ta="center">
        <Avatar src={creator.avatarUrl} size={72} radius="xl" name={creator.name} color="indigo" alt="" />
        <Anchor component={Link} to={`${explorePage.path}?creator=${creator.id}`} fw={600}>
          {creator.name}
        </Anchor>
        <Text size="sm" c="dimmed">
          {t('creators.items', { count: creator.items })} ·{' '}
          {t('creators.followers', { count: creator.followers, formatted: formatNumber(creator.followers) })}
        </Text>
        <Text size="sm" fw={600}>
          {t('creators.volume', { amount: formatEth(creator.volume) })}
        </Text>
        <FollowButton creator={creator} />
      </Stack>
    </Paper>
  );
}

const orderings = ['-volume', '-items', '-followers', 'name'] as const;

/** Creators as cards (items, followers, volume sold) with Follow; everyone or only those followed. */
export function CreatorsPage() {
  const { t } = useTranslation(['nft', 'common']);
  const table = useTableUrlState({
    filters: ['following'],
    orderings: nftCreatorOrderings,
    defaultPageSize: 12,
  });
  const creators = useCreators(table.query);
  let body: React.ReactNode;
  if (creators.isError) body = <LoadError error={creators.error} onRetry={() => void creators.refetch()} />;
  else if (!creators.data)
    body = (
      <SimpleGrid cols={{ base: 2, md: 3, xl: 4 }}>
        {[1, 2, 3, 4].map((n) => (
          <Skeleton key={n} h={220} radius="md" />
        ))}
      </SimpleGrid>
    );
  else if (creators.data.results.length === 0)
    body = (
      <Text c="dimmed" ta="center" py="xl">
        {table.filters.following ? t('creators.noneFollowed') : t('creators.empty')}
      </Text>
    );
  else
    body = (
      <SimpleGrid
        cols={{ base: 2, md: 3, xl: 4 }}
        spacing={{ base: 'xs', sm: 'md' }}
        component="ul"
        className={classes.grid}
        aria-label={t('creators.title')}
      >
        {creators.data.results.map((creator) => (
          <li key={creator.id}>
            <CreatorCard creator={creator} />
          </li>
        ))}
      </SimpleGrid>
    );
  return (
    <NftPage title={t('creators.title')} description={t('creators.description')}>
      <Group gap="sm" align="flex-end" mb="md" wrap="wrap">
        <SearchInput
          value={table.search}
          onChange={table.setSearch}
          label={t('common:resource.search')}
          placeholder={t('creators.searchPlaceholder')}
        />
        <SegmentedControl
          aria-label={t('creators.show')}
          value={table.filters.following === 'true' ? 'true' : 'all'}
          onChange={(value) => table.setFilter('following', value === 'true' ? 'true' : null)}
          data={[
            { value: 'all', label: t('creators.all') },
            { value: 'true', label: t('creators.followedOnly') },
          ]}
        />
        <Select
          label={t('filters.ordering')}
          value={table.ordering ?? '-volume'}
          onChange={(value) => table.setOrdering(value === '-volume' ? undefined : (value ?? undefined))}
          data={orderings.map((value) => ({ value, label: t(`creators.orderings.${value}`) }))}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
      </Group>
      {body}
      <Pager
        label={t('creators.title')}
        noun={[t('creators.one'), t('creators.many')]}
        count={creators.data?.count}
        page={table.page}
        pageSize={table.pageSize}
        setPage={table.setPage}
      />
    </NftPage>
  );
}

export { CreatorsPage as Component };
