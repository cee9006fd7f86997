import type { SignInResult } from '@ledgerdesk/contracts';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PasswordField } from '../../../components/PasswordField';
import { errorMessageOf } from '../../../lib/api';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { usePageTitle } from '../../../lib/page-title';
import { safeNextPath } from '../../../lib/safe-redirect';
import { AuthCard } from '../AuthCard';
import { useSignInResult } from '../sign-in-result';
import { confirmLink, fetchProviders, fragmentValues, signInWithCode } from './api';

/**
 * Back from the provider with a verified address that an account already has: its owner proves the
 * account is theirs with its password, and the provider's account is linked to it (then signed in).
 */
export function SocialLinkPage() {
  const { t } = useTranslation(['auth/social', 'auth']);
  usePageTitle(t('link.title'));
  const finish = useSignInResult();
  const [{ ticket, provider, email, next }] = useState(() => {
    const values = fragmentValues(window.location.hash);
    return {
      ticket: values.get('ticket') ?? '',
      provider: values.get('provider') ?? '',
      email: values.get('email') ?? '',
      next: values.get('next'),
    };
  });
  const [label, setLabel] = useState(provider);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(ticket ? null : t('link.incomplete'));
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchProviders(controller.signal).then(
      (list) => setLabel(list.find((candidate) => candidate.id === provider)?.label ?? provider),
      () => undefined,
    );
    return () => controller.abort();
  }, [provider]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    if (!password) {
      setPasswordError(t('link.passwordRequired'));
      return;
    }
    setSubmitting(true);
    setPasswordError(null);
    setError(null);
    let result: SignInResult;
    try {
      const { code } = await confirmLink({ ticket, password });
      result = await signInWithCode(code);
    } catch (failure) {
      setSubmitting(false);
      const [fieldError] = fieldErrorsOf(failure, ['password'] as const);
      if (fieldError) setPasswordError(fieldError[1]);
      else setError(errorMessageOf(failure));
      return;
    }
    await finish(result, { next: safeNextPath(next), keep: false });
  };

  return (
    <AuthCard
      title={t('link.title', { provider: label })}
      footer={
        <Anchor component={Link} to="/login" size="sm" fw={600}>
          <IconArrowLeft size={14} aria-hidden="true" style={{ verticalAlign: '-2px' }} />{' '}
          {t('auth:backToSignIn')}
        </Anchor>
      }
    >
      {error ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
          {error}
        </Alert>
      ) : null}
      {ticket ? (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              <Trans
                t={t}
                i18nKey="link.explanation"
                values={{ email, provider: label }}
                components={{ strong: <strong /> }}
              />
            </Text>
            <PasswordField
              name="password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              label={t('link.password')}
              autoComplete="current-password"
              error={passwordError}
              withAsterisk
              data-autofocus
            />
            <Button type="submit" fullWidth loading={submitting} disabled={submitting}>
              {t('link.submit')}
            </Button>
            <Text size="xs" c="dimmed">
              {t('link.otherwise')}
            </Text>
          </Stack>
        </form>
      ) : null}
    </AuthCard>
  );
}

export { SocialLinkPage as Component };
