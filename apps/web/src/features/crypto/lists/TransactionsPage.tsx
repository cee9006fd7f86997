import { transactionStatuses, transactionTypes, type WalletTransaction } from '@ledgerdesk/contracts';
import { Button, Stack, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/page-title';
import { useCan } from '../../../lib/permissions';
import { useTableUrlState } from '../../../lib/table-url-state';
import { useTransactionList } from '../api';
import { CryptoTabs } from '../CryptoTabs';
import classes from '../crypto.module.css';
import { formatCoins } from '../format';
import { TransferModal } from './TransferModal';
import { WalletTable } from './WalletTable';

export const transactionStatusColours: Record<WalletTransaction['status'], string> = {
  Success: 'teal',
  Processing: 'yellow',
  Failed: 'red',
};

const column = createColumnHelper<WalletTransaction>();

/** The caller's deposits and withdrawals (`/api/transaction-list`): paged, ordered and filtered by the server. */
export function TransactionsPage() {
  const { t } = useTranslation('crypto');
  usePageTitle(t('transactions.title'));
  const table = useTableUrlState({ filters: ['type', 'status'] as const });
  const list = useTransactionList(table.query);
  const trader = useCan()('crypto.manage');
  const [transferring, setTransferring] = useState(false);

  const columns = useMemo(
    () => [
      column.accessor('date', {
        header: t('transactions.columns.date'),
        enableSorting: true,
        cell: ({ getValue }) => <span className={classes.figure}>{formatDateTime(getValue())}</span>,
      }),
      column.accessor('type', {
        header: t('transactions.columns.type'),
        enableSorting: true,
        cell: ({ getValue }) => (
          <StatusBadge color={getValue() === 'Deposit' ? 'blue' : 'grape'}>
            {t(`values.type.${getValue()}`)}
          </StatusBadge>
        ),
      }),
      column.accessor('details', {
        header: t('transactions.columns.details'),
        meta: { grow: true },
        cell: ({ row }) => (
          <Stack gap={0}>
            <Text size="sm">{row.original.details}</Text>
            <Text size="xs" c="dimmed">
              {[row.original.from, row.original.to].filter(Boolean).join(' → ')}
            </Text>
          </Stack>
        ),
      }),
      column.accessor('amount', {
        header: t('transactions.columns.amount'),
        enableSorting: true,
        meta: { align: 'right' },
        cell: ({ row }) => (
          <span className={classes.figure}>
            {row.original.type === 'Withdraw' ? '−' : '+'}
            {formatCoins(row.original.amount)} {row.original.currency}
          </span>
        ),
      }),
      column.accessor('status', {
        header: t('transactions.columns.status'),
        enableSorting: true,
        cell: ({ getValue }) => (
          <StatusBadge color={transactionStatusColours[getValue()]}>
            {t(`values.status.${getValue()}`)}
          </StatusBadge>
        ),
      }),
    ],
    [t],
  );

  return (
    <>
      <PageHeader
        title={t('transactions.title')}
        description={t('transactions.description')}
        actions={
          trader ? (
            <Button
              leftSection={<IconArrowsExchange size={16} aria-hidden />}
              onClick={() => setTransferring(true)}
            >
              {t('transfer.open')}
            </Button>
          ) : null
        }
      />
      {trader ? <TransferModal opened={transferring} onClose={() => setTransferring(false)} /> : null}
      <CryptoTabs />
      <WalletTable
        section="transactions"
        columns={columns}
        list={list}
        table={table}
        types={transactionTypes}
        statuses={transactionStatuses}
      />
    </>
  );
}

export { TransactionsPage as Component };
