import { type UserRecord, type UserUpdate, userCreate, userUpdate } from '@ledgerdesk/contracts';
import {
  Anchor,
  Flex,
  Modal,
  MultiSelect,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, FormProvider, type SubmitHandler, useForm, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod/mini';
import { FormErrorAlert, FormFooter } from '../../components/FormFooter';
import { NewPasswordInput } from '../../components/PasswordRules';
import { StaleRecordNotice } from '../../components/StaleRecordNotice';
import { errorMessageOf } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form-errors';
import { useCan } from '../../lib/permissions';
import { useSessionUser } from '../../lib/session';
import { useStaleRecord } from '../../lib/stale-record';
import { contractResolver } from '../../lib/validation';
import { useCreateUser, useGroupOptions, useUpdateUser } from './api';

/** The fields the add and the edit form share (the contract's update body without its id). */
type UserFieldValues = Omit<UserUpdate, 'id' | 'version'>;

const sharedFields = [
  'email',
  'username',
  'firstName',
  'lastName',
  'isActive',
  'isAdmin',
  'groupIds',
] as const;

export function historyUrl(userId: string) {
  return `/admin/audit?entity=user&entityKey=${encodeURIComponent(userId)}`;
}

function UserFields({ autoFocus, isSelf = false }: { autoFocus: boolean; isSelf?: boolean }) {
  const { t } = useTranslation('users');
  const can = useCan();
  const user = useSessionUser();
  // The server refuses these anyway: only an administrator changes who is one, and no one their own rights.
  const mayChangeAdmin = user?.role === 'admin' && !isSelf;
  const mayListGroups = can('groups.view');
  const groupOptions = useGroupOptions(mayListGroups);
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<UserFieldValues>();

  return (
    <>
      <TextInput
        {...register('email')}
        label={t('common:fields.email')}
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        withAsterisk
        data-autofocus={autoFocus || undefined}
      />
      <TextInput
        {...register('username')}
        label={t('common:fields.username')}
        autoComplete="off"
        error={errors.username?.message}
        withAsterisk
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          {...register('firstName')}
          label={t('common:fields.firstName')}
          error={errors.firstName?.message}
          withAsterisk
        />
        <TextInput
          {...register('lastName')}
          label={t('common:fields.lastName')}
          error={errors.lastName?.message}
        />
      </SimpleGrid>
      {mayListGroups ? (
        <Controller
          control={control}
          name="groupIds"
          render={({ field, fieldState }) => (
            <MultiSelect
              label={t('fields.groups')}
              placeholder={field.value?.length ? undefined : t('fields.noGroup')}
              data={groupOptions.data ?? []}
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={
                fieldState.error?.message ?? (groupOptions.isError ? t('fields.groupsFailed') : undefined)
              }
              searchable
              clearable
              disabled={isSelf}
              description={isSelf ? t('fields.ownRights') : undefined}
              nothingFoundMessage={t('fields.noGroupFound')}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
      ) : null}
      <Flex wrap="wrap" columnGap="xl" rowGap="sm">
        <Controller
          control={control}
          name="isActive"
          render={({ field }) => (
            <Switch
              label={t('fields.active')}
              checked={field.value ?? true}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
        <Controller
          control={control}
          name="isAdmin"
          render={({ field }) => (
            <Switch
              label={t('fields.admin')}
              disabled={!mayChangeAdmin}
              checked={field.value ?? false}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
      </Flex>
    </>
  );
}

type CreateInput = z.input<typeof userCreate>;
type CreateOutput = z.output<typeof userCreate>;

function CreateUserForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('users');
  const create = useCreateUser();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<CreateInput, unknown, CreateOutput>({
    resolver: contractResolver(userCreate),
    defaultValues: {
      email: '',
      username: '',
      firstName: '',
      lastName: '',
      isActive: true,
      isAdmin: false,
      groupIds: [],
      password: '',
      sendPasswordMail: false,
    },
  });
  const {
    register,
    control,
    setValue,
    clearErrors,
    setError,
    watch,
    formState: { errors },
  } = form;
  const sendMail = watch('sendPasswordMail');

  const onSubmit: SubmitHandler<CreateOutput> = async (values) => {
    setServerError(null);
    try {
      await create.mutateAsync(values);
      onClose();
    } catch (error) {
      setServerError(errorMessageOf(error));
      applyFieldErrors(error, setError, [...sharedFields, 'password']);
    }
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <Stack gap="md">
          <FormErrorAlert message={serverError} />
          <UserFields autoFocus />
          <Controller
            control={control}
            name="sendPasswordMail"
            render={({ field }) => (
              <Radio.Group
                label={t('common:fields.password')}
                value={field.value ? 'mail' : 'password'}
                onChange={(value) => {
                  const mail = value === 'mail';
                  field.onChange(mail);
                  setValue('password', mail ? undefined : '');
                  clearErrors('password');
                }}
              >
                <Stack gap={8} mt={6}>
                  <Radio value="password" label={t('fields.setPassword')} />
                  <Radio value="mail" label={t('fields.sendMail')} description={t('fields.sendMailHint')} />
                </Stack>
              </Radio.Group>
            )}
          />
          {sendMail ? null : (
            <NewPasswordInput
              {...register('password')}
              label={t('fields.initialPassword')}
              error={errors.password?.message}
              withAsterisk
            />
          )}
          <FormFooter onCancel={onClose} pending={create.isPending} label={t('add')} />
        </Stack>
      </form>
    </FormProvider>
  );
}

type UpdateInput = z.input<typeof userUpdate>;
type UpdateOutput = z.output<typeof userUpdate>;

/** The edit form's values: the record as loaded, with the version it had (sent back on save). */
const editValuesOf = (user: UserRecord): UpdateInput => ({
  id: user.id,
  version: user.version,
  email: user.email,
  username: user.username,
  firstName: user.firstName,
  lastName: user.lastName,
  isActive: user.isActive,
  isAdmin: user.isAdmin,
  groupIds: user.groups.map((group) => group.id),
});

function EditUserForm({ user, onClose }: { user: UserRecord; onClose: () => void }) {
  const { t } = useTranslation('users');
  const update = useUpdateUser();
  const can = useCan();
  const isSelf = useSessionUser()?.id === user.id;
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<UpdateInput, unknown, UpdateOutput>({
    resolver: contractResolver(userUpdate),
    defaultValues: editValuesOf(user),
  });
  const stale = useStaleRecord<UserRecord>();

  const onSubmit: SubmitHandler<UpdateOutput> = async (values) => {
    setServerError(null);
    try {
      await update.mutateAsync(values);
      onClose();
    } catch (error) {
      if (stale.caught(error)) return;
      setServerError(errorMessageOf(error));
      applyFieldErrors(error, form.setError, sharedFields);
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
              if (stale.current) form.reset(editValuesOf(stale.current));
              stale.clear();
            }}
            onOverwrite={() => {
              if (stale.current) form.setValue('version', stale.current.version);
              stale.clear();
              void form.handleSubmit(onSubmit)();
            }}
          />
          <UserFields autoFocus isSelf={isSelf} />
          <Text size="sm" c="dimmed">
            {user.twoStepEnabled ? t('twoStep.statusOn') : t('twoStep.statusOff')}
          </Text>
          {can('audit.view') ? (
            <Anchor component={Link} to={historyUrl(user.id)} size="sm" onClick={onClose}>
              <IconHistory size={14} aria-hidden="true" style={{ verticalAlign: '-2px' }} /> View this user's
              history in the audit log
            </Anchor>
          ) : null}
          <FormFooter onCancel={onClose} pending={update.isPending} label={t('common:actions.saveChanges')} />
        </Stack>
      </form>
    </FormProvider>
  );
}

interface UserFormModalProps {
  opened: boolean;
  /** The user to edit; none to add one. */
  user: UserRecord | null;
  onClose: () => void;
}

/** Add a user, or edit one (PUT with the id in the body). */
export function UserFormModal({ opened, user, onClose }: UserFormModalProps) {
  const { t } = useTranslation('users');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={user ? t('editTitle', { email: user.email }) : t('add')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {/* A new form for each opening: no values or errors left from the last one. */}
      {opened ? (
        user ? (
          <EditUserForm key={user.id} user={user} onClose={onClose} />
        ) : (
          <CreateUserForm onClose={onClose} />
        )
      ) : null}
    </Modal>
  );
}
