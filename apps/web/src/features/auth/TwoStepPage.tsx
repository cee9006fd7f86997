import { errorCodes, type TwoStepEnrolment } from '@ledgerdesk/contracts';
import { Alert, Anchor, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { RecoveryCodes } from '../../components/two-step/RecoveryCodes';
import { TwoStepSetup } from '../../components/two-step/TwoStepSetup';
import { errorMessageOf, isApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { useSession } from '../../lib/session';
import { AuthCard } from './AuthCard';
import { startTwoStepEnrolment, verifyTwoStep } from './api';
import { startSession, type TwoStepState } from './sign-in-result';

function stateOf(value: unknown): TwoStepState | null {
  if (typeof value !== 'object' || value === null) return null;
  const state = value as Partial<TwoStepState>;
  return typeof state.ticket === 'string' && (state.mode === 'verify' || state.mode === 'enrol')
    ? { ticket: state.ticket, mode: state.mode, next: state.next ?? '/', keep: state.keep === true }
    : null;
}

/** The sign-in is over (expired, used, too many wrong codes): only a new one helps. */
const isOver = (error: unknown) => isApiError(error) && error.errorCode === errorCodes.twoStepTicketInvalid;

function Expired({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
        {message}
      </Alert>
      <Button component={Link} to="/login" replace>
        {t('twoStep.signInAgain')}
      </Button>
    </Stack>
  );
}

/** Mode 'verify': a code of the authenticator or a recovery code, and "remember this browser". */
function VerifyForm({ state, onOver }: { state: TwoStepState; onOver: (message: string) => void }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('twoStep.codeMissing'));
      return;
    }
    setSending(true);
    setError(null);
    try {
      const session = await verifyTwoStep({ ticket: state.ticket, code, remember });
      startSession(session, state.keep);
      await navigate(state.next, { replace: true });
    } catch (failure) {
      setSending(false);
      if (isOver(failure)) onOver(errorMessageOf(failure));
      else setError(errorMessageOf(failure));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          name="code"
          label={t('twoStep.code')}
          description={t('twoStep.codeHint')}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={error}
          autoComplete="one-time-code"
          autoFocus
          maxLength={40}
          withAsterisk
        />
        <Checkbox
          name="remember"
          checked={remember}
          onChange={(event) => setRemember(event.currentTarget.checked)}
          label={t('twoStep.remember')}
          description={t('twoStep.rememberHint')}
        />
        <Button type="submit" fullWidth size="md" loading={sending} disabled={sending}>
          {t('twoStep.verify')}
        </Button>
      </Stack>
    </form>
  );
}

/** Mode 'enrol': a group requires two-step verification; set it up, note the codes, then go on. */
function EnrolForm({ state, onOver }: { state: TwoStepState; onOver: (message: string) => void }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [enrolment, setEnrolment] = useState<TwoStepEnrolment>();
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  useEffect(() => {
    let live = true;
    startTwoStepEnrolment(state.ticket).then(
      (made) => live && setEnrolment(made),
      (failure) => {
        if (!live) return;
        if (isOver(failure)) onOver(errorMessageOf(failure));
        else setError(errorMessageOf(failure));
      },
    );
    return () => {
      live = false;
    };
  }, [state.ticket, onOver]);

  const confirm = async (code: string) => {
    try {
      const { recoveryCodes, ...session } = await verifyTwoStep({
        ticket: state.ticket,
        code,
        remember: false,
      });
      startSession(session, state.keep);
      setCodes(recoveryCodes ?? []);
    } catch (failure) {
      if (isOver(failure)) onOver(errorMessageOf(failure));
      throw new Error(errorMessageOf(failure));
    }
  };

  if (codes)
    return (
      <Stack gap="md">
        <Text size="sm" fw={600}>
          {t('twoStep.enrolled')}
        </Text>
        <RecoveryCodes codes={codes} />
        <Button fullWidth size="md" onClick={() => void navigate(state.next, { replace: true })}>
          {t('twoStep.continue')}
        </Button>
      </Stack>
    );
  return <TwoStepSetup enrolment={enrolment} onConfirm={confirm} error={error} />;
}

/**
 * After the password (or a provider), when a second step is due: the login page hands over the
 * ticket in the navigation's state. Opened without one (typed in, a reload after it was used), it
 * says to sign in again.
 */
export function TwoStepPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('twoStep.title'));
  const location = useLocation();
  const [state] = useState(() => stateOf(location.state));
  const [over, setOver] = useState<string | null>(state ? null : t('twoStep.noTicket'));
  const enrol = state?.mode === 'enrol';
  // Signed in already (an enrolment done, its codes on screen): no way back to the sign-in.
  const signedIn = useSession() !== null;

  return (
    <AuthCard
      title={enrol ? t('twoStep.enrolTitle') : t('twoStep.title')}
      subtitle={enrol ? t('twoStep.enrolSubtitle') : t('twoStep.subtitle')}
      footer={
        signedIn ? undefined : (
          <Anchor component={Link} to="/login" size="sm">
            {t('backToSignIn')}
          </Anchor>
        )
      }
    >
      {over || !state ? (
        <Expired message={over ?? t('twoStep.noTicket')} />
      ) : enrol ? (
        <EnrolForm state={state} onOver={setOver} />
      ) : (
        <VerifyForm state={state} onOver={setOver} />
      )}
    </AuthCard>
  );
}

export { TwoStepPage as Component };
