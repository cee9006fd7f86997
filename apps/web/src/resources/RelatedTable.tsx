import { Anchor, Group, Pagination, Paper, Skeleton, Table, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorMessageOf } from '../lib/api';
import type { ListParams } from '../lib/table-url-state';
import { useResourceList } from './api';
import { CellValue } from './cells';
import type { ColumnSpec, RelatedResource } from './types';

const PAGE_SIZE = 10;
const DEFAULT_COLUMNS = 4;

interface RelatedTableProps {
  /** The related resource: its list API, columns and catalogue. */
  resource: RelatedResource;
  /** Names the table (the tab's label). */
  label: string;
  /** The list's filters that name the record they belong to. */
  filter: Record<string, string>;
  /** Ids of the resource's columns to show (default: its first four). */
  columns?: string[];
  ordering?: string;
}

/**
 * The records of another resource that belong to this one, from that resource's own list API
 * (filtered, paged by the server): a compact table whose first cell links to each record, and
 * whose rows open it.
 */
export function RelatedTable({ resource, label, filter, columns, ordering }: RelatedTableProps) {
  const { t } = useTranslation([resource.ns, 'common']);
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const query = {
    page,
    pageSize: PAGE_SIZE,
    ...(ordering ? { ordering } : {}),
    ...filter,
  } as ListParams<string>;
  const list = useResourceList(resource, query);
  // The definition's record type is the resource's own; here it is only read through the definition.
  const shown: ColumnSpec<never>[] = columns
    ? columns.flatMap((id) => resource.columns.filter((column) => column.id === id))
    : resource.columns.filter((column) => !column.hidden).slice(0, DEFAULT_COLUMNS);
  const many = t('many');

  let body: ReactNode;
  if (list.isPending) body = <Skeleton h={160} />;
  else if (list.isError)
    body = (
      <Text c="red" role="alert">
        {errorMessageOf(list.error)}
      </Text>
    );
  else if (list.data.results.length === 0)
    body = (
      <Text c="dimmed" size="sm">
        {t('common:resource.empty', { many })}
      </Text>
    );
  else {
    const pages = Math.ceil(list.data.count / PAGE_SIZE);
    body = (
      <>
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing={6} highlightOnHover aria-label={label}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('one')}</Table.Th>
                {shown.map((column) => (
                  <Table.Th key={column.id} ta={column.align}>
                    {t(`fields.${column.id}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.results.map((record) => {
                const to = `${resource.route}/${resource.keyOf(record)}`;
                return (
                  <Table.Tr
                    key={resource.keyOf(record)}
                    onClick={() => navigate(to)}
                    style={{ cursor: 'pointer' }}
                  >
                    <Table.Td>
                      {/* The keyboard's way in; a click on the rest of the row does the same. */}
                      <Anchor component={Link} to={to} size="sm" fw={500}>
                        {resource.titleOf(record)}
                      </Anchor>
                    </Table.Td>
                    {shown.map((column) => (
                      <Table.Td key={column.id} ta={column.align}>
                        {column.cell ? (
                          column.cell(record, t)
                        ) : (
                          <CellValue value={(record as Record<string, unknown>)[column.id]} />
                        )}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between" mt="sm" gap="sm">
          <Text size="sm" c="dimmed">
            {t('common:detail.relatedCount', { count: list.data.count, many })}
          </Text>
          {pages > 1 ? (
            <Pagination
              size="sm"
              total={pages}
              value={page}
              onChange={setPage}
              getItemProps={(item) => ({
                'aria-label': t('common:table.page', { page: item }),
                'aria-current': item === page ? 'page' : undefined,
              })}
              getControlProps={(control) => ({ 'aria-label': t(`common:table.${control}Page`) })}
            />
          ) : null}
        </Group>
      </>
    );
  }
  return (
    <Paper withBorder p="md" radius="md">
      {body}
    </Paper>
  );
}
