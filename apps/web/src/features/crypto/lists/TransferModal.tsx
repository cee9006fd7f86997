import {
  CASH_CURRENCY,
  type TransactionType,
  type WalletTransactionInput,
  type walletTransaction,
} from '@ledgerdesk/contracts';
import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessageOf } from '../../../lib/api';
import type { MutationResponse } from '../../../lib/list';
import { notifySuccess } from '../../../lib/notify';
import { cryptoKeys, useMarket } from '../api';

const DECIMAL = /^\d+(\.\d{1,8})?$/;

/** Deposits to the wallet or withdraws from it, cash or a coin; the wallet is read again after. */
function useTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WalletTransactionInput) =>
      api.post<MutationResponse<typeof walletTransaction>>('/crypto/transactions', input),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: cryptoKeys.transactions }),
        client.invalidateQueries({ queryKey: cryptoKeys.portfolios }),
      ]),
  });
}

/** A deposit or a withdrawal (crypto.manage): cash in dollars or a coin, an amount, the outside address. */
export function TransferModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('crypto');
  const market = useMarket(false);
  const transfer = useTransfer();
  const [type, setType] = useState<TransactionType>('Deposit');
  const [currency, setCurrency] = useState<string>(CASH_CURRENCY);
  const [amount, setAmount] = useState('');
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | undefined>();
  const currencies = [
    { value: CASH_CURRENCY, label: t('transfer.cash') },
    ...(market.data ?? []).map((coin) => ({ value: coin.code, label: `${coin.coinName} (${coin.code})` })),
  ];

  const close = () => {
    transfer.reset();
    setError(undefined);
    setAmount('');
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    transfer.reset();
    if (!DECIMAL.test(amount) || !/[1-9]/.test(amount)) {
      setError(t('trade.errors.amount'));
      return;
    }
    setError(undefined);
    transfer.mutate(
      { type, currency, amount, address: address.trim() },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.successMessage);
          close();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('transfer.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SegmentedControl
            fullWidth
            value={type}
            onChange={(value) => setType(value === 'Withdraw' ? 'Withdraw' : 'Deposit')}
            aria-label={t('transactions.columns.type')}
            data={[
              { value: 'Deposit', label: t('values.type.Deposit') },
              { value: 'Withdraw', label: t('values.type.Withdraw') },
            ]}
          />
          <Select
            label={t('transfer.currency')}
            data={currencies}
            value={currency}
            onChange={(value) => setCurrency(value ?? CASH_CURRENCY)}
            allowDeselect={false}
            searchable
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={t('transfer.amount')}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value.trim().replace(',', '.'))}
            error={error}
            required
            data-autofocus
          />
          <TextInput
            label={type === 'Deposit' ? t('transfer.from') : t('transfer.to')}
            value={address}
            onChange={(event) => setAddress(event.currentTarget.value)}
            maxLength={120}
          />
          {transfer.isError ? (
            <Alert color="red" role="alert" title={t('transfer.failed')}>
              {errorMessageOf(transfer.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('transfer.cancel')}
            </Button>
            <Button type="submit" loading={transfer.isPending}>
              {type === 'Deposit' ? t('values.type.Deposit') : t('values.type.Withdraw')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
