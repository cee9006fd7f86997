import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../lib/api';

/** A list or a record that could not be loaded: why, and "Try again". */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Alert color="red" role="alert">
      <Group justify="space-between">
        <Text size="sm">{errorMessageOf(error)}</Text>
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconRefresh size={14} aria-hidden="true" />}
          onClick={onRetry}
        >
          {t('actions.tryAgain')}
        </Button>
      </Group>
    </Alert>
  );
}
