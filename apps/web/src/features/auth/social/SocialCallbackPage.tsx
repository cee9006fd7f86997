import { Alert, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessageOf } from '../../../lib/api';
import { usePageTitle } from '../../../lib/page-title';
import { safeNextPath } from '../../../lib/safe-redirect';
import { AuthCard } from '../AuthCard';
import { useSignInResult } from '../sign-in-result';
import { fragmentValues, signInWithCode } from './api';

/**
 * Each code is sent once per page load: it works only once, and a second call (React's development
 * double effect, a re-render) would be refused.
 */
const sent = new Map<string, ReturnType<typeof signInWithCode>>();

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

  useEffect(() => {
    if (!code) return;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    let call = sent.get(code);
    if (!call) {
      call = signInWithCode(code);
      sent.set(code, call);
    }
    let current = true;
    call.then(
      (result) => {
        // A social sign-in is kept for this tab only, as a password one is by default.
        if (current) void finish(result, { next: safeNextPath(next), keep: false });
      },
      (failure: unknown) => {
        if (current) setError(errorMessageOf(failure));
      },
    );
    return () => {
      current = false;
    };
  }, [code, next, finish]);

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
