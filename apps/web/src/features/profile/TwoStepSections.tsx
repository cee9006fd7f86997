import type { RememberedBrowser, TwoStepEnrolment } from '@ledgerdesk/contracts';
import { Badge, Button, Group, Modal, Skeleton, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconShieldCheck, IconTrash } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../components/PasswordField';
import { RecoveryCodes } from '../../components/two-step/RecoveryCodes';
import { TwoStepSetup } from '../../components/two-step/TwoStepSetup';
import { errorMessageOf, isApiError } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { DeviceRow, LastTime } from './DeviceRow';
import { ErrorAlert, Section } from './Section';
import {
  useConfirmEnrolment,
  useDisableTwoStep,
  useForgetAllBrowsers,
  useForgetBrowser,
  useRegenerateCodes,
  useRememberedBrowsers,
  useStartEnrolment,
  useTwoStepStatus,
} from './two-step-api';

/** The message the server put on a field, else its whole message. */
const messageFor = (error: unknown, field: string) =>
  (isApiError(error) && error.fieldErrors?.[field]) || errorMessageOf(error);

function Dialog({
  opened,
  title,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {children}
    </Modal>
  );
}

/** Set up an authenticator: the QR code, the first code, then the recovery codes once. */
function SetupDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const [enrolment, setEnrolment] = useState<TwoStepEnrolment>();
  const [codes, setCodes] = useState<string[] | null>(null);
  const { mutate: begin } = start;

  useEffect(() => {
    if (!opened) return;
    setEnrolment(undefined);
    setCodes(null);
    begin(undefined, { onSuccess: setEnrolment });
  }, [opened, begin]);

  const onConfirm = async (code: string) => {
    try {
      setCodes((await confirm.mutateAsync({ code })).data.recoveryCodes);
    } catch (error) {
      throw new Error(messageFor(error, 'code'));
    }
  };

  return (
    <Dialog opened={opened} onClose={onClose} title={t('twoStep.setUpTitle')}>
      {codes ? (
        <Stack gap="md">
          <RecoveryCodes codes={codes} />
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('twoStep.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <TwoStepSetup
          enrolment={enrolment}
          onConfirm={onConfirm}
          error={start.isError ? errorMessageOf(start.error) : null}
        />
      )}
    </Dialog>
  );
}

/** New recovery codes, with a current code of the app. */
function RegenerateDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const regenerate = useRegenerateCodes();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (opened) {
      setCode('');
      setCodes(null);
      setError(null);
    }
  }, [opened]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    try {
      setCodes((await regenerate.mutateAsync({ code })).data.recoveryCodes);
    } catch (failure) {
      setError(messageFor(failure, 'code'));
    }
  };

  return (
    <Dialog opened={opened} onClose={onClose} title={t('twoStep.regenerateTitle')}>
      {codes ? (
        <Stack gap="md">
          <RecoveryCodes codes={codes} />
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('twoStep.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('twoStep.regenerateHint')}</Text>
            <TextInput
              name="code"
              label={t('twoStep.appCode')}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={error}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={9}
              maw={220}
              withAsterisk
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" loading={regenerate.isPending}>
                {t('twoStep.regenerate')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}

/** Turn it off: the password and a code (or a recovery code). */
function DisableDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const disable = useDisableTwoStep();
  const [values, setValues] = useState({ password: '', code: '' });
  const [errors, setErrors] = useState<{ password?: string; code?: string; form?: string }>({});

  useEffect(() => {
    if (opened) {
      setValues({ password: '', code: '' });
      setErrors({});
    }
  }, [opened]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    try {
      await disable.mutateAsync(values);
      onClose();
    } catch (failure) {
      const fields = isApiError(failure) ? (failure.fieldErrors ?? {}) : {};
      setErrors(
        fields.password || fields.code
          ? { password: fields.password, code: fields.code }
          : { form: errorMessageOf(failure) },
      );
    }
  };

  return (
    <Dialog opened={opened} onClose={onClose} title={t('twoStep.disableTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ErrorAlert message={errors.form ?? null} />
          <Text size="sm">{t('twoStep.disableHint')}</Text>
          <PasswordField
            name="password"
            label={t('password.current')}
            autoComplete="current-password"
            value={values.password}
            onChange={(event) => setValues({ ...values, password: event.currentTarget.value })}
            error={errors.password}
            withAsterisk
          />
          <TextInput
            name="code"
            label={t('twoStep.codeOrRecovery')}
            autoComplete="one-time-code"
            value={values.code}
            onChange={(event) => setValues({ ...values, code: event.currentTarget.value })}
            error={errors.code}
            maxLength={40}
            withAsterisk
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" color="red" loading={disable.isPending}>
              {t('twoStep.disable')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

type Open = 'setup' | 'regenerate' | 'disable' | null;

function TwoStepSection() {
  const { t } = useTranslation('profile');
  const status = useTwoStepStatus();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const data = status.data;

  return (
    <Section title={t('twoStep.title')} description={t('twoStep.description')}>
      {status.isPending ? (
        <Skeleton height={60} />
      ) : status.isError || !data ? (
        <ErrorAlert message={errorMessageOf(status.error)} />
      ) : (
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconShieldCheck
              size={28}
              stroke={1.5}
              aria-hidden="true"
              color={data.enabled ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-dimmed)'}
              style={{ flexShrink: 0 }}
            />
            <Stack gap={4}>
              <Group gap={8}>
                <Badge color={data.enabled ? 'teal' : 'gray'} variant="light">
                  {data.enabled ? t('twoStep.on') : t('twoStep.off')}
                </Badge>
                {data.required ? (
                  <Badge color="orange" variant="light">
                    {t('twoStep.required')}
                  </Badge>
                ) : null}
              </Group>
              <Text size="sm" c="dimmed">
                {data.enabled && data.enabledAt
                  ? t('twoStep.onSince', {
                      at: formatDate(data.enabledAt),
                      count: data.recoveryCodesLeft,
                    })
                  : t('twoStep.offHint')}
              </Text>
            </Stack>
          </Group>
          <Group justify="flex-end" gap="xs">
            {data.enabled ? (
              <>
                <Button variant="default" onClick={() => setOpen('regenerate')}>
                  {t('twoStep.regenerate')}
                </Button>
                <Tooltip label={t('twoStep.requiredHint')} disabled={!data.required} withArrow>
                  {/* A span: a disabled button gives the tooltip no events. */}
                  <span>
                    <Button
                      variant="light"
                      color="red"
                      disabled={data.required}
                      onClick={() => setOpen('disable')}
                    >
                      {t('twoStep.disable')}
                    </Button>
                  </span>
                </Tooltip>
              </>
            ) : (
              <Button onClick={() => setOpen('setup')}>{t('twoStep.setUp')}</Button>
            )}
          </Group>
        </Stack>
      )}
      <SetupDialog opened={open === 'setup'} onClose={close} />
      <RegenerateDialog opened={open === 'regenerate'} onClose={close} />
      <DisableDialog opened={open === 'disable'} onClose={close} />
    </Section>
  );
}

function BrowserRow({ browser, divided }: { browser: RememberedBrowser; divided: boolean }) {
  const { t } = useTranslation('profile');
  const forget = useForgetBrowser();
  const address = browser.ip || t('sessions.unknownAddress');
  return (
    <DeviceRow
      userAgent={browser.userAgent}
      divided={divided}
      details={
        <>
          {address} · {t('browsers.lastUsed')} <LastTime at={browser.lastUsedAt} /> ·{' '}
          {t('browsers.until', { at: formatDate(browser.expiresAt) })}
        </>
      }
      action={(device) => (
        <Button
          size="xs"
          variant="default"
          style={{ flexShrink: 0 }}
          leftSection={<IconTrash size={14} aria-hidden="true" />}
          loading={forget.isPending}
          onClick={() => forget.mutate(browser.id)}
          aria-label={t('browsers.forgetOne', { device, address })}
        >
          {t('browsers.forget')}
        </Button>
      )}
    />
  );
}

function RememberedBrowsersSection() {
  const { t } = useTranslation('profile');
  const browsers = useRememberedBrowsers();
  const forgetAll = useForgetAllBrowsers();
  const list = browsers.data ?? [];
  return (
    <Section title={t('browsers.title')} description={t('browsers.description')}>
      {browsers.isPending ? (
        <Skeleton height={44} />
      ) : browsers.isError ? (
        <ErrorAlert message={errorMessageOf(browsers.error)} />
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('browsers.none')}
        </Text>
      ) : (
        <Stack gap="md">
          <Stack
            gap={0}
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('browsers.list')}
          >
            {list.map((browser, index) => (
              <BrowserRow key={browser.id} browser={browser} divided={index > 0} />
            ))}
          </Stack>
          <Group justify="flex-end">
            <Button
              variant="light"
              color="red"
              onClick={() => forgetAll.mutate()}
              loading={forgetAll.isPending}
            >
              {t('browsers.forgetAll')}
            </Button>
          </Group>
        </Stack>
      )}
    </Section>
  );
}

/** The profile's "Two-step verification" and "Remembered browsers" sections. */
export function TwoStepSections() {
  return (
    <>
      <TwoStepSection />
      <RememberedBrowsersSection />
    </>
  );
}
