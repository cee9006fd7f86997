import type { FileRecord, UploadResponse } from '@ledgerdesk/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../lib/api';
import { formatBytes, formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { uploadFiles } from '../../lib/upload';
import { ConfirmDialog } from '../ConfirmDialog';
import { downloadUrlOf, FileDropzone, FileIcon, FilePreview, UploadQueue, useUploads } from '../files';
import { attachmentsPath, useAttachments, useAttachmentsChanged, useDeleteAttachment } from './api';
import classes from './attachments.module.css';

/** A file of the list: its thumbnail or icon, name (opens the preview), size, who added it and when. */
export function AttachmentItem({
  file,
  onPreview,
  onDelete,
}: {
  file: FileRecord;
  onPreview: (file: FileRecord) => void;
  onDelete?: (file: FileRecord) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group component="li" wrap="nowrap" gap="sm" className={classes.item}>
      {file.thumbnailUrl ? (
        <img src={file.thumbnailUrl} alt="" className={classes.thumbnail} loading="lazy" />
      ) : (
        <span className={classes.icon}>
          <FileIcon mime={file.mime} size={22} />
        </span>
      )}
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <UnstyledButton onClick={() => onPreview(file)} className={classes.name} title={file.name}>
          <Text size="sm" fw={500} truncate="end">
            {file.name}
          </Text>
        </UnstyledButton>
        <Text size="xs" c="dimmed">
          {t('attachments.meta', {
            size: formatBytes(file.size),
            who: file.ownerName,
            when: formatDateTime(file.createdAt),
          })}
        </Text>
      </Stack>
      <Tooltip label={t('attachments.download', { name: file.name })} withArrow>
        <ActionIcon
          component="a"
          href={downloadUrlOf(file.url)}
          download={file.name}
          variant="subtle"
          color="gray"
          aria-label={t('attachments.download', { name: file.name })}
        >
          <IconDownload size={16} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      {onDelete ? (
        <Tooltip label={t('attachments.remove', { name: file.name })} withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={() => onDelete(file)}
            aria-label={t('attachments.remove', { name: file.name })}
          >
            <IconTrash size={16} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}

/**
 * The files attached to a record (GET {recordsApi}/{recordId}/attachments), with their count: each
 * opens in a preview and downloads; whoever may change the record adds files (drop or pick, each
 * with its progress and cancel) and removes them (asked first). Read-only otherwise.
 */
export function AttachmentsPanel({
  recordsApi,
  recordId,
  canEdit,
}: {
  /** The records' API path ("/apps/task"). */
  recordsApi: string;
  recordId: string;
  /** Whether the reader may change the record (their permission); the server checks it again. */
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const attachments = useAttachments(recordsApi, recordId);
  const remove = useDeleteAttachment(recordsApi, recordId);
  const changed = useAttachmentsChanged(recordsApi);
  const uploads = useUploads<UploadResponse>(
    (file, options) => uploadFiles(attachmentsPath(recordsApi, recordId), file, options),
    { onUploaded: () => void changed() },
  );
  const [previewed, setPreviewed] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<FileRecord | null>(null);
  const items = attachments.data?.items ?? [];
  // The server says per file what the reader may do; the page says whether they may edit at all.
  const mayEdit = (file: FileRecord) => canEdit && file.access !== 'view';

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete, {
      onSuccess: () => {
        notifySuccess(t('attachments.removed', { name: toDelete.name }));
        setToDelete(null);
      },
      onError: (error) => {
        notifyError(errorMessageOf(error), { title: t('attachments.removeFailed') });
        setToDelete(null);
      },
    });
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={headingId}>
      <Group gap="xs" mb="md">
        <Title order={2} size="h4" id={headingId}>
          {t('attachments.title')}
        </Title>
        {attachments.data ? (
          <Badge variant="light" color="gray" aria-label={t('attachments.count', { count: items.length })}>
            {items.length}
          </Badge>
        ) : null}
      </Group>
      {attachments.isPending ? (
        <Skeleton h={56} radius="md" />
      ) : attachments.isError ? (
        <Alert color="red" role="alert">
          {errorMessageOf(attachments.error)}
        </Alert>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('attachments.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap={4} p={0} m={0} className={classes.list} aria-labelledby={headingId}>
          {items.map((file) => (
            <AttachmentItem
              key={file.id}
              file={file}
              onPreview={(shown) => setPreviewed(items.indexOf(shown))}
              onDelete={mayEdit(file) ? setToDelete : undefined}
            />
          ))}
        </Stack>
      )}
      {canEdit ? (
        <Stack gap="sm" mt="md">
          <FileDropzone onDrop={uploads.add} compact />
          <UploadQueue uploads={uploads} />
        </Stack>
      ) : null}
      <FilePreview
        files={items}
        index={previewed}
        onIndexChange={setPreviewed}
        onClose={() => setPreviewed(null)}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('attachments.removeTitle')}
        confirmLabel={t('actions.delete')}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      >
        {toDelete ? t('attachments.removeQuestion', { name: toDelete.name }) : null}
      </ConfirmDialog>
    </Paper>
  );
}
