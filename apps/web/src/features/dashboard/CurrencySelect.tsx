import { type PortfolioCurrency, portfolioCurrencies } from '@ledgerdesk/contracts';
import { NativeSelect } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

const isCurrency = (value: string | null): value is PortfolioCurrency =>
  (portfolioCurrencies as readonly string[]).includes(value ?? '');

/** The crypto dashboard's currency, kept in the URL (`?currency=`, dollars by default). */
export function useDashboardCurrency(): [PortfolioCurrency, (currency: PortfolioCurrency) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('currency');
  const set = (next: PortfolioCurrency) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set('currency', next);
      return updated;
    });
  return [isCurrency(asked) ? asked : 'usd', set];
}

/** SPEC §2's portfolio selector on the crypto dashboard: its money in BTC, USD or EUR (the server converts). */
export function CurrencySelect({
  value,
  onChange,
}: {
  value: PortfolioCurrency;
  onChange: (currency: PortfolioCurrency) => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <NativeSelect
      label={t('currency')}
      data={portfolioCurrencies.map((currency) => ({ value: currency, label: t(`currencies.${currency}`) }))}
      value={value}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isCurrency(next)) onChange(next);
      }}
      leftSection={<IconCoin size={16} aria-hidden />}
      w={140}
      size="sm"
    />
  );
}
