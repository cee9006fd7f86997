import { Alert, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessageOf } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { AuthBreadcrumbs } from './AuthBreadcrumbs';
import { AuthCard } from './AuthCard';
import { verifyEmail } from './api';
import type { LoginNotice } from './notice';
import { useOneTimeExchange } from './one-time-exchange';

/** The address of the mailed confirmation link: confirms it, then leads to sign-in. */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('verify.pageTitle'));
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [error, setError] = useState<string | null>(token ? null : t('verify.incomplete'));

  useOneTimeExchange(token, (sentToken) => verifyEmail({ token: sentToken }), {
    onAnswer: (response) => {
      const notice: LoginNotice = { notice: response.successMessage };
      void navigate('/login', { replace: true, state: notice });
    },
    onFailure: (failure) => setError(errorMessageOf(failure)),
  });

  return (
    <AuthCard
      title={t('verify.title')}
      subtitle={t('verify.subtitle')}
      above={<AuthBreadcrumbs current={t('verify.pageTitle')} />}
      footer={
        <Anchor component={Link} to="/login" size="sm" fw={600}>
          <IconArrowLeft size={14} aria-hidden="true" style={{ verticalAlign: '-2px' }} /> {t('backToSignIn')}
        </Anchor>
      }
    >
      {error ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
          {error}
        </Alert>
      ) : (
        <Center role="status" aria-live="polite">
          <Stack align="center" gap="xs">
            <Loader size="sm" aria-hidden="true" />
            <Text size="sm">{t('verify.pending')}</Text>
          </Stack>
        </Center>
      )}
    </AuthCard>
  );
}

export { VerifyEmailPage as Component };
