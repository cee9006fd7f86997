import { type ForgotPasswordRequest, forgotPasswordRequest } from '@ledgerdesk/contracts';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod/mini';
import { errorMessageOf } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form-errors';
import { usePageTitle } from '../../lib/page-title';
import { contractResolver } from '../../lib/validation';
import { AuthBreadcrumbs } from './AuthBreadcrumbs';
import { AuthCard } from './AuthCard';
import { requestPasswordReset } from './api';

const fields = ['email'] as const;

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('forgot.title'));
  const [serverError, setServerError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof forgotPasswordRequest>, unknown, ForgotPasswordRequest>({
    resolver: contractResolver(forgotPasswordRequest),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const response = await requestPasswordReset(values);
      setSent(response.successMessage);
    } catch (error) {
      setServerError(errorMessageOf(error));
      applyFieldErrors(error, setError, fields);
    }
  });

  return (
    <AuthCard
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      above={<AuthBreadcrumbs current={t('forgot.title')} />}
      footer={
        <Anchor component={Link} to="/login" size="sm" fw={600}>
          <IconArrowLeft size={14} aria-hidden="true" style={{ verticalAlign: '-2px' }} /> {t('backToSignIn')}
        </Anchor>
      }
    >
      {serverError ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
          {serverError}
        </Alert>
      ) : null}

      {sent ? (
        <Alert color="green" variant="light" role="status" icon={<IconMailCheck aria-hidden="true" />}>
          {sent}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <TextInput
              {...register('email')}
              label={t('common:fields.email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder={t('common:fields.emailPlaceholder')}
              error={errors.email?.message}
              withAsterisk
            />
            <Button type="submit" fullWidth size="md" mt="xs" loading={isSubmitting} disabled={isSubmitting}>
              {t('forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}

export { ForgotPasswordPage as Component };
