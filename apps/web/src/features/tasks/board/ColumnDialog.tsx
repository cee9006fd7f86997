import { TASK_LIMITS, type TaskStatus, taskStatuses } from '@ledgerdesk/contracts';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { valueLabel } from '../../../resources/ResourceForm';

export interface ColumnValues {
  title: string;
  status: TaskStatus | null;
}

interface ColumnDialogProps {
  /** The column edited, or null for a new one. */
  initial: ColumnValues | null;
  pending: boolean;
  onSubmit: (values: ColumnValues) => void;
  onClose: () => void;
}

/** Add a column, or edit one's title and status (a card dropped in a column with a status takes it). */
export function ColumnDialog({ initial, pending, onSubmit, onClose }: ColumnDialogProps) {
  const { t } = useTranslation(['tasks', 'common']);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [status, setStatus] = useState<TaskStatus | null>(initial?.status ?? null);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      opened
      onClose={pending ? () => {} : onClose}
      title={initial ? t('columns.editTitle') : t('columns.addTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = title.trim();
          if (!trimmed) {
            setError(t('columns.titleRequired'));
            return;
          }
          onSubmit({ title: trimmed, status });
        }}
        noValidate
      >
        <Stack gap="md">
          <TextInput
            label={t('columns.title')}
            value={title}
            onChange={(event) => {
              setTitle(event.currentTarget.value);
              setError(null);
            }}
            maxLength={TASK_LIMITS.columnTitleLength}
            error={error}
            required
            data-autofocus
          />
          <Select
            label={t('columns.status')}
            description={t('columns.statusHint')}
            placeholder={t('columns.noStatus')}
            data={taskStatuses.map((value) => ({ value, label: valueLabel(t, 'status', value) }))}
            value={status}
            onChange={(value) => setStatus(value as TaskStatus | null)}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('common:resource.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {initial ? t('columns.save') : t('columns.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
