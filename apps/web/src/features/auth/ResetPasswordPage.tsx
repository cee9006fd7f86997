import { resetPasswordRequest } from '@ledgerdesk/contracts';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
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
import { resetPassword } from './api';
import type { LoginNotice } from './notice';

/** The new password (the contract's rules) and its confirmation; the token comes from the link. */
const resetForm = z
  .object({ password: resetPasswordRequest.shape.password, confirmPassword: z.string() })
  .check(
    z.refine((values) => values.password === values.confirmPassword, {
      // Read when the check runs, so in the language shown then.
      error: () => i18n.t('common:fields.passwordsDiffer'),
      path: ['confirmPassword'],
    }),
  );

const fields = ['password'] as const;

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('reset.pageTitle'));
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
    resolver: contractResolver(resetForm),
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
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      above={<AuthBreadcrumbs current={t('reset.pageTitle')} />}
      footer={
        <Anchor component={Link} to="/login" size="sm" fw={600}>
          <IconArrowLeft size={14} aria-hidden="true" style={{ verticalAlign: '-2px' }} /> {t('backToSignIn')}
        </Anchor>
      }
    >
      {!token ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
          <Text size="sm">{t('reset.incomplete')}</Text>
          <Anchor component={Link} to="/forgot-password" size="sm" fw={600}>
            {t('reset.newLink')}
          </Anchor>
        </Alert>
      ) : (
        <>
          {serverError ? (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
              <Text size="sm">{serverError}</Text>
              {offerNewLink ? (
                <Anchor component={Link} to="/forgot-password" size="sm" fw={600}>
                  {t('reset.newLink')}
                </Anchor>
              ) : null}
            </Alert>
          ) : null}
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="md">
              <NewPasswordInput
                {...register('password')}
                label={t('common:fields.newPassword')}
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
              <Text id="reset-consequences" size="sm" c="dimmed">
                {t('reset.consequences')}
              </Text>
              <Button
                type="submit"
                fullWidth
                size="md"
                aria-describedby="reset-consequences"
                loading={isSubmitting}
                disabled={isSubmitting}
              >
                {t('reset.submit')}
              </Button>
            </Stack>
          </form>
        </>
      )}
    </AuthCard>
  );
}

export { ResetPasswordPage as Component };
