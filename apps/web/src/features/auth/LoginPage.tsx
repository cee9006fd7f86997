import type { LoginRequest } from '@ledgerdesk/contracts';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessageOf } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form-errors';
import { lazyResolver } from '../../lib/lazy-resolver';
import { usePageTitle } from '../../lib/page-title';
import { safeNextPath } from '../../lib/safe-redirect';
import { AuthCard } from './AuthCard';
import { signIn } from './api';
import { readLoginNotice } from './notice';

const fields = ['email', 'password'] as const satisfies readonly (keyof LoginRequest)[];

// The contract's check of loginRequest, fetched once the user starts on the form.
const validation = lazyResolver(() => import('./login-validation').then((module) => module.loginResolver));

export function LoginPage() {
  usePageTitle('Sign in');
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [serverError, setServerError] = useState<string | null>(null);
  // A success message from sign-up or a password reset, handed over with the navigation.
  const [notice] = useState(() => readLoginNotice(location.state));

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest>({
    resolver: validation.resolver,
    defaultValues: { email: notice?.email ?? '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await signIn(values);
    } catch (error) {
      setServerError(errorMessageOf(error));
      applyFieldErrors(error, setError, fields);
      return;
    }
    await navigate(safeNextPath(searchParams.get('next')), { replace: true });
  });

  return (
    <AuthCard
      title="Sign in"
      subtitle="Welcome back. Sign in to continue to your workspace."
      footer={
        <>
          New to Ledgerdesk?{' '}
          <Anchor component={Link} to="/signup" size="sm" fw={600}>
            Create an account
          </Anchor>
        </>
      }
    >
      {notice && !serverError ? (
        <Alert color="teal" variant="light" role="status" icon={<IconCircleCheck aria-hidden="true" />}>
          {notice.notice}
        </Alert>
      ) : null}

      {serverError ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
          {serverError}
        </Alert>
      ) : null}

      <form onSubmit={onSubmit} onFocus={validation.preload} noValidate>
        <Stack gap="md">
          <TextInput
            {...register('email')}
            label="Email"
            type="email"
            autoComplete="username"
            inputMode="email"
            placeholder="you@example.com"
            error={errors.email?.message}
            withAsterisk
          />
          <Stack gap={6}>
            <PasswordInput
              {...register('password')}
              label="Password"
              autoComplete="current-password"
              placeholder="Your password"
              error={errors.password?.message}
              withAsterisk
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ 'aria-label': 'Show characters' }}
            />
            <Group justify="flex-end">
              <Anchor component={Link} to="/forgot-password" size="sm">
                Forgot password?
              </Anchor>
            </Group>
          </Stack>
          <Button type="submit" fullWidth size="md" mt="xs" loading={isSubmitting} disabled={isSubmitting}>
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

export { LoginPage as Component };
