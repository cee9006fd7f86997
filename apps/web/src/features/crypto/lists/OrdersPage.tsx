import { type CryptoOrder, cryptoOrderStatuses, cryptoOrderTypes } from '@ledgerdesk/contracts';
import { Button } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { StatusBadge } from '../../../components/StatusBadge';
import { errorMessageOf } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/page-title';
import { useCan } from '../../../lib/permissions';
import { useTableUrlState } from '../../../lib/table-url-state';
import { useCancelOrder, useOrderList } from '../api';
import { CoinName } from '../CoinName';
import { CryptoTabs } from '../CryptoTabs';
import classes from '../crypto.module.css';
import { formatCoins, formatPrice } from '../format';
import { WalletTable } from './WalletTable';

export const orderStatusColours: Record<CryptoOrder['status'], string> = {
  Successful: 'teal',
  Pending: 'yellow',
  Cancelled: 'red',
};

const column = createColumnHelper<CryptoOrder>();

/**
 * The caller's buy and sell orders (`/api/order-list`), paged, ordered and filtered by the server;
 * a Pending order may be cancelled by its owner (with crypto.manage).
 */
export function OrdersPage() {
  const { t } = useTranslation('crypto');
  usePageTitle(t('orders.title'));
  const can = useCan();
  const trader = can('crypto.manage');
  const table = useTableUrlState({ filters: ['type', 'status'] as const });
  const list = useOrderList(table.query);
  const cancel = useCancelOrder();

  const columns = useMemo(
    () => [
      column.accessor('date', {
        header: t('orders.columns.date'),
        enableSorting: true,
        cell: ({ getValue }) => <span className={classes.figure}>{formatDateTime(getValue())}</span>,
      }),
      column.accessor('coinName', {
        header: t('orders.columns.coin'),
        meta: { grow: true },
        cell: ({ row }) => <CoinName name={row.original.coinName} code={row.original.coin} />,
      }),
      column.accessor('type', {
        header: t('orders.columns.type'),
        enableSorting: true,
        cell: ({ row }) => (
          <StatusBadge color={row.original.type === 'Buy' ? 'blue' : 'grape'}>
            {t(`values.type.${row.original.type}`)} · {t(`values.kind.${row.original.kind}`)}
          </StatusBadge>
        ),
      }),
      column.accessor('quantity', {
        header: t('orders.columns.quantity'),
        enableSorting: true,
        meta: { align: 'right' },
        cell: ({ getValue }) => <span className={classes.figure}>{formatCoins(getValue())}</span>,
      }),
      column.accessor('price', {
        header: t('orders.columns.price'),
        meta: { align: 'right', priority: 2 },
        cell: ({ getValue }) => <span className={classes.figure}>{formatPrice(getValue())}</span>,
      }),
      column.accessor('orderValue', {
        header: t('orders.columns.orderValue'),
        enableSorting: true,
        meta: { align: 'right' },
        cell: ({ getValue }) => <span className={classes.figure}>{formatPrice(getValue())}</span>,
      }),
      column.accessor('status', {
        header: t('orders.columns.status'),
        enableSorting: true,
        cell: ({ getValue }) => (
          <StatusBadge color={orderStatusColours[getValue()]}>{t(`values.status.${getValue()}`)}</StatusBadge>
        ),
      }),
      ...(trader
        ? [
            column.display({
              id: 'actions',
              header: t('orders.columns.actions'),
              meta: { align: 'right' },
              cell: ({ row }) =>
                row.original.status === 'Pending' ? (
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    aria-label={t('orders.cancelOrder', {
                      quantity: formatCoins(row.original.quantity),
                      code: row.original.coin,
                    })}
                    loading={cancel.isPending && cancel.variables?.id === row.original.id}
                    onClick={() =>
                      cancel.mutate(row.original, {
                        onSuccess: () => notifySuccess(t('orders.cancelled')),
                        onError: (error) =>
                          notifyError(errorMessageOf(error), { title: t('orders.cancelFailed') }),
                      })
                    }
                  >
                    {t('orders.cancel')}
                  </Button>
                ) : null,
            }),
          ]
        : []),
    ],
    [t, trader, cancel],
  );

  return (
    <>
      <PageHeader title={t('orders.title')} description={t('orders.description')} />
      <CryptoTabs />
      <WalletTable
        section="orders"
        columns={columns}
        list={list}
        table={table}
        types={cryptoOrderTypes}
        statuses={cryptoOrderStatuses}
      />
    </>
  );
}

export { OrdersPage as Component };
