import { type ApiKeyCreated, apiKeyCreate } from '@ledgerdesk/contracts';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessageOf, isApiError } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { resourceQueryKeys } from '../../resources/api';
import { apiKeys } from './definition';
import { endOfDay } from './expiry';
import { errorsOf, KeyFields } from './KeyFields';

type Saved = { successMessage: string; data: ApiKeyCreated };

/**
 * Create a key: a name and an optional expiry, then the secret — shown here once, with a copy
 * button, and kept nowhere else (not in the query cache either: the lists are fetched again).
 */
export function CreateKeyDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['api-keys', 'common']);
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: (body: object) => api.post<Saved>(apiKeys.api, body),
    onSuccess: ({ data, successMessage }) => {
      setSecret(data.secret);
      void client.invalidateQueries({ queryKey: resourceQueryKeys.all(apiKeys.api) });
      notifySuccess(successMessage);
    },
    onError: (error) => {
      if (isApiError(error) && error.fieldErrors) setErrors(error.fieldErrors);
      notifyError(errorMessageOf(error), { title: t('common:resource.addFailed', { entity: t('one') }) });
    },
  });

  const close = () => {
    setName('');
    setExpiry('');
    setErrors({});
    setSecret(null);
    create.reset();
    onClose();
  };

  const submit = () => {
    const body = { name, expiryDate: expiry ? endOfDay(expiry) : null };
    const checked = apiKeyCreate.safeParse(body);
    if (!checked.success) {
      setErrors(errorsOf(checked.error));
      return;
    }
    setErrors({});
    create.mutate(body);
  };

  return (
    <Modal opened={opened} onClose={close} title={secret ? t('created.title') : t('create.title')} centered>
      {secret ? (
        <Stack>
          <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
            {t('created.once')}
          </Alert>
          <Code block data-testid="api-key-secret" style={{ wordBreak: 'break-all' }}>
            {secret}
          </Code>
          <Group justify="space-between">
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  color={copied ? 'teal' : 'blue'}
                  leftSection={
                    copied ? (
                      <IconCheck size={16} aria-hidden="true" />
                    ) : (
                      <IconCopy size={16} aria-hidden="true" />
                    )
                  }
                  onClick={copy}
                >
                  {copied ? t('created.copied') : t('created.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={close}>{t('created.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack>
            <KeyFields
              t={t}
              name={name}
              onName={setName}
              expiry={expiry}
              onExpiry={setExpiry}
              errors={errors}
            />
            <Text size="sm" c="dimmed">
              {t('create.explain')}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common:resource.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('create.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
