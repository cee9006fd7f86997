import type { ApiKeyRecord } from '@ledgerdesk/contracts';
import { Button, Group, Menu } from '@mantine/core';
import { IconPencil, IconPlayerPause, IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../lib/page-title';
import { useCan } from '../../lib/permissions';
import { useTableUrlState } from '../../lib/table-url-state';
import { useResourceList, useResourceMutations } from '../../resources/api';
import { ResourceFilters } from '../../resources/ResourceFilters';
import { actionsColumn, DeleteMenuItem, ResourceTable, resourceColumns } from '../../resources/ResourceTable';
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

  const columns = useMemo(() => {
    const shown = resourceColumns(apiKeys.columns, t);
    if (!mayManage) return shown;
    const actions = actionsColumn<ApiKeyRecord>(t, apiKeys.titleOf, (key) => {
      const active = key.status === 'Active';
      return (
        <>
          <Menu.Item
            leftSection={
              active ? (
                <IconPlayerPause size={16} aria-hidden="true" />
              ) : (
                <IconPlayerPlay size={16} aria-hidden="true" />
              )
            }
            onClick={() => update.mutate({ key: key.id, values: { status: active ? 'Disable' : 'Active' } })}
          >
            {active ? t('actions.disable') : t('actions.enable')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconPencil size={16} aria-hidden="true" />}
            onClick={() => setEditing(key)}
          >
            {t('actions.edit')}
          </Menu.Item>
          <DeleteMenuItem onClick={() => setToDelete(key)} />
        </>
      );
    });
    return [...shown, actions];
  }, [mayManage, t, update]);

  return (
    <>
      <PageHeader
        title={title}
        actions={
          mayManage ? (
            <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setCreating(true)}>
              {t('create.open')}
            </Button>
          ) : null
        }
      />
      <ResourceTable
        def={apiKeys}
        table={table}
        list={list}
        columns={columns}
        toolbar={
          <Group gap="sm" align="flex-end" wrap="wrap">
            <ResourceFilters def={apiKeys} table={table} />
          </Group>
        }
      />
      <CreateKeyDialog opened={creating} onClose={() => setCreating(false)} />
      {editing ? <EditKeyDialog apiKey={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDelete
        record={toDelete}
        entity={t('one')}
        nameOf={apiKeys.titleOf}
        question={(key) => t('deleteQuestion', { name: key.name })}
        pending={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={(key) => remove.mutate(key.id, { onSettled: () => setToDelete(null) })}
      />
    </>
  );
}
