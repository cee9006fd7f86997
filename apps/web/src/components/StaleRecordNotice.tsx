import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Shown by an edit form whose save was refused because someone else changed the record after it
 * was opened (409 STALE_RECORD): Reload puts the current record in the form (the edits are lost),
 * Overwrite saves the edits over it. Nothing when `open` is false.
 */
export function StaleRecordNotice({
  open,
  pending = false,
  onReload,
  onOverwrite,
}: {
  open: boolean;
  /** The overwrite is being sent. */
  pending?: boolean;
  onReload: () => void;
  onOverwrite: () => void;
}) {
  const { t } = useTranslation('common');
  if (!open) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      role="alert"
      title={t('staleRecord.title')}
      icon={<IconAlertTriangle aria-hidden="true" />}
      data-testid="stale-record"
    >
      <Text size="sm">{t('staleRecord.message')}</Text>
      <Group gap="sm" mt="sm">
        <Button size="xs" variant="default" onClick={onReload} disabled={pending}>
          {t('staleRecord.reload')}
        </Button>
        <Button size="xs" color="orange" onClick={onOverwrite} loading={pending}>
          {t('staleRecord.overwrite')}
        </Button>
      </Group>
    </Alert>
  );
}
