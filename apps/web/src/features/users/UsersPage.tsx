import type { UserRecord } from '@ledgerdesk/contracts';
import { Avatar, Badge, Button, Group, Menu, Select, Text, Tooltip } from '@mantine/core';
import {
  IconHistory,
  IconMailForward,
  IconPencil,
  IconPlus,
  IconShieldOff,
  IconUserCheck,
  IconUserOff,
} from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
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
import { ClearFiltersButton } from '../../resources/ResourceFilters';
import { actionsColumn, DeleteMenuItem } from '../../resources/ResourceTable';
import {
  useDeleteUser,
  useGroupOptions,
  useResetTwoStep,
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
/** Only the flag: the fields left out keep their stored values, whatever changed since the list loaded. */
function withActive(user: UserRecord, isActive: boolean) {
  return { id: user.id, isActive };
}

/** Only an administrator touches an administrator (the server refuses anyone else). */
function mayManageUser(user: UserRecord, mayManage: boolean, myRole: string | undefined) {
  return mayManage && (myRole === 'admin' || !user.isAdmin);
}

const column = createColumnHelper<UserRecord>();

export function UsersPage() {
  const { t } = useTranslation('users');
  usePageTitle(t('title'));
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
  const [toResetTwoStep, setToResetTwoStep] = useState<UserRecord | null>(null);
  const update = useUpdateUser();
  const resetTwoStep = useResetTwoStep();
  const remove = useDeleteUser();
  const sendReset = useSendPasswordResetMail();

  const columns = useMemo(() => {
    const base = [
      column.accessor((user) => fullName(user), {
        id: 'firstName',
        header: t('columns.name'),
        enableSorting: true,
        meta: { grow: true },
        cell: ({ row }) => (
          <Group gap="sm" wrap="nowrap">
            <Avatar
              size={26}
              radius="xl"
              color={row.original.isActive ? 'blue' : 'gray'}
              src={row.original.avatarUrl}
              aria-hidden="true"
            >
              {initials(row.original)}
            </Avatar>
            <Text span size="sm" fw={600}>
              {fullName(row.original)}
            </Text>
          </Group>
        ),
      }),
      column.accessor('email', {
        header: t('common:fields.email'),
        enableSorting: true,
        meta: { truncate: 220 },
      }),
      column.accessor('username', {
        header: t('common:fields.username'),
        enableSorting: true,
        meta: { truncate: 160, priority: 3 },
      }),
      column.accessor('groups', {
        header: t('fields.groups'),
        meta: { truncate: 220, priority: 2 },
        cell: ({ getValue }) => {
          const groups = getValue();
          if (groups.length === 0)
            return (
              <Text size="sm" c="dimmed">
                —
              </Text>
            );
          return (
            <Group gap={4} wrap="nowrap">
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
        header: t('columns.active'),
        cell: ({ getValue }) =>
          getValue() ? (
            <Badge color="teal" c="teal.9" bg="teal.0" variant="light">
              {t('status.active')}
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              {t('status.inactive')}
            </Badge>
          ),
      }),
      column.accessor('isAdmin', {
        header: t('columns.admin'),
        meta: { priority: 2 },
        cell: ({ getValue }) =>
          getValue() ? (
            <Badge color="blue" variant="light">
              {t('columns.admin')}
            </Badge>
          ) : (
            <Text size="sm" c="dimmed">
              {t('common:words.no')}
            </Text>
          ),
      }),
      column.accessor('twoStepEnabled', {
        header: t('columns.twoStep'),
        meta: { priority: 3 },
        cell: ({ getValue }) =>
          getValue() ? (
            <Badge color="teal" c="teal.9" bg="teal.0" variant="light">
              {t('twoStep.on')}
            </Badge>
          ) : (
            <Text size="sm" c="dimmed">
              {t('twoStep.off')}
            </Text>
          ),
      }),
      column.accessor('lastLogin', {
        header: t('columns.lastLogin'),
        enableSorting: true,
        cell: ({ getValue }) => {
          const value = getValue();
          if (!value)
            return (
              <Text size="sm" c="dimmed">
                {t('columns.never')}
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
      actionsColumn<UserRecord>(
        t,
        (user) => user.email,
        (user) => {
          const self = user.id === me?.id;
          const manages = mayManageUser(user, mayManage, me?.role);
          return (
            <>
              {manages ? (
                <>
                  <Menu.Item
                    leftSection={<IconPencil size={16} aria-hidden="true" />}
                    onClick={() => setForm({ opened: true, user })}
                  >
                    {t('common:actions.edit')}
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
                      {user.isActive ? t('actions.deactivate') : t('actions.activate')}
                    </Menu.Item>
                  )}
                  <Menu.Item
                    leftSection={<IconMailForward size={16} aria-hidden="true" />}
                    onClick={() => sendReset.mutate(user.id)}
                  >
                    {t('actions.sendReset')}
                  </Menu.Item>
                  {user.twoStepEnabled ? (
                    <Menu.Item
                      leftSection={<IconShieldOff size={16} aria-hidden="true" />}
                      onClick={() => setToResetTwoStep(user)}
                    >
                      {t('actions.resetTwoStep')}
                    </Menu.Item>
                  ) : null}
                </>
              ) : null}
              {mayAudit ? (
                <Menu.Item
                  leftSection={<IconHistory size={16} aria-hidden="true" />}
                  onClick={() => navigate(historyUrl(user.id))}
                >
                  {t('actions.history')}
                </Menu.Item>
              ) : null}
              {manages && !self ? (
                <>
                  <Menu.Divider />
                  <DeleteMenuItem onClick={() => setToDelete(user)} />
                </>
              ) : null}
            </>
          );
        },
        240,
      ),
    ];
  }, [mayManage, mayAudit, me?.id, me?.role, navigate, update.mutate, sendReset.mutate, t]);

  const toolbar = (
    <>
      <SearchInput placeholder={t('searchPlaceholder')} value={table.search} onChange={table.setSearch} />
      {groupOptions.data ? (
        <Select
          label={t('filters.group')}
          placeholder={t('filters.anyGroup')}
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
        label={t('filters.status')}
        placeholder={t('filters.anyStatus')}
        data={[
          { value: 'true', label: t('status.active') },
          { value: 'false', label: t('status.inactive') },
        ]}
        value={table.filters.isActive ?? null}
        onChange={(value) => table.setFilter('isActive', value)}
        clearable
        w={{ base: '100%', xs: 150 }}
      />
      <Select
        label={t('filters.role')}
        placeholder={t('filters.anyRole')}
        data={[
          { value: 'true', label: t('filters.administrators') },
          { value: 'false', label: t('filters.others') },
        ]}
        value={table.filters.isAdmin ?? null}
        onChange={(value) => table.setFilter('isAdmin', value)}
        clearable
        w={{ base: '100%', xs: 180 }}
      />
      <ClearFiltersButton table={table} />
    </>
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          mayManage ? (
            <Button
              leftSection={<IconPlus size={18} aria-hidden="true" />}
              onClick={() => setForm({ opened: true, user: null })}
            >
              {t('add')}
            </Button>
          ) : null
        }
      />

      <DataTable
        label={t('title')}
        columns={columns}
        data={users.data}
        state={table}
        fetching={users.isFetching}
        error={users.error}
        onRetry={() => void users.refetch()}
        emptyMessage={t('empty')}
        noun={[t('noun.one'), t('noun.many')]}
        getRowId={(user) => user.id}
        toolbar={toolbar}
        onRowClick={
          mayManage
            ? (user) => {
                if (mayManageUser(user, mayManage, me?.role)) setForm({ opened: true, user });
              }
            : undefined
        }
      />

      <UserFormModal
        opened={form.opened}
        user={form.user}
        onClose={() => setForm((current) => ({ ...current, opened: false }))}
      />

      <ConfirmDialog
        opened={toResetTwoStep !== null}
        title={t('twoStep.resetTitle')}
        confirmLabel={t('actions.resetTwoStep')}
        pending={resetTwoStep.isPending}
        onClose={() => setToResetTwoStep(null)}
        onConfirm={() => {
          if (!toResetTwoStep) return;
          resetTwoStep.mutate(toResetTwoStep.id, { onSettled: () => setToResetTwoStep(null) });
        }}
      >
        {toResetTwoStep ? t('twoStep.resetQuestion', { name: fullName(toResetTwoStep) }) : null}
      </ConfirmDialog>

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
            i18nKey="delete.question"
            values={{ name: fullName(toDelete), email: toDelete.email }}
            components={{ strong: <strong /> }}
          />
        ) : null}
      </ConfirmDialog>
    </>
  );
}

export { UsersPage as Component };
