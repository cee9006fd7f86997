import { errorCodes, type LoginRequest } from '@ledgerdesk/contracts';
import { Alert, Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PasswordField } from '../../components/PasswordField';
import { errorMessageOf, isApiError } from '../../lib/api';
import { fieldErrorsOf } from '../../lib/form-errors';
import { usePageTitle } from '../../lib/page-title';
import { safeNextPath } from '../../lib/safe-redirect';
import { AuthCard } from './AuthCard';
import { resendVerification, signIn } from './api';
import type { checkLogin, LoginErrors } from './login-validation';
import { readLoginNotice } from './notice';
import { useSignInResult } from './sign-in-result';
import { SocialButtons } from './social/SocialButtons';

const fields = ['email', 'password'] as const satisfies readonly (keyof LoginRequest)[];

/**
 * The contract's check of the form, fetched once the user starts on it. Two fields need no form
 * library: this page is the one whose script has a budget (150 KB), so it keeps to plain state.
 * Should the check not arrive, the form is sent as it is and the server's own check answers.
 */
let checker: Promise<typeof checkLogin | null> | undefined;
function loadCheck() {
  checker ??= import('./login-validation').then(
    (module) => module.checkLogin,
    () => {
      checker = undefined;
      return null;
    },
  );
  return checker;
}

async function check(values: LoginRequest): Promise<{ data: LoginRequest } | { errors: LoginErrors }> {
  const checkLoaded = await loadCheck();
  return checkLoaded ? checkLoaded(values) : { data: values };
}

export function LoginPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('login.title'));
  const signedIn = useSignInResult();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [serverError, setServerError] = useState<string | null>(null);
  // A success message from sign-up or a password reset, handed over with the navigation.
  const [notice, setNotice] = useState(() => readLoginNotice(location.state));
  // A failed sign-in may be a new account whose address is not confirmed yet (the server answers
  // it like a wrong password, so as not to tell who has an account): offer the link again.
  const [unverified, setUnverified] = useState(false);
  const [resending, setResending] = useState(false);
  const [values, setValues] = useState<LoginRequest>({ email: notice?.email ?? '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // Unchecked: the session ends with the tab (SPEC §9); checked: it stays across tabs and restarts.
  const [keep, setKeep] = useState(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const showErrors = (found: LoginErrors) => {
    setErrors(found);
    const first = fields.find((field) => found[field]);
    if (first) inputs[first].current?.focus();
  };

  const change = (field: keyof LoginRequest, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first try, the messages follow the typing (as they appeared: on submit).
    if (submitted) void check(next).then((result) => setErrors('errors' in result ? result.errors : {}));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    setServerError(null);
    setUnverified(false);
    setSubmitting(true);
    const checked = await check(values);
    if ('errors' in checked) {
      setSubmitting(false);
      showErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      const result = await signIn(checked.data);
      await signedIn(result, { next: safeNextPath(searchParams.get('next')), keep });
    } catch (error) {
      setSubmitting(false);
      setServerError(errorMessageOf(error));
      setUnverified(isApiError(error) && error.errorCode === errorCodes.loginFailed);
      showErrors(Object.fromEntries(fieldErrorsOf(error, fields)));
    }
  };

  const resend = async () => {
    setResending(true);
    try {
      const response = await resendVerification({ email: values.email.trim().toLowerCase() });
      setServerError(null);
      setUnverified(false);
      setNotice({ notice: response.successMessage });
    } catch (error) {
      setServerError(errorMessageOf(error));
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.newHere')}{' '}
          <Anchor component={Link} to="/signup" size="sm" fw={600}>
            {t('login.createAccount')}
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
          <Text size="sm">{serverError}</Text>
          {unverified ? (
            <Text size="sm" mt={4}>
              {t('login.unconfirmedHint')}
            </Text>
          ) : null}
          {unverified ? (
            <Button
              variant="subtle"
              size="compact-sm"
              mt={4}
              loading={resending}
              onClick={() => void resend()}
            >
              {t('login.resendLink')}
            </Button>
          ) : null}
        </Alert>
      ) : null}

      <form onSubmit={onSubmit} onFocus={() => void loadCheck()} noValidate>
        <Stack gap="md">
          <TextInput
            ref={inputs.email}
            name="email"
            value={values.email}
            onChange={(event) => change('email', event.currentTarget.value)}
            label={t('common:fields.email')}
            type="email"
            autoComplete="username"
            inputMode="email"
            placeholder={t('common:fields.emailPlaceholder')}
            error={errors.email}
            withAsterisk
          />
          <Stack gap={6}>
            <PasswordField
              ref={inputs.password}
              name="password"
              value={values.password}
              onChange={(event) => change('password', event.currentTarget.value)}
              label={t('common:fields.password')}
              autoComplete="current-password"
              placeholder={t('login.passwordPlaceholder')}
              error={errors.password}
              withAsterisk
            />
            <Group justify="space-between" gap="xs">
              <Checkbox
                name="keep"
                checked={keep}
                onChange={(event) => setKeep(event.currentTarget.checked)}
                label={t('login.keep')}
                size="sm"
              />
              <Anchor component={Link} to="/forgot-password" size="sm">
                {t('login.forgot')}
              </Anchor>
            </Group>
          </Stack>
          <Button type="submit" fullWidth size="md" mt="xs" loading={submitting} disabled={submitting}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
      <SocialButtons />
    </AuthCard>
  );
}

export { LoginPage as Component };
