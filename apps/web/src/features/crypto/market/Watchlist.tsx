import type { WatchlistItem } from '@ledgerdesk/contracts';
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Sparkline } from '../../../components/charts/Sparkline';
import { ChangeBadge } from '../ChangeBadge';
import { CoinName } from '../CoinName';
import classes from '../crypto.module.css';
import { changeColour, directionOf, formatChange, formatPrice } from '../format';

/** The words of a change for a screen reader: "up +2.41 %". */
export function useChangeWords() {
  const { t } = useTranslation('crypto');
  return (percent: number | string) => {
    const direction = directionOf(percent);
    return direction === 'flat'
      ? t('change.flat')
      : t(`change.${direction}`, { value: formatChange(percent) });
  };
}

/** The starred coins as cards: price, change and the day's trend line. */
export function Watchlist({ coins }: { coins: WatchlistItem[] }) {
  const { t } = useTranslation('crypto');
  const changeWords = useChangeWords();
  return (
    <Stack gap="xs" mb="lg" component="section" aria-labelledby="watchlist-title">
      <Title order={2} fz="h4" id="watchlist-title">
        {t('watchlist.title')}
      </Title>
      {coins.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('watchlist.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
          {coins.map((coin) => (
            <Card key={coin.code} withBorder radius="md" padding="md" data-testid={`watch-${coin.code}`}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <CoinName name={coin.coinName} code={coin.code} />
                <ChangeBadge percent={coin.percentage} />
              </Group>
              <Group justify="space-between" align="flex-end" wrap="nowrap" mt="sm">
                <Text fw={700} fz="lg" className={classes.figure}>
                  {formatPrice(coin.price)}
                </Text>
                <Sparkline
                  values={coin.series}
                  colour={`var(--mantine-color-${changeColour[directionOf(coin.percentage)]}-6)`}
                  label={t('watchlist.trend', { name: coin.coinName, change: changeWords(coin.percentage) })}
                  width={110}
                  height={36}
                />
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
