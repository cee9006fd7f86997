import { Alert, Box, Button, Group, Pagination, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/PageHeader';
import { errorMessageOf } from '../lib/api';
import { formatNumber } from '../lib/format';
import { usePageTitle } from '../lib/page-title';
import { useTableUrlState } from '../lib/table-url-state';
import { AddRecordButton } from './AddRecordButton';
import { useResourceList } from './api';
import { isFiltered, ResourceFilters } from './ResourceFilters';
import type { ResourceDefinition } from './types';

interface ResourceCardsPageProps<Rec, Values> {
  def: ResourceDefinition<Rec, Values>;
  /** One record's card. */
  card: (record: Rec) => ReactNode;
  /** Between the heading and the search (a switch to the table view, widgets). */
  children?: ReactNode;
  pageSize?: number;
}

/**
 * `<route>` as cards instead of a table: the same list call, search, filters and paging kept in the
 * URL as the table's, a card per record (team members, project cards), Add for those who may.
 */
export function ResourceCardsPage<Rec, Values>({
  def,
  card,
  children,
  pageSize = 12,
}: ResourceCardsPageProps<Rec, Values>) {
  const { t } = useTranslation([def.ns, 'common']);
  const title = t('title');
  usePageTitle(title);
  const filterNames = (def.filters ?? []).map((filter) => filter.name);
  const table = useTableUrlState({ filters: filterNames, defaultPageSize: pageSize });
  const list = useResourceList(def, table.query);
  const count = list.data?.count ?? 0;
  const pageCount = Math.max(1, Math.ceil(count / table.pageSize));

  let body: ReactNode;
  if (list.isError) {
    body = (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <Text size="sm">{errorMessageOf(list.error)}</Text>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconRefresh size={14} aria-hidden="true" />}
            onClick={() => void list.refetch()}
          >
            {t('common:actions.tryAgain')}
          </Button>
        </Group>
      </Alert>
    );
  } else if (!list.data) {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {[1, 2, 3].map((n) => (
          <Skeleton key={n} h={180} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (count === 0) {
    body = (
      <Text c="dimmed" ta="center" py="xl">
        {isFiltered(table)
          ? t('common:resource.noMatch', { many: t('many') })
          : t('common:resource.empty', { many: t('many') })}
      </Text>
    );
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" role="list" aria-label={title}>
        {list.data.results.map((record) => (
          <Box key={def.keyOf(record)} role="listitem">
            {card(record)}
          </Box>
        ))}
      </SimpleGrid>
    );
  }

  const first = (table.page - 1) * table.pageSize + 1;
  return (
    <>
      <PageHeader title={title} actions={<AddRecordButton def={def} />} />
      {children}
      <Group gap="sm" align="flex-end" wrap="wrap" mb="md">
        <ResourceFilters def={def} table={table} />
      </Group>
      {body}
      <Group justify="space-between" mt="md">
        <Text size="sm" c="dimmed" aria-live="polite">
          {count > 0
            ? t('common:table.range', {
                first: formatNumber(first),
                last: formatNumber(Math.min(first + table.pageSize - 1, count)),
                total: formatNumber(count),
                noun: count === 1 ? t('one') : t('many'),
              })
            : null}
        </Text>
        {pageCount > 1 ? (
          <Box component="nav" aria-label={t('common:table.pages', { label: title })}>
            <Pagination
              size="sm"
              total={pageCount}
              value={Math.min(table.page, pageCount)}
              onChange={table.setPage}
              getItemProps={(item) => ({
                'aria-label': t('common:table.page', { page: item }),
                'aria-current': item === table.page ? 'page' : undefined,
              })}
              getControlProps={(control) => ({ 'aria-label': t(`common:table.${control}Page`) })}
            />
          </Box>
        ) : null}
      </Group>
    </>
  );
}
