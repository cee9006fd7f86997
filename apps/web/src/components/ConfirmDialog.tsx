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

interface ConfirmDeleteProps<Rec> {
  /** The record to delete; null: the dialog is closed. */
  record: Rec | null;
  /** What one record is, for the title: "Delete this <entity>?". */
  entity: string;
  nameOf: (record: Rec) => string;
  /** The area's own question; by default "“<name>” will be deleted. This cannot be undone." */
  question?: (record: Rec) => ReactNode;
  pending?: boolean;
  onConfirm: (record: Rec) => void;
  onClose: () => void;
}

/** "Delete this <entity>?", asked before a record is deleted (from a list, a row menu or its page). */
export function ConfirmDelete<Rec>({
  record,
  entity,
  nameOf,
  question,
  pending,
  onConfirm,
  onClose,
}: ConfirmDeleteProps<Rec>) {
  const { t } = useTranslation();
  let body: ReactNode = null;
  if (record !== null)
    body = question ? question(record) : t('resource.deleteQuestion', { name: nameOf(record) });
  return (
    <ConfirmDialog
      opened={record !== null}
      title={t('resource.deleteTitle', { entity })}
      confirmLabel={t('resource.delete')}
      pending={pending}
      onClose={onClose}
      onConfirm={() => {
        if (record !== null) onConfirm(record);
      }}
    >
      {body}
    </ConfirmDialog>
  );
}
