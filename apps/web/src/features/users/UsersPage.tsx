import type { UserRecord } from '@ledgerdesk/contracts';
import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Group,
  Menu,
  Select,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconDots,
  IconHistory,
  IconMailForward,
  IconPencil,
  IconPlus,
  IconTrash,
  IconUserCheck,
  IconUserOff,
} from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { SearchInput } from '../../components/SearchInput';
import { formatDateTime, formatRelative } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { useCan } from '../../lib/permissions';
import { useSessionUser } from '../../lib/session';
import { useTableUrlState } from '../../lib/table-url-state';
import {
  useDeleteUser,
  useGroupOptions,
  userFilters,
  useSendPasswordResetMail,
  useUpdateUser,
  useUsers,
} from './api';
import { historyUrl, UserFormModal } from './UserFormModal';

function fullName(user: UserRecord) {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
}

function initials(user: UserRecord) {
  return (
    [user.firstName, user.lastName]
      .map((part) => part.charAt(0))
      .join('')
      .toUpperCase() || user.username.slice(0, 2).toUpperCase()
  );
}

/** The PUT body that changes only whether the user is active. */
function withActive(user: UserRecord, isActive: boolean) {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    isActive,
    isAdmin: user.isAdmin,
    groupIds: user.groups.map((group) => group.id),
  };
}

const column = createColumnHelper<UserRecord>();

export function UsersPage() {
  usePageTitle('Users');
  const can = useCan();
  const navigate = useNavigate();
  const me = useSessionUser();
  const table = useTableUrlState({ filters: userFilters });
  const users = useUsers(table.query);
  const mayManage = can('users.manage');
  const mayAudit = can('audit.view');
  const groupOptions = useGroupOptions(can('groups.view'));

  const [form, setForm] = useState<{ opened: boolean; user: UserRecord | null }>({
    opened: false,
    user: null,
  });
  const [toDelete, setToDelete] = useState<UserRecord | null>(null);
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const sendReset = useSendPasswordResetMail();

  const columns = useMemo(() => {
    const base = [
      column.accessor((user) => fullName(user), {
        id: 'firstName',
        header: 'Name',
        enableSorting: true,
        cell: ({ row }) => (
          <Group gap="sm" wrap="nowrap">
            <Avatar size={32} radius="xl" color={row.original.isActive ? 'blue' : 'gray'} aria-hidden="true">
              {initials(row.original)}
            </Avatar>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {fullName(row.original)}
            </Text>
          </Group>
        ),
      }),
      column.accessor('email', { header: 'Email', enableSorting: true }),
      column.accessor('username', { header: 'Username', enableSorting: true }),
      column.accessor('groups', {
        header: 'Groups',
        cell: ({ getValue }) => {
          const groups = getValue();
          if (groups.length === 0)
            return (
              <Text size="sm" c="dimmed">
                —
              </Text>
            );
          return (
            <Group gap={4}>
              {groups.map((group) => (
                <Badge key={group.id} variant="light" color="grape" radius="sm" tt="none">
                  {group.name}
                </Badge>
              ))}
            </Group>
          );
        },
      }),
      column.accessor('isActive', {
        header: 'Active',
        cell: ({ getValue }) =>
          getValue() ? (
            <Badge color="teal" c="teal.9" bg="teal.0" variant="light">
              Active
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              Inactive
            </Badge>
          ),
      }),
      column.accessor('isAdmin', {
        header: 'Admin',
        cell: ({ getValue }) =>
          getValue() ? (
            <Badge color="blue" variant="light">
              Admin
            </Badge>
          ) : (
            <Text size="sm" c="dimmed">
              No
            </Text>
          ),
      }),
      column.accessor('lastLogin', {
        header: 'Last login',
        enableSorting: true,
        cell: ({ getValue }) => {
          const value = getValue();
          if (!value)
            return (
              <Text size="sm" c="dimmed">
                Never
              </Text>
            );
          return (
            <Tooltip label={formatDateTime(value)} withArrow>
              <Text size="sm" component="time" dateTime={value} style={{ whiteSpace: 'nowrap' }}>
                {formatRelative(value)}
              </Text>
            </Tooltip>
          );
        },
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
          const user = row.original;
          const self = user.id === me?.id;
          return (
            <Menu position="bottom-end" withinPortal shadow="md" width={240}>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${user.email}`}>
                  <IconDots size={18} aria-hidden="true" />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {mayManage ? (
                  <>
                    <Menu.Item
                      leftSection={<IconPencil size={16} aria-hidden="true" />}
                      onClick={() => setForm({ opened: true, user })}
                    >
                      Edit
                    </Menu.Item>
                    {self ? null : (
                      <Menu.Item
                        leftSection={
                          user.isActive ? (
                            <IconUserOff size={16} aria-hidden="true" />
                          ) : (
                            <IconUserCheck size={16} aria-hidden="true" />
                          )
                        }
                        onClick={() => update.mutate(withActive(user, !user.isActive))}
                      >
                        {user.isActive ? 'Deactivate' : 'Activate'}
                      </Menu.Item>
                    )}
                    <Menu.Item
                      leftSection={<IconMailForward size={16} aria-hidden="true" />}
                      onClick={() => sendReset.mutate(user.id)}
                    >
                      Send password reset mail
                    </Menu.Item>
                  </>
                ) : null}
                {mayAudit ? (
                  <Menu.Item
                    leftSection={<IconHistory size={16} aria-hidden="true" />}
                    onClick={() => navigate(historyUrl(user.id))}
                  >
                    View history
                  </Menu.Item>
                ) : null}
                {mayManage && !self ? (
                  <>
                    <Menu.Divider />
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} aria-hidden="true" />}
                      onClick={() => setToDelete(user)}
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
  }, [mayManage, mayAudit, me?.id, navigate, update.mutate, sendReset.mutate]);

  const filtered = Boolean(table.search || Object.keys(table.filters).length);

  const toolbar = (
    <>
      <SearchInput placeholder="Name, email, username" value={table.search} onChange={table.setSearch} />
      {groupOptions.data ? (
        <Select
          label="Group"
          placeholder="Any group"
          data={groupOptions.data}
          value={table.filters.group ?? null}
          onChange={(value) => table.setFilter('group', value)}
          clearable
          searchable
          w={{ base: '100%', xs: 180 }}
          comboboxProps={{ withinPortal: true }}
        />
      ) : null}
      <Select
        label="Status"
        placeholder="Any status"
        data={[
          { value: 'true', label: 'Active' },
          { value: 'false', label: 'Inactive' },
        ]}
        value={table.filters.isActive ?? null}
        onChange={(value) => table.setFilter('isActive', value)}
        clearable
        w={{ base: '100%', xs: 150 }}
      />
      <Select
        label="Role"
        placeholder="Any role"
        data={[
          { value: 'true', label: 'Administrators' },
          { value: 'false', label: 'Other users' },
        ]}
        value={table.filters.isAdmin ?? null}
        onChange={(value) => table.setFilter('isAdmin', value)}
        clearable
        w={{ base: '100%', xs: 180 }}
      />
      {filtered ? (
        <Button variant="subtle" onClick={table.clearFilters}>
          Clear filters
        </Button>
      ) : null}
    </>
  );

  return (
    <>
      <PageHeader
        title="Users"
        description="Who may sign in, their groups, and whether they administer Ledgerdesk."
        breadcrumbs={[{ label: 'Dashboard', to: '/' }, { label: 'Administration' }, { label: 'Users' }]}
        actions={
          mayManage ? (
            <Button
              leftSection={<IconPlus size={18} aria-hidden="true" />}
              onClick={() => setForm({ opened: true, user: null })}
            >
              Add user
            </Button>
          ) : null
        }
      />

      <DataTable
        label="Users"
        columns={columns}
        data={users.data}
        state={table}
        fetching={users.isFetching}
        error={users.error}
        onRetry={() => void users.refetch()}
        emptyMessage="No users found"
        noun={['user', 'users']}
        getRowId={(user) => user.id}
        toolbar={toolbar}
      />

      <UserFormModal
        opened={form.opened}
        user={form.user}
        onClose={() => setForm((current) => ({ ...current, opened: false }))}
      />

      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete user"
        confirmLabel="Delete user"
        pending={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
        }}
      >
        {toDelete ? (
          <>
            Delete <strong>{fullName(toDelete)}</strong> ({toDelete.email})? They lose access at once, and
            this cannot be undone. Their audit history is kept.
          </>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

export { UsersPage as Component };
