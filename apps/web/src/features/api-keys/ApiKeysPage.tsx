import type { ApiKeyRecord } from '@ledgerdesk/contracts';
import { ActionIcon, Button, Group, Menu, Select, VisuallyHidden } from '@mantine/core';
import {
  IconDots,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { SearchInput } from '../../components/SearchInput';
import { usePageTitle } from '../../lib/page-title';
import { useCan } from '../../lib/permissions';
import { useTableUrlState } from '../../lib/table-url-state';
import { useResourceList, useResourceMutations } from '../../resources/api';
import { CellValue } from '../../resources/cells';
import { valueLabel } from '../../resources/ResourceForm';
import { CreateKeyDialog } from './CreateKeyDialog';
import { apiKeys } from './definition';
import { EditKeyDialog } from './EditKeyDialog';

/**
 * `/apps/api-keys`: your keys (an administrator's: everyone's) — create one (its secret is shown
 * once), disable or enable it, rename it or change its expiry, delete it.
 */
export function ApiKeysPage() {
  const { t } = useTranslation(['api-keys', 'common']);
  const title = t('title');
  usePageTitle(title);
  const can = useCan();
  const mayManage = can('apiKeys.manage');
  const table = useTableUrlState<string>({ filters: ['status'] });
  const list = useResourceList(apiKeys, table.query);
  const { update, remove } = useResourceMutations(apiKeys);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ApiKeyRecord | null>(null);
  const [toDelete, setToDelete] = useState<ApiKeyRecord | null>(null);

  const columns = useMemo<ColumnDef<ApiKeyRecord, unknown>[]>(() => {
    const shown = apiKeys.columns.map<ColumnDef<ApiKeyRecord, unknown>>((column) => ({
      id: column.id,
      header: t(`fields.${column.id}`),
      enableSorting: Boolean(column.sortable),
      cell: ({ row }) =>
        column.cell ? (
          column.cell(row.original, t)
        ) : (
          <CellValue value={row.original[column.id as keyof ApiKeyRecord]} />
        ),
    }));
    if (!mayManage) return shown;
    const actions: ColumnDef<ApiKeyRecord, unknown> = {
      id: 'actions',
      header: () => <VisuallyHidden>{t('common:resource.actions')}</VisuallyHidden>,
      meta: { align: 'right', width: 56 },
      cell: ({ row }) => {
        const key = row.original;
        const active = key.status === 'Active';
        return (
          <Menu position="bottom-end" withinPortal shadow="md" width={200}>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('common:resource.actionsFor', { name: key.name })}
              >
                <IconDots size={18} aria-hidden="true" />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={
                  active ? (
                    <IconPlayerPause size={16} aria-hidden="true" />
                  ) : (
                    <IconPlayerPlay size={16} aria-hidden="true" />
                  )
                }
                onClick={() =>
                  update.mutate({ key: key.id, values: { status: active ? 'Disable' : 'Active' } })
                }
              >
                {active ? t('actions.disable') : t('actions.enable')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconPencil size={16} aria-hidden="true" />}
                onClick={() => setEditing(key)}
              >
                {t('actions.edit')}
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} aria-hidden="true" />}
                onClick={() => setToDelete(key)}
              >
                {t('common:resource.delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        );
      },
    };
    return [...shown, actions];
  }, [mayManage, t, update]);

  const filtered = Boolean(table.search) || Object.keys(table.filters).length > 0;
  const toolbar = (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SearchInput
        value={table.search}
        onChange={table.setSearch}
        label={t('common:resource.search')}
        placeholder={t('common:resource.searchPlaceholder', { many: t('many') })}
      />
      <Select
        label={t('fields.status')}
        placeholder={t('common:resource.any')}
        data={
          apiKeys.filters?.[0]?.options.map((value) => ({ value, label: valueLabel(t, 'status', value) })) ??
          []
        }
        value={table.filters.status ?? null}
        onChange={(value) => table.setFilter('status', value)}
        clearable
        w={180}
      />
    </Group>
  );

  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[{ label: t('common:resource.dashboard'), to: '/' }, { label: title }]}
        actions={
          mayManage ? (
            <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setCreating(true)}>
              {t('create.open')}
            </Button>
          ) : null
        }
      />
      <DataTable
        label={title}
        columns={columns}
        data={list.data}
        state={table}
        fetching={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyMessage={
          filtered
            ? t('common:resource.noMatch', { many: t('many') })
            : t('common:resource.empty', { many: t('many') })
        }
        noun={[t('one'), t('many')]}
        getRowId={apiKeys.keyOf}
        toolbar={toolbar}
      />
      <CreateKeyDialog opened={creating} onClose={() => setCreating(false)} />
      {editing ? <EditKeyDialog apiKey={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('common:resource.deleteTitle', { entity: t('one') })}
        confirmLabel={t('common:resource.delete')}
        pending={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
        }}
      >
        {t('deleteQuestion', { name: toDelete?.name ?? '' })}
      </ConfirmDialog>
    </>
  );
}
