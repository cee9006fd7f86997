import '@mantine/dropzone/styles.layer.css';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconCloudUpload, IconUpload, IconX } from '@tabler/icons-react';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import { formatBytes } from '../../lib/format';
import { notifyError } from '../../lib/notify';

export interface FileDropzoneProps {
  /** The files dropped or picked (those the checks below let through). */
  onDrop: (files: File[]) => void;
  /** Types accepted ("image/*", "application/pdf"); anything when left out (the server checks the content). */
  accept?: string[];
  /** Bytes per file, checked before sending (the server checks again). */
  maxSize?: number;
  multiple?: boolean;
  disabled?: boolean;
  /** The sentence inside (default "Drag files here or choose them"). */
  label?: ReactNode;
  /** A smaller zone (in a form or a side panel). */
  compact?: boolean;
}

/** Says why the browser refused files (too large, wrong type) in a toast. */
function reportRejections(rejections: FileRejection[], maxSize: number | undefined) {
  for (const { file, errors } of rejections) {
    const code = errors[0]?.code;
    const message =
      code === 'file-too-large' && maxSize
        ? i18n.t('common:files.drop.tooLarge', { name: file.name, size: formatBytes(maxSize) })
        : code === 'file-invalid-type'
          ? i18n.t('common:files.drop.wrongType', { name: file.name })
          : code === 'too-many-files'
            ? i18n.t('common:files.drop.oneOnly')
            : i18n.t('common:files.drop.refused', { name: file.name });
    notifyError(message);
  }
}

/**
 * Where files are dropped, with a "Choose files" button (a real button: keyboard and screen readers
 * reach the picker through it).
 */
export function FileDropzone({
  onDrop,
  accept,
  maxSize,
  multiple = true,
  disabled = false,
  label,
  compact = false,
}: FileDropzoneProps) {
  const { t } = useTranslation();
  const openRef = useRef<() => void>(null);
  return (
    <Dropzone
      onDrop={onDrop}
      onReject={(rejections) => reportRejections(rejections, maxSize)}
      accept={accept}
      maxSize={maxSize}
      multiple={multiple}
      disabled={disabled}
      openRef={openRef}
      activateOnClick={false}
      activateOnKeyboard={false}
      radius="md"
      p={compact ? 'sm' : 'xl'}
    >
      <Stack align="center" gap={compact ? 6 : 'sm'} style={{ pointerEvents: 'none' }}>
        <Dropzone.Accept>
          <IconUpload
            size={compact ? 28 : 40}
            stroke={1.5}
            color="var(--mantine-primary-color-filled)"
            aria-hidden
          />
        </Dropzone.Accept>
        <Dropzone.Reject>
          <IconX size={compact ? 28 : 40} stroke={1.5} color="var(--mantine-color-red-6)" aria-hidden />
        </Dropzone.Reject>
        <Dropzone.Idle>
          <IconCloudUpload
            size={compact ? 28 : 40}
            stroke={1.5}
            color="var(--mantine-color-dimmed)"
            aria-hidden
          />
        </Dropzone.Idle>
        <Text size={compact ? 'sm' : 'md'} ta="center">
          {label ?? (multiple ? t('files.drop.hint') : t('files.drop.hintOne'))}
        </Text>
        {maxSize !== undefined && (
          <Text size="xs" c="dimmed">
            {t('files.drop.limit', { size: formatBytes(maxSize) })}
          </Text>
        )}
        <Group style={{ pointerEvents: 'all' }}>
          <Button
            size={compact ? 'xs' : 'sm'}
            variant="light"
            leftSection={<IconUpload size={16} />}
            onClick={() => openRef.current?.()}
            disabled={disabled}
          >
            {multiple ? t('files.drop.choose') : t('files.drop.chooseOne')}
          </Button>
        </Group>
      </Stack>
    </Dropzone>
  );
}

/**
 * Files dragged anywhere over the page: a full-screen overlay says where they will go; dropped,
 * they are handed to `onDrop`.
 */
export function PageDropzone({
  onDrop,
  label,
  active = true,
}: {
  onDrop: (files: File[]) => void;
  label: string;
  active?: boolean;
}) {
  return (
    <Dropzone.FullScreen
      active={active}
      onDrop={onDrop}
      onReject={(rejections) => reportRejections(rejections, undefined)}
    >
      <Stack align="center" justify="center" gap="sm" mih="60vh" style={{ pointerEvents: 'none' }}>
        <IconCloudUpload size={56} stroke={1.4} color="var(--mantine-primary-color-filled)" aria-hidden />
        <Text size="xl" fw={600} ta="center">
          {label}
        </Text>
      </Stack>
    </Dropzone.FullScreen>
  );
}
