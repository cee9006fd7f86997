import { type OrderTotals, orderCharges } from '@ledgerdesk/contracts';
import { Divider, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" component="div">
      <Text component="dt" size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text
        component="dd"
        m={0}
        size="sm"
        fw={strong ? 700 : undefined}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Text>
    </Group>
  );
}

/** Subtotal, discount, shipping, tax and total of an order (the server's, or the cart's estimate). */
export function OrderFigures({ totals }: { totals: OrderTotals }) {
  const { t } = useTranslation('ecommerce');
  const free = /^0+(\.0+)?$/.test(totals.shipping);
  return (
    <Stack gap={6} component="dl" m={0}>
      <Row label={t('figures.subtotal')} value={formatMoney(totals.subtotal)} />
      {/^0+(\.0+)?$/.test(totals.discount) ? null : (
        <Row label={t('figures.discount')} value={`− ${formatMoney(totals.discount)}`} />
      )}
      <Row
        label={t('figures.shipping')}
        value={free ? t('figures.freeShipping') : formatMoney(totals.shipping)}
      />
      <Row label={t('figures.tax', { percent: orderCharges.taxPercent })} value={formatMoney(totals.tax)} />
      <Divider />
      <Row label={t('figures.total')} value={formatMoney(totals.total)} strong />
    </Stack>
  );
}
