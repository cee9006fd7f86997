import { type GroupRecord, groupCreate, groupUpdate, type Permission } from '@ledgerdesk/contracts';
import {
  Anchor,
  Checkbox,
  Input,
  Modal,
  MultiSelect,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconHistory } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Controller, FormProvider, type SubmitHandler, useForm, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod/mini';
import { FormErrorAlert, FormFooter } from '../../components/FormFooter';
import { StaleRecordNotice } from '../../components/StaleRecordNotice';
import { errorMessageOf } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form-errors';
import { useCan } from '../../lib/permissions';
import { useStaleRecord } from '../../lib/stale-record';
import { contractResolver } from '../../lib/validation';
import { type UserOption, useCreateGroup, userOptionOf, useUpdateGroup, useUserOptions } from './api';
import classes from './groups.module.css';
import { areaLabel, levelLabel, permissionAreas, permissionLabel } from './permission-areas';

export function historyUrl(groupId: string) {
  return `/admin/audit?entity=group&entityKey=${encodeURIComponent(groupId)}`;
}

/** The permissions as a grid: one row per area, a checkbox per level (view, manage). */
function PermissionGrid({
  value,
  onChange,
}: {
  value: Permission[];
  onChange: (value: Permission[]) => void;
}) {
  const { t } = useTranslation('groups');
  // Nobody grants what they do not hold (the server refuses it): those stay unticked, but may be removed.
  const can = useCan();
  const mayGrantAll = permissionAreas.every((area) => area.permissions.every((p) => can(p.permission)));
  const toggle = (permission: Permission, checked: boolean) => {
    const next = new Set(value);
    if (checked) {
      next.add(permission);
      // Managing an area without seeing it makes no sense: manage brings view along.
      const view = permission.replace(/\.manage$/, '.view') as Permission;
      if (permission.endsWith('.manage') && can(view)) next.add(view);
    } else next.delete(permission);
    onChange([...next]);
  };
  const levels = [...new Set(permissionAreas.flatMap((area) => area.permissions.map((p) => p.level)))];

  return (
    <fieldset className={classes.fieldset}>
      <Input.Label component="legend" mb={4}>
        {t('fields.permissions')}
      </Input.Label>
      {mayGrantAll ? null : <Input.Description mb={6}>{t('fields.grantOnlyHeld')}</Input.Description>}
      <Paper withBorder radius="md">
        <Table verticalSpacing={6} horizontalSpacing="md">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('fields.area')}</Table.Th>
              {levels.map((level) => (
                <Table.Th key={level} scope="col" ta="center" w={90}>
                  {levelLabel(level)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {permissionAreas.map((area) => (
              <Table.Tr key={area.area}>
                <Table.Th scope="row" fw={500}>
                  {areaLabel(area.area)}
                </Table.Th>
                {levels.map((level) => {
                  const entry = area.permissions.find((p) => p.level === level);
                  return (
                    <Table.Td key={level} ta="center">
                      {entry ? (
                        <Checkbox
                          aria-label={permissionLabel(entry.permission)}
                          checked={value.includes(entry.permission)}
                          disabled={!value.includes(entry.permission) && !can(entry.permission)}
                          onChange={(event) => toggle(entry.permission, event.currentTarget.checked)}
                          styles={{ body: { justifyContent: 'center' } }}
                        />
                      ) : (
                        <Text size="xs" c="dimmed" aria-hidden="true">
                          —
                        </Text>
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </fieldset>
  );
}

/** Members picked from the users the server finds for what is typed. */
function MembersField({ initial }: { initial: UserOption[] }) {
  const { t } = useTranslation('groups');
  const { control } = useFormContext<GroupFieldValues>();
  const can = useCan();
  const mayListUsers = can('users.view');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const found = useUserOptions(debounced, mayListUsers);
  // Labels of every user seen so far, so chosen members keep their names when the results change.
  const [known, setKnown] = useState(() => new Map(initial.map((option) => [option.value, option])));
  const data = useMemo(() => {
    const merged = new Map(known);
    for (const option of found.data ?? []) merged.set(option.value, option);
    return [...merged.values()];
  }, [known, found.data]);

  return (
    <Controller
      control={control}
      name="memberIds"
      render={({ field, fieldState }) => (
        <MultiSelect
          label={t('fields.members')}
          description={mayListUsers ? t('fields.membersHint') : undefined}
          placeholder={field.value?.length ? undefined : t('fields.noMembers')}
          data={data}
          value={field.value ?? []}
          onChange={(ids) => {
            setKnown((current) => {
              const next = new Map(current);
              for (const id of ids) {
                const option = data.find((candidate) => candidate.value === id);
                if (option) next.set(id, option);
              }
              return next;
            });
            field.onChange(ids);
          }}
          onBlur={field.onBlur}
          ref={field.ref}
          searchable={mayListUsers}
          searchValue={search}
          onSearchChange={setSearch}
          // The server has filtered already.
          filter={({ options }) => options}
          nothingFoundMessage={found.isFetching ? t('fields.searching') : t('fields.noUserFound')}
          error={fieldState.error?.message}
          clearable
          maxDropdownHeight={260}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );
}

/** The fields the add and the edit form share (the contract's update body without its id). */
type GroupFieldValues = Omit<z.input<typeof groupUpdate>, 'id' | 'version'>;
const fields = ['name', 'description', 'requireTwoStep', 'permissions', 'memberIds'] as const;

function GroupFields({ initialMembers }: { initialMembers: UserOption[] }) {
  const { t } = useTranslation('groups');
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<GroupFieldValues>();
  return (
    <>
      <TextInput
        {...register('name')}
        label={t('fields.name')}
        error={errors.name?.message}
        withAsterisk
        data-autofocus
      />
      <Textarea
        {...register('description')}
        label={t('fields.description')}
        autosize
        minRows={2}
        maxRows={5}
        error={errors.description?.message}
      />
      <Checkbox
        {...register('requireTwoStep')}
        label={t('fields.requireTwoStep')}
        description={t('fields.requireTwoStepHint')}
      />
      <Controller
        control={control}
        name="permissions"
        render={({ field, fieldState }) => (
          <Stack gap={4}>
            <PermissionGrid value={field.value ?? []} onChange={field.onChange} />
            {fieldState.error ? (
              <Text size="xs" c="red.8">
                {fieldState.error.message}
              </Text>
            ) : null}
          </Stack>
        )}
      />
      <MembersField initial={initialMembers} />
    </>
  );
}

function CreateGroupForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('groups');
  const create = useCreateGroup();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<z.input<typeof groupCreate>, unknown, z.output<typeof groupCreate>>({
    resolver: contractResolver(groupCreate),
    defaultValues: { name: '', description: '', requireTwoStep: false, permissions: [], memberIds: [] },
  });
  const onSubmit: SubmitHandler<z.output<typeof groupCreate>> = async (values) => {
    setServerError(null);
    try {
      await create.mutateAsync(values);
      onClose();
    } catch (error) {
      setServerError(errorMessageOf(error));
      applyFieldErrors(error, form.setError, fields);
    }
  };
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <Stack gap="md">
          <FormErrorAlert message={serverError} />
          <GroupFields initialMembers={[]} />
          <FormFooter onCancel={onClose} pending={create.isPending} label={t('add')} />
        </Stack>
      </form>
    </FormProvider>
  );
}

/** The group as loaded; Reload (after a stale save) starts a new form on the stored group. */
function EditGroupForm({ group, onClose }: { group: GroupRecord; onClose: () => void }) {
  const [loaded, setLoaded] = useState(group);
  return <EditLoadedGroupForm key={loaded.version} group={loaded} onClose={onClose} reload={setLoaded} />;
}

function EditLoadedGroupForm({
  group,
  onClose,
  reload,
}: {
  group: GroupRecord;
  onClose: () => void;
  reload: (current: GroupRecord) => void;
}) {
  const { t } = useTranslation('groups');
  const update = useUpdateGroup();
  const can = useCan();
  const [serverError, setServerError] = useState<string | null>(null);
  const stale = useStaleRecord<GroupRecord>();
  const form = useForm<z.input<typeof groupUpdate>, unknown, z.output<typeof groupUpdate>>({
    resolver: contractResolver(groupUpdate),
    defaultValues: {
      id: group.id,
      // Sent back: a save over someone else's change is refused instead of undoing it.
      version: group.version,
      name: group.name,
      description: group.description,
      requireTwoStep: group.requireTwoStep,
      permissions: group.permissions,
      memberIds: group.members.map((member) => member.id),
    },
  });
  const onSubmit: SubmitHandler<z.output<typeof groupUpdate>> = async (values) => {
    setServerError(null);
    try {
      await update.mutateAsync(values);
      onClose();
    } catch (error) {
      if (stale.caught(error)) return;
      setServerError(errorMessageOf(error));
      applyFieldErrors(error, form.setError, fields);
    }
  };
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <Stack gap="md">
          <FormErrorAlert message={serverError} />
          <StaleRecordNotice
            open={stale.current !== null}
            pending={update.isPending}
            onReload={() => {
              if (stale.current) reload(stale.current);
              stale.clear();
            }}
            onOverwrite={() => {
              if (stale.current) form.setValue('version', stale.current.version);
              stale.clear();
              void form.handleSubmit(onSubmit)();
            }}
          />
          <GroupFields initialMembers={group.members.map(userOptionOf)} />
          {can('audit.view') ? (
            <Anchor component={Link} to={historyUrl(group.id)} size="sm" onClick={onClose}>
              <IconHistory size={14} aria-hidden="true" style={{ verticalAlign: '-2px' }} /> View this group's
              history in the audit log
            </Anchor>
          ) : null}
          <FormFooter onCancel={onClose} pending={update.isPending} label={t('common:actions.saveChanges')} />
        </Stack>
      </form>
    </FormProvider>
  );
}

interface GroupFormModalProps {
  opened: boolean;
  /** The group to edit; none to add one. */
  group: GroupRecord | null;
  onClose: () => void;
}

/** Add a group, or edit one (PUT with the id in the body). */
export function GroupFormModal({ opened, group, onClose }: GroupFormModalProps) {
  const { t } = useTranslation('groups');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={group ? t('editTitle', { name: group.name }) : t('add')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {opened ? (
        group ? (
          <EditGroupForm key={group.id} group={group} onClose={onClose} />
        ) : (
          <CreateGroupForm onClose={onClose} />
        )
      ) : null}
    </Modal>
  );
}
