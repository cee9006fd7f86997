import { type CandleInterval, candleIntervals, type MarketItem } from '@ledgerdesk/contracts';
import { Card, Group, SegmentedControl, Skeleton, Text, Title } from '@mantine/core';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CandleChart, type CandleWords } from '../../../components/charts/CandleChart';
import { useChartStyle } from '../../../components/charts/chart-style';
import { currentLanguage } from '../../../i18n';
import { useCandles } from '../api';
import { ChangeBadge } from '../ChangeBadge';
import classes from '../crypto.module.css';
import { formatPrice, formatPriceTick } from '../format';

const timeFormats: Record<CandleInterval, Intl.DateTimeFormatOptions> = {
  '1m': { hour: '2-digit', minute: '2-digit' },
  '1h': { weekday: 'short', hour: '2-digit', minute: '2-digit' },
  '1d': { day: 'numeric', month: 'short' },
};

/** The selected coin's price as candles of a minute, an hour or a day. */
export function CoinChart({
  coin,
  interval,
  onInterval,
  refetchInterval,
}: {
  coin: MarketItem;
  interval: CandleInterval;
  onInterval: (interval: CandleInterval) => void;
  refetchInterval: number | false;
}) {
  const { t } = useTranslation('crypto');
  const style = useChartStyle();
  const svgRef = useRef<SVGSVGElement | null>(null);
  const candles = useCandles(coin.code, interval, refetchInterval);
  const shown = useMemo(
    () =>
      (candles.data?.candles ?? []).map((candle) => ({
        start: candle.t,
        open: candle.open,
        high: candle.high,
        low: candle.low,
        close: candle.close,
      })),
    [candles.data],
  );
  const words = useMemo<CandleWords>(() => {
    const time = new Intl.DateTimeFormat(currentLanguage(), timeFormats[interval]);
    return {
      value: formatPrice,
      tick: formatPriceTick,
      time: (start) => time.format(new Date(start)),
      open: t('market.candle.open'),
      high: t('market.candle.high'),
      low: t('market.candle.low'),
      close: t('market.candle.close'),
    };
  }, [interval, t]);
  const label = t('market.chart', { name: coin.coinName });

  return (
    <Card withBorder radius="md" padding="md" mb="lg" component="section" aria-label={label}>
      <Group justify="space-between" mb="sm" gap="sm">
        <Group gap="sm">
          <Title order={2} fz="h4">
            {label}
          </Title>
          <Text fw={700} className={classes.figure} data-testid="chart-price">
            {formatPrice(coin.price)}
          </Text>
          <ChangeBadge percent={coin.percentage} />
        </Group>
        <SegmentedControl
          size="xs"
          value={interval}
          onChange={(value) => onInterval(value as CandleInterval)}
          aria-label={t('market.interval')}
          data={candleIntervals.map((value) => ({ value, label: t(`market.intervals.${value}`) }))}
        />
      </Group>
      {candles.isPending ? (
        <Skeleton h={280} radius="sm" />
      ) : shown.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center">
          {t('market.noCandles')}
        </Text>
      ) : (
        <CandleChart candles={shown} label={label} height={280} style={style} words={words} svgRef={svgRef} />
      )}
    </Card>
  );
}
