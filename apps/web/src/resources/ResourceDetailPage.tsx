import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDelete } from '../components/ConfirmDialog';
import { PageHeader } from '../components/PageHeader';
import { errorMessageOf } from '../lib/api';
import { usePageTitle } from '../lib/page-title';
import { useCan } from '../lib/permissions';
import { useResourceMutations, useResourceRecord } from './api';
import { CellValue } from './cells';
import type { ResourceDefinition } from './types';

interface ResourceDetailPageProps<Rec, Values> {
  def: ResourceDefinition<Rec, Values>;
  /** Sections below the fields (an area's own: order lines, a reply thread...). */
  children?: (record: Rec) => ReactNode;
  /** More buttons beside Edit and Delete. */
  actions?: (record: Rec) => ReactNode;
}

/** `<route>/:id`: one record's fields, with Edit and Delete for those who may change it. */
export function ResourceDetailPage<Rec, Values>({
  def,
  children,
  actions,
}: ResourceDetailPageProps<Rec, Values>) {
  const { id } = useParams();
  const navigate = useNavigate();
  const can = useCan();
  const { t } = useTranslation([def.ns, 'common']);
  const record = useResourceRecord(def, id);
  const { remove } = useResourceMutations(def);
  const [confirming, setConfirming] = useState(false);
  const name = record.data ? def.titleOf(record.data) : '';
  usePageTitle(name || t('one'));
  const mayManage = can(`${def.area}.manage`);
  const fields =
    def.detail ?? def.columns.map((column) => ({ id: column.id, value: column.cell, wide: false }));

  if (record.isPending) return <Skeleton h={320} radius="md" />;
  if (record.isError) {
    return (
      <Alert color="red" role="alert" title={t('title')}>
        {errorMessageOf(record.error)}
      </Alert>
    );
  }
  const data = record.data;

  return (
    <>
      <PageHeader
        title={name}
        record={name}
        actions={
          <Group gap="sm">
            {actions?.(data)}
            {mayManage ? (
              <>
                <Button
                  component={Link}
                  to={`${def.route}/${id}/edit`}
                  leftSection={<IconPencil size={16} aria-hidden="true" />}
                >
                  {t('common:resource.edit')}
                </Button>
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconTrash size={16} aria-hidden="true" />}
                  onClick={() => setConfirming(true)}
                >
                  {t('common:resource.delete')}
                </Button>
              </>
            ) : null}
          </Group>
        }
      />
      <Stack gap="lg">
        <Paper withBorder p="lg" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" verticalSpacing="md" component="dl" m={0}>
            {fields.map((field) => (
              <div key={field.id} style={field.wide ? { gridColumn: '1 / -1' } : undefined}>
                <Text component="dt" size="xs" tt="uppercase" fw={600} c="dimmed">
                  {t(`fields.${field.id}`)}
                </Text>
                <Text component="dd" size="sm" m={0} mt={4}>
                  {field.value ? (
                    field.value(data, t)
                  ) : (
                    <CellValue value={(data as Record<string, unknown>)[field.id]} />
                  )}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Paper>
        {children?.(data)}
      </Stack>
      <ConfirmDelete
        record={confirming ? data : null}
        entity={t('one')}
        nameOf={def.titleOf}
        pending={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(id ?? '', {
            onSuccess: () => navigate(def.route, { replace: true }),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </>
  );
}
