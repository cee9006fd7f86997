import type { GroupRecord } from '@ledgerdesk/contracts';
import { ActionIcon, Badge, Button, Group, Menu, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconDots, IconHistory, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { SearchInput } from '../../components/SearchInput';
import { plural } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { useCan } from '../../lib/permissions';
import { useTableUrlState } from '../../lib/table-url-state';
import { useDeleteGroup, useGroups } from './api';
import { GroupFormModal, historyUrl } from './GroupFormModal';
import { permissionLabel } from './permission-areas';

const column = createColumnHelper<GroupRecord>();

export function GroupsPage() {
  usePageTitle('Groups');
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
        header: 'Name',
        enableSorting: true,
        cell: ({ getValue }) => (
          <Text size="sm" fw={600}>
            {getValue()}
          </Text>
        ),
      }),
      column.accessor('description', {
        header: 'Description',
        cell: ({ getValue }) =>
          getValue() ? (
            <Text size="sm" lineClamp={2} maw={420}>
              {getValue()}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              —
            </Text>
          ),
      }),
      column.accessor('permissions', {
        header: 'Permissions',
        cell: ({ getValue }) => {
          const granted = getValue();
          if (granted.length === 0)
            return (
              <Text size="sm" c="dimmed">
                None
              </Text>
            );
          return (
            <Tooltip label={granted.map(permissionLabel).join(', ')} multiline maw={280} withArrow>
              <Badge variant="light" color="teal" c="teal.9" bg="teal.0" tt="none" tabIndex={0}>
                {plural(granted.length, 'permission')}
              </Badge>
            </Tooltip>
          );
        },
      }),
      column.accessor('memberCount', {
        id: 'memberCount',
        header: 'Members',
        enableSorting: true,
        cell: ({ getValue }) => <Text size="sm">{plural(getValue(), 'member')}</Text>,
      }),
    ];
    if (!mayManage && !mayAudit) return base;
    return [
      ...base,
      column.display({
        id: 'actions',
        header: () => <VisuallyHidden>Actions</VisuallyHidden>,
        meta: { align: 'right', width: 56 },
        cell: ({ row }) => {
          const group = row.original;
          return (
            <Menu position="bottom-end" withinPortal shadow="md" width={200}>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${group.name}`}>
                  <IconDots size={18} aria-hidden="true" />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {mayManage ? (
                  <Menu.Item
                    leftSection={<IconPencil size={16} aria-hidden="true" />}
                    onClick={() => setForm({ opened: true, group })}
                  >
                    Edit
                  </Menu.Item>
                ) : null}
                {mayAudit ? (
                  <Menu.Item
                    leftSection={<IconHistory size={16} aria-hidden="true" />}
                    onClick={() => navigate(historyUrl(group.id))}
                  >
                    View history
                  </Menu.Item>
                ) : null}
                {mayManage ? (
                  <>
                    <Menu.Divider />
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} aria-hidden="true" />}
                      onClick={() => setToDelete(group)}
                    >
                      Delete
                    </Menu.Item>
                  </>
                ) : null}
              </Menu.Dropdown>
            </Menu>
          );
        },
      }),
    ];
  }, [mayManage, mayAudit, navigate]);

  return (
    <>
      <PageHeader
        title="Groups"
        description="Groups hold permissions; their members get them."
        breadcrumbs={[{ label: 'Dashboard', to: '/' }, { label: 'Administration' }, { label: 'Groups' }]}
        actions={
          mayManage ? (
            <Button
              leftSection={<IconPlus size={18} aria-hidden="true" />}
              onClick={() => setForm({ opened: true, group: null })}
            >
              Add group
            </Button>
          ) : null
        }
      />

      <DataTable
        label="Groups"
        columns={columns}
        data={groups.data}
        state={table}
        fetching={groups.isFetching}
        error={groups.error}
        onRetry={() => void groups.refetch()}
        emptyMessage="No groups found"
        noun={['group', 'groups']}
        getRowId={(group) => group.id}
        toolbar={
          <Group gap="sm" w="100%">
            <SearchInput placeholder="Name, description" value={table.search} onChange={table.setSearch} />
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
        title="Delete group"
        confirmLabel="Delete group"
        pending={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
        }}
      >
        {toDelete ? (
          <>
            Delete the group <strong>{toDelete.name}</strong>?{' '}
            {toDelete.memberCount > 0
              ? `${plural(toDelete.memberCount, 'membership')} will be removed: its members lose the permissions it gave them.`
              : 'It has no members.'}{' '}
            This cannot be undone.
          </>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

export { GroupsPage as Component };
