import type { Portfolio, PortfolioCurrency } from '@ledgerdesk/contracts';
import { Alert, Card, Grid, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessageOf } from '../../../lib/api';
import { formatFigure } from '../../../lib/format';
import { usePageTitle } from '../../../lib/page-title';
import { useCan } from '../../../lib/permissions';
import { useMarket, usePortfolio, usePriceUpdates } from '../api';
import { ChangeBadge } from '../ChangeBadge';
import { CoinName } from '../CoinName';
import { CryptoTabs } from '../CryptoTabs';
import classes from '../crypto.module.css';
import { formatChange, formatCoins, formatIn } from '../format';
import { LiveBadge } from '../LiveBadge';
import { CurrencySelect, usePortfolioCurrency } from './CurrencySelect';
import { TradeForm } from './TradeForm';

function Figure({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: string;
  note?: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text className={`${classes.figure} ${classes.figureLarge}`} data-testid={testId}>
        {value}
      </Text>
      {note ? (
        <Text size="xs" c="dimmed" component="div">
          {note}
        </Text>
      ) : null}
    </Card>
  );
}

function Holdings({ portfolio, currency }: { portfolio: Portfolio; currency: PortfolioCurrency }) {
  const { t } = useTranslation('crypto');
  if (portfolio.holdings.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg">
        {t('portfolio.empty')}
      </Text>
    );
  return (
    <Table verticalSpacing="xs" aria-label={t('portfolio.holdings')} data-testid="holdings">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('portfolio.columns.coin')}</Table.Th>
          <Table.Th ta="right">{t('portfolio.columns.quantity')}</Table.Th>
          <Table.Th ta="right" className={classes.wideOnly}>
            {t('portfolio.columns.avgPrice')}
          </Table.Th>
          <Table.Th ta="right">{t('portfolio.columns.value')}</Table.Th>
          <Table.Th ta="right" className={classes.wideOnly}>
            {t('portfolio.columns.returns')}
          </Table.Th>
          <Table.Th ta="right" className={classes.wideOnly}>
            {t('portfolio.columns.percentage')}
          </Table.Th>
          <Table.Th ta="right" className={classes.wideOnly}>
            {t('portfolio.columns.share')}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {portfolio.holdings.map((holding) => (
          <Table.Tr key={holding.code} data-holding={holding.code}>
            <Table.Td>
              <CoinName name={holding.coinName} code={holding.code} />
            </Table.Td>
            <Table.Td ta="right" className={classes.figure} data-quantity>
              {formatCoins(holding.quantity)}
            </Table.Td>
            <Table.Td ta="right" className={`${classes.figure} ${classes.wideOnly}`}>
              {formatIn(holding.avgPrice, currency)}
            </Table.Td>
            <Table.Td ta="right" className={classes.figure} fw={600}>
              {formatIn(holding.value, currency)}
            </Table.Td>
            <Table.Td ta="right" className={`${classes.figure} ${classes.wideOnly}`}>
              {formatIn(holding.returns, currency)}
            </Table.Td>
            <Table.Td ta="right" className={`${classes.figure} ${classes.wideOnly}`}>
              {formatChange(holding.percentage)}
            </Table.Td>
            <Table.Td ta="right" className={`${classes.figure} ${classes.wideOnly}`}>
              {formatFigure(holding.share, 'percent')}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The caller's own portfolio: its total, cash and coins in BTC, USD or EUR (converted by the server
 * with the current prices), the holdings, and — with crypto.manage — the buy/sell form beside them.
 */
export function PortfolioPage() {
  const { t } = useTranslation('crypto');
  usePageTitle(t('portfolio.title'));
  const can = useCan();
  const trader = can('crypto.manage');
  const refetchInterval = usePriceUpdates();
  const [currency, setCurrency] = usePortfolioCurrency();
  const portfolio = usePortfolio(currency, refetchInterval);
  const market = useMarket(refetchInterval);
  const data = portfolio.data;

  return (
    <>
      <PageHeader
        title={t('portfolio.title')}
        description={t('portfolio.description')}
        actions={
          <>
            <LiveBadge />
            <CurrencySelect value={currency} onChange={setCurrency} />
          </>
        }
      />
      <CryptoTabs />
      {portfolio.isError ? (
        <Alert color="red" title={t('errors.load')} mb="md">
          {errorMessageOf(portfolio.error)}
        </Alert>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: trader ? 8 : 12 }}>
          <Stack gap="lg">
            {data ? (
              <SimpleGrid
                type="container"
                cols={{ base: 2, '760px': 4 }}
                spacing={{ base: 'sm', '760px': 'md' }}
              >
                <Figure
                  label={t('portfolio.total')}
                  value={formatIn(data.total, currency)}
                  testId="portfolio-total"
                />
                <Figure
                  label={t('portfolio.invested')}
                  value={formatIn(data.holdingsValue, currency)}
                  testId="portfolio-coins"
                />
                <Figure
                  label={t('portfolio.cash')}
                  value={formatIn(data.cashUsd, 'usd')}
                  note={
                    Number(data.cashReserved) > 0
                      ? t('portfolio.reserved', { amount: formatIn(data.cashReserved, currency) })
                      : undefined
                  }
                  testId="portfolio-cash"
                />
                <Figure
                  label={t('portfolio.returns')}
                  value={formatIn(data.returns, currency)}
                  note={<ChangeBadge percent={data.percentage} />}
                  testId="portfolio-returns"
                />
              </SimpleGrid>
            ) : (
              <Skeleton h={90} radius="md" />
            )}
            <Card withBorder radius="md" padding="md" component="section" aria-labelledby="holdings-title">
              <Title order={2} fz="h4" id="holdings-title" mb="sm">
                {t('portfolio.holdings')}
              </Title>
              {data ? <Holdings portfolio={data} currency={currency} /> : <Skeleton h={200} />}
            </Card>
          </Stack>
        </Grid.Col>
        {trader ? (
          <Grid.Col span={{ base: 12, lg: 4 }}>
            {data && market.data ? (
              <TradeForm coins={market.data} holdings={data.holdings} cash={data.cashUsd} />
            ) : (
              <Skeleton h={420} radius="md" />
            )}
          </Grid.Col>
        ) : null}
      </Grid>
      {!trader ? (
        <Text size="sm" c="dimmed" mt="md">
          {t('trade.noManage')}
        </Text>
      ) : null}
    </>
  );
}

export { PortfolioPage as Component };
