import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordRequest } from '@ledgerdesk/contracts';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod/mini';
import { NewPasswordInput } from '../../components/PasswordRules';
import { errorMessageOf } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form-errors';
import { usePageTitle } from '../../lib/page-title';
import { AuthBreadcrumbs } from './AuthBreadcrumbs';
import { AuthCard } from './AuthCard';
import { resetPassword } from './api';
import type { LoginNotice } from './notice';

/** The new password (the contract's rules) and its confirmation; the token comes from the link. */
const resetForm = z
  .object({ password: resetPasswordRequest.shape.password, confirmPassword: z.string() })
  .check(
    z.refine((values) => values.password === values.confirmPassword, {
      message: 'The passwords do not match.',
      path: ['confirmPassword'],
    }),
  );

const fields = ['password'] as const;

export function ResetPasswordPage() {
  usePageTitle('Reset password');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [serverError, setServerError] = useState<string | null>(null);
  // A refused token (invalid, expired, used) needs a new link; a refused password only another one.
  const [offerNewLink, setOfferNewLink] = useState(false);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof resetForm>, unknown, z.output<typeof resetForm>>({
    resolver: zodResolver(resetForm),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setServerError(null);
    try {
      const response = await resetPassword({ token, password });
      const notice: LoginNotice = { notice: response.successMessage };
      await navigate('/login', { replace: true, state: notice });
    } catch (error) {
      setServerError(errorMessageOf(error));
      setOfferNewLink(!applyFieldErrors(error, setError, fields));
    }
  });

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="The link from the mail lets you set a new password once."
      above={<AuthBreadcrumbs current="Reset password" />}
      footer={
        <Anchor component={Link} to="/login" size="sm" fw={600}>
          <IconArrowLeft size={14} aria-hidden="true" style={{ verticalAlign: '-2px' }} /> Back to sign in
        </Anchor>
      }
    >
      {!token ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
          <Text size="sm">This reset link is incomplete: open the link from the mail again.</Text>
          <Anchor component={Link} to="/forgot-password" size="sm" fw={600}>
            Ask for a new link
          </Anchor>
        </Alert>
      ) : (
        <>
          {serverError ? (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
              <Text size="sm">{serverError}</Text>
              {offerNewLink ? (
                <Anchor component={Link} to="/forgot-password" size="sm" fw={600}>
                  Ask for a new link
                </Anchor>
              ) : null}
            </Alert>
          ) : null}
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="md">
              <NewPasswordInput
                {...register('password')}
                label="New password"
                error={errors.password?.message}
                withAsterisk
              />
              <PasswordInput
                {...register('confirmPassword')}
                label="Confirm password"
                autoComplete="new-password"
                error={errors.confirmPassword?.message}
                withAsterisk
                visibilityToggleFocusable
                visibilityToggleButtonProps={{ 'aria-label': 'Show characters' }}
              />
              <Button
                type="submit"
                fullWidth
                size="md"
                mt="xs"
                loading={isSubmitting}
                disabled={isSubmitting}
              >
                Set new password
              </Button>
            </Stack>
          </form>
        </>
      )}
    </AuthCard>
  );
}

export { ResetPasswordPage as Component };
