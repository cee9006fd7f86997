import { ActionIcon, Button, Group, Paper, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconRefresh, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../lib/format';
import { FileIcon } from './FileIcon';
import type { UploadItem, Uploads } from './use-uploads';

/** The uploads of a `useUploads` queue: each file with its progress bar, cancel, error and retry. */
export function UploadQueue({ uploads, title }: { uploads: Uploads; title?: string }) {
  const { t } = useTranslation();
  if (uploads.items.length === 0) return null;
  const finished = uploads.items.some((item) => item.status !== 'uploading');
  return (
    <Paper withBorder radius="md" p="sm" role="region" aria-label={title ?? t('files.uploads.title')}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {title ?? t('files.uploads.title')}
        </Text>
        {finished && (
          <Button size="compact-xs" variant="subtle" onClick={uploads.clearFinished}>
            {t('files.uploads.clear')}
          </Button>
        )}
      </Group>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {uploads.items.map((item) => (
          <UploadRow key={item.id} item={item} uploads={uploads} />
        ))}
      </Stack>
    </Paper>
  );
}

function UploadRow({ item, uploads }: { item: UploadItem; uploads: Uploads }) {
  const { t } = useTranslation();
  const name = item.file.name;
  const percent = item.total > 0 ? Math.min(100, Math.round((item.loaded / item.total) * 100)) : 0;
  const status =
    item.status === 'uploading'
      ? t('files.uploads.progress', {
          sent: formatBytes(item.loaded),
          total: formatBytes(item.total),
          percent,
        })
      : item.status === 'done'
        ? t('files.uploads.done', { size: formatBytes(item.file.size) })
        : item.status === 'cancelled'
          ? t('files.uploads.cancelled')
          : item.error;
  return (
    <li data-upload-status={item.status}>
      <Group gap="sm" wrap="nowrap" align="center">
        <FileIcon mime={item.file.type} size={22} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" truncate="end" title={name}>
              {name}
            </Text>
            {item.status === 'done' && (
              <IconCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />
            )}
          </Group>
          {item.status === 'uploading' && (
            <Progress
              value={percent}
              size="sm"
              animated={percent < 100}
              aria-label={t('files.uploads.progressOf', { name })}
            />
          )}
          <Text
            size="xs"
            c={item.status === 'failed' ? 'red' : 'dimmed'}
            role={item.status === 'failed' ? 'alert' : undefined}
          >
            {status}
          </Text>
        </Stack>
        {item.status === 'uploading' ? (
          <Tooltip label={t('files.uploads.cancel')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => uploads.cancel(item.id)}
              aria-label={t('files.uploads.cancelOf', { name })}
            >
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        ) : (
          <Group gap={2} wrap="nowrap">
            {(item.status === 'failed' || item.status === 'cancelled') && (
              <Tooltip label={t('files.uploads.retry')}>
                <ActionIcon
                  variant="subtle"
                  onClick={() => uploads.retry(item.id)}
                  aria-label={t('files.uploads.retryOf', { name })}
                >
                  <IconRefresh size={16} />
                </ActionIcon>
              </Tooltip>
            )}
            <Tooltip label={t('files.uploads.dismiss')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => uploads.dismiss(item.id)}
                aria-label={t('files.uploads.dismissOf', { name })}
              >
                <IconX size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
    </li>
  );
}
