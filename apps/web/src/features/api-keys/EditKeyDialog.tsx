import { type ApiKeyRecord, apiKeyUpdate } from '@ledgerdesk/contracts';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { useResourceMutations } from '../../resources/api';
import { apiKeys } from './definition';
import { dayOf, endOfDay } from './expiry';
import { errorsOf, KeyFields } from './KeyFields';

/** Rename a key or change its expiry (an empty date: it never expires). */
export function EditKeyDialog({ apiKey, onClose }: { apiKey: ApiKeyRecord; onClose: () => void }) {
  const { t } = useTranslation(['api-keys', 'common']);
  const { update } = useResourceMutations(apiKeys);
  const [name, setName] = useState(apiKey.name);
  const [expiry, setExpiry] = useState(dayOf(apiKey.expiryDate));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    const values = { name, expiryDate: expiry ? endOfDay(expiry) : null };
    const checked = apiKeyUpdate.safeParse(values);
    if (!checked.success) {
      setErrors(errorsOf(checked.error));
      return;
    }
    setErrors({});
    update.mutate(
      { key: apiKey.id, values },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (isApiError(error)) setErrors(error.fieldErrors);
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('edit.title', { name: apiKey.name })} centered>
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:resource.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('common:resource.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
