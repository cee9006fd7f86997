import type { GroupRecord } from '@ledgerdesk/contracts';
import { Badge, Button, Group, Menu, Text, Tooltip } from '@mantine/core';
import { IconHistory, IconPencil, IconPlus } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { SearchInput } from '../../components/SearchInput';
import { usePageTitle } from '../../lib/page-title';
import { useCan } from '../../lib/permissions';
import { useTableUrlState } from '../../lib/table-url-state';
import { actionsColumn, DeleteMenuItem } from '../../resources/ResourceTable';
import { useDeleteGroup, useGroups } from './api';
import { GroupFormModal, historyUrl } from './GroupFormModal';
import { permissionLabel } from './permission-areas';

const column = createColumnHelper<GroupRecord>();

export function GroupsPage() {
  const { t } = useTranslation('groups');
  usePageTitle(t('title'));
  const can = useCan();
  const navigate = useNavigate();
  const table = useTableUrlState();
  const groups = useGroups(table.query);
  const mayManage = can('groups.manage');
  const mayAudit = can('audit.view');

  const [form, setForm] = useState<{ opened: boolean; group: GroupRecord | null }>({
    opened: false,
    group: null,
  });
  const [toDelete, setToDelete] = useState<GroupRecord | null>(null);
  const remove = useDeleteGroup();

  const columns = useMemo(() => {
    const base = [
      column.accessor('name', {
        header: t('fields.name'),
        enableSorting: true,
        cell: ({ getValue, row }) => (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600}>
              {getValue()}
            </Text>
            {row.original.requireTwoStep ? (
              <Badge size="sm" variant="light" color="orange" tt="none">
                {t('twoStepRequired')}
              </Badge>
            ) : null}
          </Group>
        ),
      }),
      column.accessor('description', {
        header: t('fields.description'),
        meta: { grow: true },
        cell: ({ getValue }) =>
          getValue() ? (
            <Text span size="sm">
              {getValue()}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              —
            </Text>
          ),
      }),
      column.accessor('permissions', {
        header: t('fields.permissions'),
        cell: ({ getValue }) => {
          const granted = getValue();
          if (granted.length === 0)
            return (
              <Text size="sm" c="dimmed">
                {t('common:words.none')}
              </Text>
            );
          return (
            <Tooltip label={granted.map(permissionLabel).join(', ')} multiline maw={280} withArrow>
              <Badge variant="light" color="teal" c="teal.9" bg="teal.0" tt="none" tabIndex={0}>
                {t('permissionCount', { count: granted.length })}
              </Badge>
            </Tooltip>
          );
        },
      }),
      column.accessor('memberCount', {
        id: 'memberCount',
        header: t('fields.members'),
        enableSorting: true,
        cell: ({ getValue }) => <Text size="sm">{t('memberCount', { count: getValue() })}</Text>,
      }),
    ];
    if (!mayManage && !mayAudit) return base;
    return [
      ...base,
      actionsColumn<GroupRecord>(
        t,
        (group) => group.name,
        (group) => (
          <>
            {mayManage ? (
              <Menu.Item
                leftSection={<IconPencil size={16} aria-hidden="true" />}
                onClick={() => setForm({ opened: true, group })}
              >
                {t('common:actions.edit')}
              </Menu.Item>
            ) : null}
            {mayAudit ? (
              <Menu.Item
                leftSection={<IconHistory size={16} aria-hidden="true" />}
                onClick={() => navigate(historyUrl(group.id))}
              >
                {t('history')}
              </Menu.Item>
            ) : null}
            {mayManage ? (
              <>
                <Menu.Divider />
                <DeleteMenuItem onClick={() => setToDelete(group)} />
              </>
            ) : null}
          </>
        ),
      ),
    ];
  }, [mayManage, mayAudit, navigate, t]);

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          mayManage ? (
            <Button
              leftSection={<IconPlus size={18} aria-hidden="true" />}
              onClick={() => setForm({ opened: true, group: null })}
            >
              {t('add')}
            </Button>
          ) : null
        }
      />

      <DataTable
        label={t('title')}
        columns={columns}
        data={groups.data}
        state={table}
        fetching={groups.isFetching}
        error={groups.error}
        onRetry={() => void groups.refetch()}
        emptyMessage={t('empty')}
        noun={[t('noun.one'), t('noun.many')]}
        getRowId={(group) => group.id}
        toolbar={
          <Group gap="sm" w="100%">
            <SearchInput
              placeholder={t('searchPlaceholder')}
              value={table.search}
              onChange={table.setSearch}
            />
          </Group>
        }
        onRowClick={mayManage ? (group) => setForm({ opened: true, group }) : undefined}
      />

      <GroupFormModal
        opened={form.opened}
        group={form.group}
        onClose={() => setForm((current) => ({ ...current, opened: false }))}
      />

      <ConfirmDialog
        opened={toDelete !== null}
        title={t('delete.title')}
        confirmLabel={t('delete.title')}
        pending={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
        }}
      >
        {toDelete ? (
          <Trans
            t={t}
            i18nKey={toDelete.memberCount > 0 ? 'delete.question' : 'delete.questionEmpty'}
            values={{ name: toDelete.name }}
            count={toDelete.memberCount}
            components={{ strong: <strong /> }}
          />
        ) : null}
      </ConfirmDialog>
    </>
  );
}

export { GroupsPage as Component };
