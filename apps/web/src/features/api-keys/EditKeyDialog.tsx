import { type ApiKeyRecord, apiKeyUpdate } from '@ledgerdesk/contracts';
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useResourceMutations } from '../../resources/api';
import { apiKeys } from './definition';
import { dayOf } from './expiry';
import { KeyForm } from './KeyForm';

/** Rename a key or change its expiry (an empty date: it never expires). */
export function EditKeyDialog({ apiKey, onClose }: { apiKey: ApiKeyRecord; onClose: () => void }) {
  const { t } = useTranslation(['api-keys', 'common']);
  const { update } = useResourceMutations(apiKeys);
  return (
    <Modal opened onClose={onClose} title={t('edit.title', { name: apiKey.name })} centered>
      <KeyForm
        t={t}
        initial={{ name: apiKey.name, expiry: dayOf(apiKey.expiryDate) }}
        schema={apiKeyUpdate}
        send={(values, { onError }) =>
          update.mutate({ key: apiKey.id, values }, { onSuccess: onClose, onError })
        }
        pending={update.isPending}
        submitLabel={t('common:resource.save')}
        onCancel={onClose}
      />
    </Modal>
  );
}
