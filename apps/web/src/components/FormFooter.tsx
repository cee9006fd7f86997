import { Alert, Button, Group } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The server's answer to a form it refused, for errors no field of the form shows; nothing without one. */
export function FormErrorAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
      {message}
    </Alert>
  );
}

interface FormFooterProps {
  onCancel: () => void;
  /** The call is running: both buttons wait. */
  pending: boolean;
  /** The submit button's text ("Add user", "Save changes"). */
  label: string;
}

/** A modal form's last row: Cancel and the submit button, on the right. */
export function FormFooter({ onCancel, pending, label }: FormFooterProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm" mt="xs">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" loading={pending} disabled={pending}>
        {label}
      </Button>
    </Group>
  );
}
