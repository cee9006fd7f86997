import { Alert, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessageOf } from '../../../lib/api';
import { usePageTitle } from '../../../lib/page-title';
import { safeNextPath } from '../../../lib/safe-redirect';
import { AuthCard } from '../AuthCard';
import { useOneTimeExchange } from '../one-time-exchange';
import { useSignInResult } from '../sign-in-result';
import { fragmentValues, signInWithCode } from './api';

/**
 * Back from the provider: the URL fragment holds a one-time sign-in code (and where to go next),
 * exchanged for the session at once.
 */
export function SocialCallbackPage() {
  const { t } = useTranslation(['auth/social', 'auth']);
  usePageTitle(t('callback.title'));
  const finish = useSignInResult();
  // Read once: the fragment is wiped from the address bar below.
  const [{ code, next }] = useState(() => {
    const values = fragmentValues(window.location.hash);
    return { code: values.get('code') ?? '', next: values.get('next') };
  });
  const [error, setError] = useState<string | null>(code ? null : t('callback.incomplete'));

  useOneTimeExchange(code, signInWithCode, {
    // A social sign-in is kept for this tab only, as a password one is by default.
    onAnswer: (result) => void finish(result, { next: safeNextPath(next), keep: false }),
    onFailure: (failure) => setError(errorMessageOf(failure)),
  });
  // The code leaves the address bar (it is spent, and not for the history).
  useEffect(() => {
    if (code) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [code]);

  return (
    <AuthCard
      title={error ? t('error.title') : t('callback.title')}
      footer={
        error ? (
          <Anchor component={Link} to="/login" size="sm" fw={600}>
            <IconArrowLeft size={14} aria-hidden="true" style={{ verticalAlign: '-2px' }} />{' '}
            {t('auth:backToSignIn')}
          </Anchor>
        ) : undefined
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
            <Text size="sm">{t('callback.pending')}</Text>
          </Stack>
        </Center>
      )}
    </AuthCard>
  );
}

export { SocialCallbackPage as Component };
