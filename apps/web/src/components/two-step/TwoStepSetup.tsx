import type { TwoStepEnrolment } from '@ledgerdesk/contracts';
import { Alert, Box, Button, Code, Group, Image, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyTextButton } from './CopyTextButton';

interface TwoStepSetupProps {
  /** The secret to set up; undefined while it is being made. */
  enrolment: TwoStepEnrolment | undefined;
  /** Sends the first code; rejects with a message to show on the field. */
  onConfirm: (code: string) => Promise<void>;
  /** A failure to show above (the secret could not be made). */
  error?: string | null;
}

/** The key as authenticator apps print it: groups of four. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Setting up an authenticator: scan the QR code (or type the key), then the first code it shows
 * turns two-step verification on. The profile and the sign-in of a user who must enrol use it.
 */
export function TwoStepSetup({ enrolment, onConfirm, error }: TwoStepSetupProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s+/g, ''))) {
      setCodeError(t('twoStep.codeShape'));
      return;
    }
    setSending(true);
    setCodeError(null);
    try {
      await onConfirm(code);
    } catch (failure) {
      setCodeError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="md">
      {error ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
          {error}
        </Alert>
      ) : null}
      <Text size="sm">{t('twoStep.scan')}</Text>
      <Group align="flex-start" gap="lg" wrap="wrap">
        {/* White behind the code in both themes: scanners want dark on light. */}
        <Box bg="white" p={4} style={{ borderRadius: 'var(--mantine-radius-md)', flexShrink: 0 }}>
          {enrolment ? (
            <Image src={enrolment.qrCode} alt={t('twoStep.qrAlt')} w={176} h={176} />
          ) : (
            <Skeleton w={176} h={176} />
          )}
        </Box>
        <Stack gap={6} miw={0} style={{ flex: '1 1 12rem' }}>
          <Text size="sm" c="dimmed">
            {t('twoStep.manual')}
          </Text>
          {enrolment ? (
            <>
              <Code
                block
                fz="sm"
                style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}
                data-testid="two-step-secret"
              >
                {grouped(enrolment.secret)}
              </Code>
              <Group>
                <CopyTextButton value={enrolment.secret} label={t('twoStep.copyKey')} />
              </Group>
            </>
          ) : (
            <Skeleton h={48} />
          )}
        </Stack>
      </Group>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            name="code"
            label={t('twoStep.firstCode')}
            description={t('twoStep.firstCodeHint')}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={codeError}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={9}
            maw={220}
            withAsterisk
          />
          <Group>
            <Button type="submit" loading={sending} disabled={!enrolment || sending}>
              {t('twoStep.turnOn')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
