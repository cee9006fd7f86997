import { signupRequest } from '@ledgerdesk/contracts';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod/mini';
import { PasswordField } from '../../components/PasswordField';
import { NewPasswordInput } from '../../components/PasswordRules';
import { i18n } from '../../i18n';
import { errorMessageOf } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form-errors';
import { usePageTitle } from '../../lib/page-title';
import { contractResolver } from '../../lib/validation';
import { AuthBreadcrumbs } from './AuthBreadcrumbs';
import { AuthCard } from './AuthCard';
import { signUp } from './api';
import type { LoginNotice } from './notice';

/** The sign-up request plus the confirmation, which is checked here and not sent. */
const signupForm = z.extend(signupRequest, { confirmPassword: z.string() }).check(
  z.refine((values) => values.password === values.confirmPassword, {
    // Read when the check runs, so in the language shown then.
    error: () => i18n.t('common:fields.passwordsDiffer'),
    path: ['confirmPassword'],
  }),
);
type SignupFormInput = z.input<typeof signupForm>;
type SignupFormOutput = z.output<typeof signupForm>;

const fields = ['email', 'username', 'firstName', 'lastName', 'password'] as const;

export function SignupPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('signup.title'));
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupFormInput, unknown, SignupFormOutput>({
    resolver: contractResolver(signupForm),
    defaultValues: {
      email: '',
      username: '',
      firstName: '',
      lastName: '',
      password: '',
      confirmPassword: '',
    },
  });

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, ...account }) => {
    setServerError(null);
    try {
      const response = await signUp(account);
      const notice: LoginNotice = { notice: response.successMessage, email: account.email };
      await navigate('/login', { replace: true, state: notice });
    } catch (error) {
      setServerError(errorMessageOf(error));
      applyFieldErrors(error, setError, fields);
    }
  });

  return (
    <AuthCard
      title={t('signup.title')}
      subtitle={t('signup.subtitle')}
      above={<AuthBreadcrumbs current={t('signup.title')} />}
      footer={
        <>
          {t('signup.haveAccount')}{' '}
          <Anchor component={Link} to="/login" size="sm" fw={600}>
            {t('login.submit')}
          </Anchor>
        </>
      }
    >
      {serverError ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
          {serverError}
        </Alert>
      ) : null}

      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            {...register('email')}
            label={t('common:fields.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t('common:fields.emailPlaceholder')}
            description={t('signup.verifyNote')}
            error={errors.email?.message}
            withAsterisk
          />
          <TextInput
            {...register('username')}
            label={t('common:fields.username')}
            autoComplete="username"
            description={t('common:fields.usernameHint')}
            error={errors.username?.message}
            withAsterisk
          />
          <Group grow align="flex-start" gap="sm">
            <TextInput
              {...register('firstName')}
              label={t('common:fields.firstName')}
              autoComplete="given-name"
              error={errors.firstName?.message}
              withAsterisk
            />
            <TextInput
              {...register('lastName')}
              label={t('common:fields.lastName')}
              autoComplete="family-name"
              error={errors.lastName?.message}
            />
          </Group>
          <NewPasswordInput
            {...register('password')}
            label={t('common:fields.password')}
            error={errors.password?.message}
            withAsterisk
          />
          <PasswordField
            {...register('confirmPassword')}
            label={t('common:fields.confirmPassword')}
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            withAsterisk
          />
          <Button type="submit" fullWidth size="md" mt="xs" loading={isSubmitting} disabled={isSubmitting}>
            {t('signup.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

export { SignupPage as Component };
