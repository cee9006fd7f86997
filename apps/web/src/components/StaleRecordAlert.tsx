import { errorCodes } from '@ledgerdesk/contracts';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api';

/** The server refused a save because the record changed since it was read (409 STALE_RECORD). */
export const isStaleRecord = (error: unknown) =>
  error instanceof ApiError && error.errorCode === errorCodes.stale;

/**
 * For an edit form that sends back the version it loaded: `caught(error)` answers whether the
 * error was a stale save (and then shows `alert`: the message and a Reload action, which runs
 * `reload` to load the stored record into the form). Nothing is overwritten.
 */
export function useStaleRecord(reload: () => Promise<void>): {
  caught: (error: unknown) => boolean;
  alert: ReactNode;
} {
  const { t } = useTranslation();
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const onReload = async () => {
    setReloading(true);
    try {
      await reload();
      setStale(false);
    } finally {
      setReloading(false);
    }
  };
  return {
    caught: (error) => {
      const found = isStaleRecord(error);
      setStale(found);
      return found;
    },
    alert: stale ? (
      <Alert color="yellow" variant="light" role="alert">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm">{t('errors.stale')}</Text>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} aria-hidden="true" />}
            onClick={onReload}
            loading={reloading}
          >
            {t('actions.reload')}
          </Button>
        </Group>
      </Alert>
    ) : null,
  };
}
