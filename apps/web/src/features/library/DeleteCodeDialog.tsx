import type { CodeLevel, CodeRecord } from '@ledgerdesk/contracts';
import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { descendantsOf, useDeleteCode } from './api';
import { codeLabel, levelLabel } from './levels';

interface DeleteCodeDialogProps {
  /** The code to delete; none when closed. */
  record: CodeRecord | null;
  onClose: () => void;
  onDeleted?: (record: CodeRecord) => void;
}

/**
 * Deletes a code after asking. The server refuses a code with codes below it (409 HAS_CHILDREN
 * with their count): the dialog then says how many, and a second confirmation deletes them too.
 */
export function DeleteCodeDialog({ record, onClose, onDeleted }: DeleteCodeDialogProps) {
  const { t } = useTranslation('library');
  const last = useRef(record);
  if (record) last.current = record;
  const shown = record ?? last.current;
  const level = (shown?.level ?? 1) as CodeLevel;
  const remove = useDeleteCode(level);
  const [refusal, setRefusal] = useState<{ id: string; count: number; message: string } | null>(null);
  const cascade = refusal !== null && refusal.id === shown?.id ? refusal : null;

  const close = () => {
    setRefusal(null);
    onClose();
  };

  const confirm = async () => {
    if (!shown) return;
    try {
      await remove.mutateAsync({ id: shown.id, cascade: cascade !== null });
      setRefusal(null);
      onDeleted?.(shown);
      onClose();
    } catch (error) {
      const count = descendantsOf(error);
      if (count !== null && !cascade) {
        setRefusal({ id: shown.id, count, message: error instanceof Error ? error.message : '' });
        return;
      }
      close();
    }
  };

  return (
    <ConfirmDialog
      opened={record !== null}
      title={
        cascade
          ? t('delete.cascadeTitle', { code: shown?.codeComb })
          : t('delete.title', { level: levelLabel(level) })
      }
      confirmLabel={
        cascade ? t('delete.confirmCodes', { count: cascade.count + 1 }) : t('common:actions.delete')
      }
      pending={remove.isPending}
      onClose={close}
      onConfirm={() => void confirm()}
    >
      {shown && cascade ? (
        <Stack gap="sm">
          <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
            {cascade.message}
          </Alert>
          <Text size="sm">
            <Trans
              t={t}
              i18nKey="delete.cascadeQuestion"
              values={{ code: codeLabel(shown) }}
              count={cascade.count}
              components={{ strong: <strong /> }}
            />
          </Text>
        </Stack>
      ) : shown ? (
        <Trans
          t={t}
          i18nKey="delete.question"
          values={{ code: codeLabel(shown) }}
          components={{ strong: <strong /> }}
        />
      ) : null}
    </ConfirmDialog>
  );
}
