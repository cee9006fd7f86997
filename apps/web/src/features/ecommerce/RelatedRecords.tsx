import { Anchor, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessageOf } from '../../lib/api';
import type { ListParams } from '../../lib/table-url-state';
import { useResourceList } from '../../resources/api';
import type { ResourceDefinition } from '../../resources/types';

interface RelatedRecordsProps<Rec, Values> {
  /** The heading of the section. */
  title: string;
  def: ResourceDefinition<Rec, Values>;
  /** The list's filter that names the record they belong to ({ seller: id }). */
  filter: Record<string, string>;
  ordering: string;
  /** Cells after the first (the record's title, linked to it); headers `fields.<id>` of `def.ns`. */
  columns: { id: string; cell: (record: Rec, t: TFunction) => ReactNode; align?: 'right' }[];
  empty: string;
}

/** The first records of another list that belong to this one (a seller's products, a customer's orders). */
export function RelatedRecords<Rec, Values>({
  title,
  def,
  filter,
  ordering,
  columns,
  empty,
}: RelatedRecordsProps<Rec, Values>) {
  const { t } = useTranslation([def.ns, 'common']);
  const query: ListParams<string> = { page: 1, pageSize: 10, ordering, ...filter } as ListParams<string>;
  const list = useResourceList(def, query);
  const headingId = `related-${def.ns.replace(/\W/g, '-')}`;
  let body: ReactNode;
  if (list.isPending) body = <Skeleton h={120} />;
  else if (list.isError) body = <Text c="red">{errorMessageOf(list.error)}</Text>;
  else if (list.data.results.length === 0)
    body = (
      <Text c="dimmed" size="sm">
        {empty}
      </Text>
    );
  else {
    body = (
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="xs" aria-labelledby={headingId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('one')}</Table.Th>
              {columns.map((column) => (
                <Table.Th key={column.id} ta={column.align}>
                  {t(`fields.${column.id}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.results.map((record) => (
              <Table.Tr key={def.keyOf(record)}>
                <Table.Td>
                  <Anchor component={Link} to={`${def.route}/${def.keyOf(record)}`} size="sm">
                    {def.titleOf(record)}
                  </Anchor>
                </Table.Td>
                {columns.map((column) => (
                  <Table.Td key={column.id} ta={column.align}>
                    {column.cell(record, t)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} size="h4" mb="md" id={headingId}>
        {title}
        {list.data ? (
          <Text span c="dimmed" size="sm" ml="xs">
            ({list.data.count})
          </Text>
        ) : null}
      </Title>
      {body}
    </Paper>
  );
}
