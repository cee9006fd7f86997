import { type ApiKeyCreated, apiKeyCreate } from '@ledgerdesk/contracts';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessageOf } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { queryKeys } from '../../lib/query-keys';
import { apiKeys } from './definition';
import { KeyForm, type KeyValues } from './KeyForm';

type Saved = { successMessage: string; data: ApiKeyCreated };

/**
 * Create a key: a name and an optional expiry, then the secret — shown here once, with a copy
 * button, and kept nowhere else (not in the query cache either: the lists are fetched again).
 */
export function CreateKeyDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['api-keys', 'common']);
  const client = useQueryClient();
  const [secret, setSecret] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: (body: KeyValues) => api.post<Saved>(apiKeys.api, body),
    onSuccess: ({ data, successMessage }) => {
      setSecret(data.secret);
      void client.invalidateQueries({ queryKey: queryKeys.all(apiKeys.api) });
      notifySuccess(successMessage);
    },
    onError: (error) => {
      notifyError(errorMessageOf(error), { title: t('common:resource.addFailed', { entity: t('one') }) });
    },
  });

  // The form's own state goes with it: the modal unmounts its content when it closes.
  const close = () => {
    setSecret(null);
    create.reset();
    onClose();
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
        <KeyForm
          t={t}
          initial={{ name: '', expiry: '' }}
          schema={apiKeyCreate}
          send={(values, { onError }) => create.mutate(values, { onError })}
          pending={create.isPending}
          submitLabel={t('create.submit')}
          onCancel={close}
        >
          <Text size="sm" c="dimmed">
            {t('create.explain')}
          </Text>
        </KeyForm>
      )}
    </Modal>
  );
}
