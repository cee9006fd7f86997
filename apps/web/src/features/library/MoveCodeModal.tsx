import type { CodeLevel, CodeRecord } from '@ledgerdesk/contracts';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../lib/api';
import { useCode, useUpdateCode } from './api';
import { CodePicker } from './CodePicker';
import { codeLabel, fullCode, levelLabel, parentLevel, updateBodyOf } from './levels';
import classes from './library.module.css';

function MoveForm({
  record,
  onClose,
  onMoved,
}: {
  record: CodeRecord;
  onClose: () => void;
  onMoved?: (record: CodeRecord) => void;
}) {
  const { t } = useTranslation('library');
  const level = record.level as CodeLevel;
  const above = parentLevel(level) ?? 1;
  const update = useUpdateCode(level);
  const [parentId, setParentId] = useState<string | null>(record.parent?.id ?? null);
  const [error, setError] = useState<string | null>(null);
  const parent = useCode(parentId);
  const unchanged = parentId === (record.parent?.id ?? null);

  const submit = async () => {
    if (!parentId) {
      setError(t('move.choose', { level: levelLabel(above) }));
      return;
    }
    setError(null);
    try {
      const saved = await update.mutateAsync(updateBodyOf(record, { parentId }));
      onMoved?.(saved.data);
      onClose();
    } catch (failure) {
      setError(errorMessageOf(failure));
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm">
          <Trans
            t={t}
            i18nKey={record.childCount > 0 ? 'move.textWithChildren' : 'move.text'}
            values={{ code: codeLabel(record), level: levelLabel(above) }}
            components={{ strong: <strong /> }}
          />
        </Text>
        <CodePicker
          level={above}
          label={t('move.parent', { level: levelLabel(above) })}
          withAsterisk
          value={parentId}
          onChange={setParentId}
          data-autofocus
        />
        <Text size="sm" aria-live="polite">
          {t('move.newCode')}{' '}
          <strong className={classes.mono}>
            {parent.data ? fullCode(parent.data, record.code) : record.codeComb}
          </strong>
        </Text>
        {error ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending} disabled={unchanged}>
            {t('common:actions.move')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface MoveCodeModalProps {
  /** The L2–L4 code to move; none when closed. */
  record: CodeRecord | null;
  onClose: () => void;
  onMoved?: (record: CodeRecord) => void;
}

/** Moves a code under another parent of the level above (a PUT with the new parentId). */
export function MoveCodeModal({ record, onClose, onMoved }: MoveCodeModalProps) {
  const { t } = useTranslation('library');
  const last = useRef(record);
  if (record) last.current = record;
  return (
    <Modal
      opened={record !== null}
      onClose={onClose}
      title={last.current ? t('move.title', { code: last.current.codeComb }) : t('common:actions.move')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {record ? <MoveForm key={record.id} record={record} onClose={onClose} onMoved={onMoved} /> : null}
    </Modal>
  );
}
