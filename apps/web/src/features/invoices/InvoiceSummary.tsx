import { invoiceStatuses, type InvoiceSummary as Summary } from '@ledgerdesk/contracts';
import { Alert, Paper, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import rowClasses from '../../components/WidgetRow.module.css';
import { api, errorMessageOf } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { useTableUrlState } from '../../lib/table-url-state';
import { useResourceList } from '../../resources/api';
import { valueLabel } from '../../resources/ResourceForm';
import { invoices, statusColors } from './definition';

// Under the resource's key root: a change to any invoice marks it stale with the lists.
const summaryKey = [...queryKeys.all(invoices.api), 'summary'] as const;
const filterNames = (invoices.filters ?? []).map((filter) => filter.name);

/**
 * Counts and totals per status (GET /apps/invoice/summary), above the list; a card filters the list
 * by its status. Refetched when an add, edit or delete has made it stale.
 */
export function InvoiceSummary() {
  const { t } = useTranslation('invoices');
  const client = useQueryClient();
  const table = useTableUrlState({ filters: filterNames });
  // The list's own query (shared with the table): its data changes when a record does.
  const list = useResourceList(invoices, table.query);
  const summary = useQuery({
    queryKey: summaryKey,
    queryFn: ({ signal }) => api.get<Summary>(`${invoices.api}/summary`, { signal }),
  });
  const { refetch } = summary;
  useEffect(() => {
    if (list.dataUpdatedAt && client.getQueryState(summaryKey)?.isInvalidated) void refetch();
  }, [list.dataUpdatedAt, client, refetch]);

  if (summary.isError) {
    return (
      <Alert color="red" mb="md" title={t('summary.failed')}>
        {errorMessageOf(summary.error)}
      </Alert>
    );
  }
  const cards = [
    { key: 'all', label: t('summary.all'), figures: summary.data?.all, color: 'blue', status: null },
    ...invoiceStatuses.map((status) => ({
      key: status,
      label: valueLabel(t, 'status', status),
      figures: summary.data?.statuses.find((s) => s.status === status),
      color: statusColors[status],
      status,
    })),
  ];
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 2, sm: 3, lg: 5 }}
      spacing="md"
      mb="md"
      className={rowClasses.row}
      style={{ listStyle: 'none' }}
      aria-label={t('summary.label')}
    >
      {cards.map((card) => {
        const active = (table.filters.status ?? null) === card.status;
        return (
          <li key={card.key}>
            <UnstyledButton
              w="100%"
              onClick={() => table.setFilter('status', card.status)}
              aria-pressed={active}
            >
              <Paper
                withBorder
                p="md"
                radius="md"
                style={{
                  borderLeft: `4px solid var(--mantine-color-${card.color}-6)`,
                  outline: active ? `2px solid var(--mantine-color-${card.color}-6)` : undefined,
                }}
              >
                <Text size="xs" tt="uppercase" fw={600} c="dimmed">
                  {card.label}
                </Text>
                {card.figures ? (
                  <>
                    <Text size="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatMoney(card.figures.total)}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t('summary.count', { count: card.figures.count })}
                    </Text>
                  </>
                ) : (
                  <Skeleton h={44} mt={4} />
                )}
              </Paper>
            </UnstyledButton>
          </li>
        );
      })}
    </SimpleGrid>
  );
}
