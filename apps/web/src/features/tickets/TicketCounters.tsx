import type { TicketCounter } from '@ledgerdesk/contracts';
import { Alert, Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import rowClasses from '../../components/WidgetRow.module.css';
import { errorMessageOf } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { useTicketCounters } from './api';

/** Whether a rise of the counter is good news (closed tickets), bad (pending ones) or neither. */
const riseIsGood: Record<TicketCounter['key'], boolean | null> = {
  total: null,
  pending: false,
  closed: true,
  deleted: false,
};

/** SPEC §3 "Ticket counter": each counter with its change against the previous 30 days. */
export function TicketCounters() {
  const { t } = useTranslation('tickets');
  const counters = useTicketCounters();
  if (counters.isError) {
    return (
      <Alert color="red" role="alert" mb="md">
        {errorMessageOf(counters.error)}
      </Alert>
    );
  }
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, lg: 4 }}
      mb="lg"
      component="section"
      aria-label={t('counters.label')}
      className={rowClasses.row}
    >
      {counters.isPending
        ? [1, 2, 3, 4].map((n) => <Skeleton key={n} h={104} radius="md" />)
        : counters.data.counters.map((counter) => (
            <CounterCard key={counter.key} counter={counter} days={counters.data.windowDays} />
          ))}
    </SimpleGrid>
  );
}

function CounterCard({ counter, days }: { counter: TicketCounter; days: number }) {
  const { t } = useTranslation('tickets');
  const { percentage } = counter;
  const direction = percentage === null || percentage === 0 ? 'flat' : percentage > 0 ? 'up' : 'down';
  const judged = riseIsGood[counter.key];
  const good = direction === 'flat' || judged === null ? null : (direction === 'up') === judged;
  const Icon = direction === 'up' ? IconArrowUpRight : direction === 'down' ? IconArrowDownRight : IconMinus;
  const change =
    percentage === null
      ? t('counters.noBase', { days })
      : t('counters.change', { percentage: `${percentage > 0 ? '+' : ''}${formatNumber(percentage)}`, days });
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" tt="uppercase" fw={600} c="dimmed">
        {t(`counters.${counter.key}`)}
      </Text>
      <Group justify="space-between" align="flex-end" mt="xs">
        <Text fz={28} fw={700} lh={1} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {counter.prefix}
          {formatNumber(counter.counter)}
          {counter.suffix}
        </Text>
        <ThemeIcon
          variant="light"
          radius="xl"
          color={direction === 'flat' ? 'gray' : good === null ? 'blue' : good ? 'teal' : 'red'}
          aria-hidden="true"
        >
          <Icon size={18} />
        </ThemeIcon>
      </Group>
      <Text size="xs" c="dimmed" mt="sm">
        {change}
      </Text>
    </Paper>
  );
}
