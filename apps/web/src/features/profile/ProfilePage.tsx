import { type OwnSession, passwordChange, profileUpdate, type SessionUser } from '@ledgerdesk/contracts';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Divider,
  FileButton,
  Grid,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCamera, IconCircleCheck, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { PageHeader } from '../../components/PageHeader';
import { PasswordField } from '../../components/PasswordField';
import { NewPasswordInput } from '../../components/PasswordRules';
import { i18n } from '../../i18n';
import { errorMessageOf } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form-errors';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { useSessionUser } from '../../lib/session';
import { contractResolver } from '../../lib/validation';
import {
  useAvatar,
  useChangePassword,
  useOwnSessions,
  useRevokeOtherSessions,
  useRevokeSession,
  useUpdateProfile,
} from './api';
import { DeviceRow, LastTime } from './DeviceRow';
import { LinkedAccounts } from './linked-accounts/LinkedAccounts';
import { ErrorAlert, Section } from './Section';
import { TwoStepSections } from './TwoStepSections';

const AVATAR_TYPES = 'image/png,image/jpeg,image/webp,image/gif,image/avif';

function AccountCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation('profile');
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
  const initials =
    [user.firstName, user.lastName]
      .map((part) => part.charAt(0))
      .join('')
      .toUpperCase() || user.username.slice(0, 2).toUpperCase();
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack align="center" gap={6} ta="center">
        <Avatar size={96} radius={96} color="blue" src={user.avatarUrl} alt={t('avatar.alt', { name })}>
          {initials}
        </Avatar>
        <Text fw={700} fz="lg" mt="xs">
          {name}
        </Text>
        <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {user.email}
        </Text>
        <Badge variant="light" color={user.role === 'admin' ? 'blue' : 'gray'}>
          {t(`common:roles.${user.role}`)}
        </Badge>
        <AvatarButtons user={user} />
      </Stack>
      <Divider my="md" />
      <Text size="xs" c="dimmed" fw={700} tt="uppercase" mb={6}>
        {t('account.groups')}
      </Text>
      {user.groups.length ? (
        <Group gap={6}>
          {user.groups.map((group) => (
            <Badge key={group.id} variant="light" color="grape" radius="sm" tt="none">
              {group.name}
            </Badge>
          ))}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('account.noGroups')}
        </Text>
      )}
    </Card>
  );
}

/** Upload (or replace) and remove the user's picture: images only, shown cropped to a circle. */
function AvatarButtons({ user }: { user: SessionUser }) {
  const { t } = useTranslation('profile');
  const { upload, remove } = useAvatar(user.id);
  return (
    <Group gap="xs" justify="center">
      <FileButton onChange={(file) => file && upload.mutate(file)} accept={AVATAR_TYPES}>
        {(props) => (
          <Button
            {...props}
            size="compact-sm"
            variant="light"
            loading={upload.isPending}
            leftSection={<IconCamera size={14} aria-hidden="true" />}
          >
            {user.avatarUrl ? t('avatar.change') : t('avatar.upload')}
          </Button>
        )}
      </FileButton>
      {user.avatarUrl ? (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          loading={remove.isPending}
          onClick={() => remove.mutate()}
        >
          {t('avatar.remove')}
        </Button>
      ) : null}
    </Group>
  );
}

const profileFields = ['username', 'firstName', 'lastName'] as const;

function ProfileForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<z.input<typeof profileUpdate>, unknown, z.output<typeof profileUpdate>>({
    resolver: contractResolver(profileUpdate),
    defaultValues: { username: user.username, firstName: user.firstName, lastName: user.lastName },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const response = await update.mutateAsync(values);
      reset({
        username: response.data.username,
        firstName: response.data.firstName,
        lastName: response.data.lastName,
      });
    } catch (error) {
      setServerError(errorMessageOf(error));
      applyFieldErrors(error, setError, profileFields);
    }
  });

  return (
    <Section title={t('details.title')} description={t('details.description')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <ErrorAlert message={serverError} />
          <TextInput
            label={t('common:fields.email')}
            value={user.email}
            readOnly
            disabled
            description={t('details.emailHint')}
          />
          <TextInput
            {...register('username')}
            label={t('common:fields.username')}
            autoComplete="username"
            error={errors.username?.message}
            withAsterisk
          />
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <TextInput
                {...register('firstName')}
                label={t('common:fields.firstName')}
                autoComplete="given-name"
                error={errors.firstName?.message}
                withAsterisk
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <TextInput
                {...register('lastName')}
                label={t('common:fields.lastName')}
                autoComplete="family-name"
                error={errors.lastName?.message}
              />
            </Grid.Col>
          </Grid>
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={update.isPending || !isDirty}>
              {t('details.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

/** The change request plus the confirmation, which is checked here and not sent. */
const passwordForm = z.extend(passwordChange, { confirmPassword: z.string() }).check(
  z.refine((values) => values.newPassword === values.confirmPassword, {
    // Read when the check runs, so in the language shown then.
    error: () => i18n.t('common:fields.passwordsDiffer'),
    path: ['confirmPassword'],
  }),
);
const passwordFields = ['currentPassword', 'newPassword'] as const;

function PasswordForm() {
  const { t } = useTranslation('profile');
  const change = useChangePassword();
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof passwordForm>, unknown, z.output<typeof passwordForm>>({
    resolver: contractResolver(passwordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, ...body }) => {
    setServerError(null);
    setDone(null);
    try {
      const response = await change.mutateAsync(body);
      setDone(response.successMessage);
      reset();
    } catch (error) {
      setServerError(errorMessageOf(error));
      applyFieldErrors(error, setError, passwordFields);
    }
  });

  return (
    <Section title={t('password.title')} description={t('password.description')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <ErrorAlert message={serverError} />
          {done ? (
            <Alert color="teal" variant="light" role="status" icon={<IconCircleCheck aria-hidden="true" />}>
              {done}
            </Alert>
          ) : null}
          <PasswordField
            {...register('currentPassword')}
            label={t('password.current')}
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            withAsterisk
          />
          <NewPasswordInput
            {...register('newPassword')}
            label={t('common:fields.newPassword')}
            error={errors.newPassword?.message}
            withAsterisk
          />
          <PasswordField
            {...register('confirmPassword')}
            label={t('password.confirm')}
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            withAsterisk
          />
          <Alert color="yellow" variant="light" id="password-consequences">
            {t('password.consequences')}
          </Alert>
          <Group justify="flex-end">
            <Button
              type="submit"
              aria-describedby="password-consequences"
              loading={change.isPending}
              disabled={change.isPending}
            >
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

function SessionRow({ session, divided }: { session: OwnSession; divided: boolean }) {
  const { t } = useTranslation('profile');
  const revoke = useRevokeSession();
  const address = session.ip || t('sessions.unknownAddress');
  return (
    <DeviceRow
      userAgent={session.userAgent}
      divided={divided}
      badge={
        session.current ? (
          <Badge size="sm" color="teal" c="teal.9" bg="teal.0" variant="light">
            {t('sessions.thisDevice')}
          </Badge>
        ) : null
      }
      details={
        <>
          {address} · {t('sessions.lastSeen')} <LastTime at={session.lastSeenAt} /> ·{' '}
          {t('sessions.signedIn', { at: formatDateTime(session.createdAt) })}
        </>
      }
      action={(device) =>
        session.current ? null : (
          <Button
            size="xs"
            variant="default"
            style={{ flexShrink: 0 }}
            leftSection={<IconLogout size={14} aria-hidden="true" />}
            loading={revoke.isPending}
            onClick={() => revoke.mutate(session.id)}
            aria-label={t('sessions.signOutOne', { device, address })}
          >
            {t('sessions.signOut')}
          </Button>
        )
      }
    />
  );
}

function SessionsSection() {
  const { t } = useTranslation('profile');
  const sessions = useOwnSessions();
  const revokeOthers = useRevokeOtherSessions();
  const others = (sessions.data ?? []).filter((session) => !session.current).length;
  // This device first, then the most recently seen.
  const sorted = [...(sessions.data ?? [])].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt),
  );

  return (
    <Section title={t('sessions.title')} description={t('sessions.description')}>
      {sessions.isPending ? (
        <Stack gap="sm">
          <Skeleton height={44} />
          <Skeleton height={44} />
        </Stack>
      ) : sessions.isError ? (
        <ErrorAlert message={errorMessageOf(sessions.error)} />
      ) : (
        <Stack gap="md">
          <Stack
            gap={0}
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('sessions.list')}
          >
            {sorted.map((session, index) => (
              <SessionRow key={session.id} session={session} divided={index > 0} />
            ))}
          </Stack>
          <Group justify="flex-end">
            <Button
              variant="light"
              color="red"
              leftSection={<IconLogout size={16} aria-hidden="true" />}
              onClick={() => revokeOthers.mutate()}
              loading={revokeOthers.isPending}
              disabled={others === 0}
            >
              {t('sessions.signOutOthers')}
            </Button>
          </Group>
        </Stack>
      )}
    </Section>
  );
}

export function ProfilePage() {
  const { t } = useTranslation('profile');
  usePageTitle(t('title'));
  const user = useSessionUser();
  if (!user) return null;
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <AccountCard user={user} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <ProfileForm key={user.id} user={user} />
            <PasswordForm />
            <SessionsSection />
            <TwoStepSections />
            <LinkedAccounts />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

export { ProfilePage as Component };
