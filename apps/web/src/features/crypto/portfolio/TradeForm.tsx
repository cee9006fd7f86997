import {
  type CryptoOrderInput,
  fromScaled,
  type MarketItem,
  type PortfolioHolding,
  QUANTITY_SCALE,
  toScaled,
} from '@ledgerdesk/contracts';
import { Alert, Button, Card, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { usePlaceOrder } from '../api';
import { formatCoins, formatPrice } from '../format';

const DECIMAL = /^\d+(\.\d{1,8})?$/;

interface TradeFormProps {
  coins: MarketItem[];
  holdings: PortfolioHolding[];
  /** The cash a buy may spend, in dollars (a decimal string): the balance less what Pending buys hold back. */
  cash: string;
}

/**
 * Buy or sell a coin, at the market (filled at once) or at a limit (Pending until the price gets
 * there). What can be told before sending is told at once (a quantity, a limit, more than the cash
 * or the holding); the server decides (422 with its message when short).
 */
export function TradeForm({ coins, holdings, cash }: TradeFormProps) {
  const { t } = useTranslation('crypto');
  const place = usePlaceOrder();
  const [side, setSide] = useState<CryptoOrderInput['type']>('Buy');
  const [kind, setKind] = useState<'market' | 'limit'>('market');
  const [code, setCode] = useState<string | null>(coins[0]?.code ?? null);
  const [quantity, setQuantity] = useState('');
  const [limitPrice, setLimitPrice] = useState('');
  const [errors, setErrors] = useState<{ coin?: string; quantity?: string; limitPrice?: string }>({});
  const coin = coins.find((one) => one.code === code);
  const holding = holdings.find((one) => one.code === code);
  // What a sell may take: the quantity less what Pending sells hold back.
  const held = holding
    ? fromScaled(
        toScaled(holding.quantity, QUANTITY_SCALE) - toScaled(holding.reserved, QUANTITY_SCALE),
        QUANTITY_SCALE,
        true,
      )
    : '0';
  const price = kind === 'limit' && DECIMAL.test(limitPrice) ? Number(limitPrice) : Number(coin?.price ?? 0);
  const amount = DECIMAL.test(quantity) ? Number(quantity) * price : null;

  const check = () => {
    const found: typeof errors = {};
    if (!coin) found.coin = t('trade.errors.coin');
    if (!DECIMAL.test(quantity) || Number(quantity) <= 0) found.quantity = t('trade.errors.quantity');
    else if (side === 'Buy' && amount !== null && amount > Number(cash))
      found.quantity = t('trade.errors.cash', { needed: formatPrice(amount), available: formatPrice(cash) });
    else if (side === 'Sell' && toScaled(quantity, QUANTITY_SCALE) > toScaled(held, QUANTITY_SCALE))
      found.quantity = t('trade.errors.holding', { held: formatCoins(held), code: code ?? '' });
    if (kind === 'limit' && (!DECIMAL.test(limitPrice) || Number(limitPrice) <= 0))
      found.limitPrice = t('trade.errors.limitPrice');
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    place.reset();
    if (!check() || !code) return;
    place.mutate(
      { coin: code, type: side, quantity, limitPrice: kind === 'limit' ? limitPrice : null },
      {
        onSuccess: () => {
          notifySuccess(t('trade.done'));
          setQuantity('');
        },
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="trade-title">
      <Title order={2} fz="h4" id="trade-title" mb="sm">
        {t('trade.title')}
      </Title>
      <form onSubmit={submit} noValidate data-testid="trade-form">
        <Stack gap="sm">
          <SegmentedControl
            fullWidth
            value={side}
            onChange={(value) => {
              setSide(value as CryptoOrderInput['type']);
              setErrors({});
            }}
            aria-label={t('trade.side')}
            data={[
              { value: 'Buy', label: t('trade.buy') },
              { value: 'Sell', label: t('trade.sell') },
            ]}
          />
          <Select
            label={t('trade.coin')}
            data={coins.map((one) => ({ value: one.code, label: `${one.coinName} (${one.code})` }))}
            value={code}
            onChange={setCode}
            error={errors.coin}
            searchable
            allowDeselect={false}
            required
          />
          <Text size="xs" c="dimmed" mt={-6}>
            {coin ? formatPrice(coin.price) : ''}
            {coin ? ' · ' : ''}
            {side === 'Buy'
              ? t('trade.available', { amount: formatPrice(cash) })
              : t('trade.held', { quantity: formatCoins(held), code: code ?? '' })}
          </Text>
          <SegmentedControl
            fullWidth
            size="xs"
            value={kind}
            onChange={(value) => setKind(value === 'limit' ? 'limit' : 'market')}
            aria-label={t('trade.kind')}
            data={[
              { value: 'market', label: t('trade.market') },
              { value: 'limit', label: t('trade.limit') },
            ]}
          />
          <TextInput
            label={t('trade.quantity')}
            inputMode="decimal"
            value={quantity}
            onChange={(event) => setQuantity(event.currentTarget.value.trim().replace(',', '.'))}
            error={errors.quantity}
            description={amount !== null ? t('trade.estimate', { amount: formatPrice(amount) }) : undefined}
            required
          />
          {kind === 'limit' ? (
            <TextInput
              label={t('trade.limitPrice')}
              inputMode="decimal"
              value={limitPrice}
              onChange={(event) => setLimitPrice(event.currentTarget.value.trim().replace(',', '.'))}
              error={errors.limitPrice}
              required
            />
          ) : null}
          <Text size="xs" c="dimmed">
            {kind === 'market' ? t('trade.marketHint') : t('trade.limitHint')}
          </Text>
          {place.isError ? (
            <Alert
              color="red"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title={t('trade.failed')}
              role="alert"
            >
              {errorMessageOf(place.error)}
            </Alert>
          ) : null}
          <Button type="submit" color={side === 'Buy' ? undefined : 'red'} loading={place.isPending}>
            {side === 'Buy'
              ? t('trade.submitBuy', { code: code ?? '' })
              : t('trade.submitSell', { code: code ?? '' })}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
