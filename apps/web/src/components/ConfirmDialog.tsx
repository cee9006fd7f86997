import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  /** Red confirm button for destructive actions (the default). */
  danger?: boolean;
  /** The call is running: the buttons wait, the dialog stays. */
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that cannot be undone. The caller closes it once the call completes. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  danger = true,
  pending = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={pending ? () => {} : onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack gap="lg">
        <Text component="div" size="sm">
          {children}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('actions.cancel')}
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={pending} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
