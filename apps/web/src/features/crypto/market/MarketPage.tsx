import { type CandleInterval, candleIntervals } from '@ledgerdesk/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  Skeleton,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconSearch, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessageOf } from '../../../lib/api';
import { usePageTitle } from '../../../lib/page-title';
import { useMarket, usePriceUpdates, useWatch, useWatchlist } from '../api';
import { ChangeBadge } from '../ChangeBadge';
import { CoinName } from '../CoinName';
import { CryptoTabs } from '../CryptoTabs';
import classes from '../crypto.module.css';
import { formatPrice, formatVolume } from '../format';
import { LiveBadge } from '../LiveBadge';
import { CoinChart } from './CoinChart';
import { Watchlist } from './Watchlist';

const isInterval = (value: string | null): value is CandleInterval =>
  (candleIntervals as readonly string[]).includes(value ?? '');

/**
 * The market: the watchlist's cards, the chart of the coin chosen (`?coin=`, the first one by
 * default; `?interval=`), and every coin's pair, price, 24 h high, low, volume and change, with a
 * star to watch it. Prices move with each tick of the market (live, or polled without it).
 */
export function MarketPage() {
  const { t } = useTranslation('crypto');
  usePageTitle(t('market.title'));
  const refetchInterval = usePriceUpdates();
  const market = useMarket(refetchInterval);
  const watchlist = useWatchlist(refetchInterval);
  const watched = new Set(watchlist.data?.map((item) => item.code));
  const watch = useWatch();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const coins = market.data ?? [];
  const chosen = coins.find((coin) => coin.code === params.get('coin')) ?? coins[0];
  const askedInterval = params.get('interval');
  const interval: CandleInterval = isInterval(askedInterval) ? askedInterval : '1h';
  const setParam = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(name, value);
        return next;
      },
      { replace: true },
    );
  const needle = search.trim().toLowerCase();
  const shown = needle
    ? coins.filter((coin) => `${coin.coinName} ${coin.code} ${coin.pairs}`.toLowerCase().includes(needle))
    : coins;

  return (
    <>
      <PageHeader title={t('market.title')} description={t('market.description')} actions={<LiveBadge />} />
      <CryptoTabs />
      {market.isError ? (
        <Alert color="red" title={t('errors.load')} mb="md">
          {errorMessageOf(market.error)}
        </Alert>
      ) : null}
      {market.isPending ? <Skeleton h={120} radius="md" mb="lg" /> : null}
      {watchlist.data ? <Watchlist coins={watchlist.data} /> : null}
      {chosen ? (
        <CoinChart
          coin={chosen}
          interval={interval}
          onInterval={(next) => setParam('interval', next)}
          refetchInterval={refetchInterval}
        />
      ) : null}
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" mb="sm">
          <Text fw={650} component="h2" fz="h4" m={0}>
            {t('market.title')}
          </Text>
          <TextInput
            aria-label={t('market.search')}
            placeholder={t('market.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={240}
          />
        </Group>
        <Table
          verticalSpacing="xs"
          highlightOnHover
          aria-label={t('market.title')}
          data-testid="market-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={48}>
                <VisuallyHidden>{t('market.columns.watch')}</VisuallyHidden>
              </Table.Th>
              <Table.Th>{t('market.columns.coin')}</Table.Th>
              <Table.Th className={classes.wideOnly}>{t('market.columns.pair')}</Table.Th>
              <Table.Th ta="right">{t('market.columns.price')}</Table.Th>
              <Table.Th ta="right" className={classes.wideOnly}>
                {t('market.columns.high')}
              </Table.Th>
              <Table.Th ta="right" className={classes.wideOnly}>
                {t('market.columns.low')}
              </Table.Th>
              <Table.Th ta="right" className={classes.wideOnly}>
                {t('market.columns.volume')}
              </Table.Th>
              <Table.Th ta="right">{t('market.columns.change')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((coin) => {
              const isWatched = watched.has(coin.code);
              const watchLabel = t(isWatched ? 'market.unwatch' : 'market.watch', { name: coin.coinName });
              return (
                <Table.Tr key={coin.code} data-coin={coin.code}>
                  <Table.Td>
                    <Tooltip label={watchLabel} openDelay={300}>
                      <ActionIcon
                        variant="subtle"
                        color={isWatched ? 'yellow' : 'gray'}
                        aria-label={watchLabel}
                        aria-pressed={isWatched}
                        onClick={() => watch.mutate({ code: coin.code, watched: !isWatched })}
                      >
                        {isWatched ? (
                          <IconStarFilled size={18} aria-hidden />
                        ) : (
                          <IconStar size={18} aria-hidden />
                        )}
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component="button"
                      type="button"
                      onClick={() => setParam('coin', coin.code)}
                      aria-pressed={coin === chosen}
                      underline="never"
                      c="inherit"
                    >
                      <CoinName name={coin.coinName} code={coin.code} />
                    </Anchor>
                  </Table.Td>
                  <Table.Td className={classes.wideOnly}>
                    <Badge variant="default" tt="none">
                      {coin.pairs}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right" className={classes.figure} fw={600} data-price>
                    {formatPrice(coin.price)}
                  </Table.Td>
                  <Table.Td ta="right" className={`${classes.figure} ${classes.wideOnly}`}>
                    {formatPrice(coin.high)}
                  </Table.Td>
                  <Table.Td ta="right" className={`${classes.figure} ${classes.wideOnly}`}>
                    {formatPrice(coin.low)}
                  </Table.Td>
                  <Table.Td ta="right" className={`${classes.figure} ${classes.wideOnly}`}>
                    {formatVolume(coin.marketVolume)}
                  </Table.Td>
                  <Table.Td ta="right">
                    <ChangeBadge percent={coin.percentage} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {market.data && shown.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            {t('market.empty')}
          </Text>
        ) : null}
      </Card>
    </>
  );
}

export { MarketPage as Component };
