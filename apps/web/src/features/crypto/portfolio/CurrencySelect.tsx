import { type PortfolioCurrency, portfolioCurrencies } from '@ledgerdesk/contracts';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

const isCurrency = (value: string | null): value is PortfolioCurrency =>
  (portfolioCurrencies as readonly string[]).includes(value ?? '');

/** The currency the portfolio is shown in, kept in the URL (`?currency=`, dollars by default). */
export function usePortfolioCurrency(): [PortfolioCurrency, (currency: PortfolioCurrency) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('currency');
  const currency = isCurrency(asked) ? asked : 'usd';
  const set = (next: PortfolioCurrency) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('currency', next);
        return updated;
      },
      { replace: true },
    );
  return [currency, set];
}

/** SPEC §2's portfolio selector: BTC, USD or EUR. */
export function CurrencySelect({
  value,
  onChange,
}: {
  value: PortfolioCurrency;
  onChange: (currency: PortfolioCurrency) => void;
}) {
  const { t } = useTranslation('crypto');
  const label = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={label}>
        {t('portfolio.currency')}
      </Text>
      <SegmentedControl
        value={value}
        onChange={(next) => {
          if (isCurrency(next)) onChange(next);
        }}
        aria-labelledby={label}
        data={portfolioCurrencies.map((currency) => ({
          value: currency,
          label: t(`portfolio.currencies.${currency}`),
        }))}
        data-testid="currency-select"
      />
    </Stack>
  );
}
