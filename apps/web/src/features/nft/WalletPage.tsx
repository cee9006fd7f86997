import { type NftBid, nftBidStatuses } from '@ledgerdesk/contracts';
import {
  ActionIcon,
  Anchor,
  Button,
  CopyButton,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconPlus } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '../../components/DataTable';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { useTableUrlState } from '../../lib/table-url-state';
import { nftErrorMessage, useDeposit, useItems, useWallet, useWalletBids } from './api';
import { itemPath } from './area';
import { bidStatusColours } from './BidPanel';
import { ETH_PATTERN, formatEth } from './format';
import { ItemGrid } from './ItemCard';
import { LoadError } from './LoadError';
import { NftPage } from './NftPage';
import { Pager } from './Pager';

/** Adds ETH to one's own wallet (nft.manage). */
function DepositForm() {
  const { t } = useTranslation('nft');
  const deposit = useDeposit();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = amount.trim();
    if (!ETH_PATTERN.test(typed) || !/[1-9]/.test(typed)) {
      setProblem(t('wallet.invalidAmount'));
      return;
    }
    deposit.mutate(typed, {
      onSuccess: () => setAmount(''),
      onError: (error) => setProblem(nftErrorMessage(error, t)),
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('wallet.deposit')}>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label={t('wallet.depositAmount')}
          value={amount}
          onChange={(event) => {
            setAmount(event.currentTarget.value);
            setProblem(null);
          }}
          inputMode="decimal"
          autoComplete="off"
          rightSection={
            <Text size="xs" c="dimmed" aria-hidden="true">
              ETH
            </Text>
          }
          rightSectionWidth={40}
          error={problem}
          errorProps={{ role: 'alert' }}
          style={{ flex: 1 }}
        />
        <Button
          type="submit"
          mt={25}
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          loading={deposit.isPending}
        >
          {t('wallet.deposit')}
        </Button>
      </Group>
    </form>
  );
}

/** One figure of the wallet: its label above, the amount large. */
function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

/** The balance and what is held of it, the address (to copy), and a deposit for those who trade. */
function Balance() {
  const { t } = useTranslation('nft');
  const can = useCan();
  const wallet = useWallet();
  if (wallet.isError) return <LoadError error={wallet.error} onRetry={() => void wallet.refetch()} />;
  const data = wallet.data;
  return (
    <Stack gap="md" mb="lg">
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
        {data ? (
          <>
            <Figure label={t('wallet.balance')} value={formatEth(data.balance)} />
            <Figure
              label={t('wallet.available')}
              value={formatEth(data.available)}
              hint={t('wallet.reserved', { amount: formatEth(data.reserved), count: data.leadingBids })}
            />
            <Figure label={t('wallet.spent')} value={formatEth(data.spent)} />
            <Figure label={t('wallet.earned')} value={formatEth(data.earned)} />
          </>
        ) : (
          [1, 2, 3, 4].map((n) => <Skeleton key={n} h={84} radius="md" />)
        )}
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="flex-end" gap="lg">
          <Stack gap={2} miw={0}>
            <Text size="sm" c="dimmed">
              {t('wallet.address')}
            </Text>
            <Group gap={4} wrap="nowrap">
              <Text ff="monospace" size="sm" truncate data-testid="wallet-address">
                {data?.address ?? '…'}
              </Text>
              {data ? (
                <CopyButton value={data.address}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? t('wallet.copied') : t('wallet.copy')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color={copied ? 'teal' : 'gray'}
                        onClick={copy}
                        aria-label={t('wallet.copy')}
                      >
                        {copied ? (
                          <IconCheck size={16} aria-hidden="true" />
                        ) : (
                          <IconCopy size={16} aria-hidden="true" />
                        )}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              ) : null}
            </Group>
          </Stack>
          {can('nft.manage') ? <DepositForm /> : null}
        </Group>
      </Paper>
    </Stack>
  );
}

/** The reader's items, as cards. */
function OwnedItems() {
  const { t } = useTranslation('nft');
  const [page, setPage] = useState(1);
  const items = useItems({ owner: 'me', page, pageSize: 12 });
  return (
    <>
      <ItemGrid list={items} label={t('wallet.items')} empty={t('wallet.noItems')} />
      <Pager
        label={t('wallet.items')}
        noun={[t('one'), t('many')]}
        count={items.data?.count}
        page={page}
        pageSize={12}
        setPage={setPage}
      />
    </>
  );
}

const column = createColumnHelper<NftBid>();

/** The reader's bids, newest first, with their state (leading, outbid, won, lost). */
function MyBids() {
  const { t } = useTranslation(['nft', 'common']);
  const table = useTableUrlState({ filters: ['status'], orderings: [] });
  const bids = useWalletBids(table.query);
  const columns = useMemo(
    () => [
      column.accessor('itemTitle', {
        header: t('fields.item'),
        meta: { grow: true },
        cell: ({ row }) => (
          <Anchor component={Link} to={itemPath(row.original.itemId)} size="sm">
            {row.original.itemTitle}
          </Anchor>
        ),
      }),
      column.accessor('amount', {
        header: t('fields.amount'),
        meta: { align: 'right' },
        cell: ({ getValue }) => formatEth(getValue()),
      }),
      column.accessor('status', {
        header: t('fields.status'),
        cell: ({ getValue }) => (
          <StatusBadge color={bidStatusColours[getValue()]}>
            {t(`values.bidStatus.${getValue()}`)}
          </StatusBadge>
        ),
      }),
      column.accessor('createdAt', {
        header: t('fields.date'),
        cell: ({ getValue }) => formatDateTime(getValue()),
      }),
    ],
    [t],
  );
  return (
    <DataTable
      label={t('wallet.bids')}
      columns={columns}
      data={bids.data}
      state={table}
      fetching={bids.isFetching}
      error={bids.error}
      onRetry={() => void bids.refetch()}
      emptyMessage={t('wallet.noBids')}
      noun={[t('bids.one'), t('bids.many')]}
      getRowId={(bid) => bid.id}
      toolbar={
        <Select
          label={t('fields.status')}
          placeholder={t('common:resource.any')}
          value={table.filters.status ?? null}
          onChange={(value) => table.setFilter('status', value)}
          data={nftBidStatuses.map((value) => ({ value, label: t(`values.bidStatus.${value}`) }))}
          clearable
          w={{ base: '100%', xs: 180 }}
        />
      }
    />
  );
}

/** The reader's own wallet: balance, items and bids (nobody sees another's, administrators included). */
export function WalletPage() {
  const { t } = useTranslation('nft');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'bids' ? 'bids' : 'items';
  return (
    <NftPage title={t('wallet.title')} description={t('wallet.description')}>
      <Balance />
      <Tabs
        value={tab}
        onChange={(value) => setParams(value === 'bids' ? { tab: 'bids' } : {}, { replace: true })}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="items">{t('wallet.items')}</Tabs.Tab>
          <Tabs.Tab value="bids">{t('wallet.bids')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="items">{tab === 'items' ? <OwnedItems /> : null}</Tabs.Panel>
        <Tabs.Panel value="bids">{tab === 'bids' ? <MyBids /> : null}</Tabs.Panel>
      </Tabs>
    </NftPage>
  );
}

export { WalletPage as Component };
