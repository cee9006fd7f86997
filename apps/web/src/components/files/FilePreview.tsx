import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../lib/format';
import { FileIcon } from './FileIcon';

/** What a preview needs of a file (a FileRecord has it). */
export interface PreviewFile {
  id: string;
  name: string;
  mime: string;
  size: number;
  /** The signed content URL. */
  url: string;
}

/** Text is shown up to this many bytes (the rest is one download away). */
export const TEXT_PREVIEW_BYTES = 256 * 1024;

type PreviewKind = 'image' | 'pdf' | 'text' | 'audio' | 'video' | 'none';

/** How a type can be shown in the page; SVG and HTML never are (the server sends them as downloads). */
export function previewKindOf(mime: string): PreviewKind {
  if (/^image\/(png|jpeg|gif|webp|avif|bmp)$/.test(mime)) return 'image';
  if (mime === 'application/pdf') return 'pdf';
  if (mime.startsWith('text/plain') || mime === 'text/csv' || mime === 'text/markdown') return 'text';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('video/')) return 'video';
  return 'none';
}

/** A content URL that makes the browser save the file rather than show it. */
export function downloadUrlOf(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}

/**
 * A file shown in a modal (image, PDF in the browser's viewer, text, audio, video), with Download
 * and, over a list, previous/next (buttons and the arrow keys). `index` null: closed.
 */
export function FilePreview({
  files,
  index,
  onIndexChange,
  onClose,
}: {
  files: readonly PreviewFile[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const file = index === null ? undefined : files[index];
  const hasPrevious = index !== null && index > 0;
  const hasNext = index !== null && index < files.length - 1;

  useEffect(() => {
    if (index === null) return;
    const onKey = (event: KeyboardEvent) => {
      // Keys typed in a media player's controls are its own.
      if (event.target instanceof HTMLMediaElement) return;
      if (event.key === 'ArrowLeft' && index > 0) onIndexChange(index - 1);
      if (event.key === 'ArrowRight' && index < files.length - 1) onIndexChange(index + 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, files.length, onIndexChange]);

  return (
    <Modal
      opened={file !== undefined}
      onClose={onClose}
      size="xl"
      centered
      title={
        file && (
          <Group gap="xs" wrap="nowrap" miw={0}>
            <FileIcon mime={file.mime} />
            <Text fw={600} truncate="end" title={file.name}>
              {file.name}
            </Text>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatBytes(file.size)}
            </Text>
          </Group>
        )
      }
      styles={{ title: { minWidth: 0, flex: 1 } }}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {file && (
        <Stack gap="md">
          <Box mih={200}>
            <PreviewBody file={file} />
          </Box>
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs">
              {files.length > 1 && (
                <>
                  <Tooltip label={t('files.preview.previous')}>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      disabled={!hasPrevious}
                      onClick={() => index !== null && onIndexChange(index - 1)}
                      aria-label={t('files.preview.previous')}
                    >
                      <IconChevronLeft size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Text size="sm" c="dimmed">
                    {t('files.preview.position', { position: (index ?? 0) + 1, count: files.length })}
                  </Text>
                  <Tooltip label={t('files.preview.next')}>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      disabled={!hasNext}
                      onClick={() => index !== null && onIndexChange(index + 1)}
                      aria-label={t('files.preview.next')}
                    >
                      <IconChevronRight size={18} />
                    </ActionIcon>
                  </Tooltip>
                </>
              )}
            </Group>
            <Button
              component="a"
              href={downloadUrlOf(file.url)}
              download={file.name}
              leftSection={<IconDownload size={16} />}
            >
              {t('files.actions.download')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function PreviewBody({ file }: { file: PreviewFile }) {
  const { t } = useTranslation();
  const kind = previewKindOf(file.mime);
  if (kind === 'image')
    return (
      <Center>
        <img
          src={file.url}
          alt={file.name}
          style={{ maxWidth: '100%', maxHeight: '70vh', objectFit: 'contain', borderRadius: 8 }}
        />
      </Center>
    );
  if (kind === 'pdf')
    return (
      <iframe
        src={file.url}
        title={file.name}
        style={{ width: '100%', height: '70vh', border: 0, borderRadius: 8 }}
      />
    );
  if (kind === 'audio')
    return (
      <Center mih={200}>
        <audio src={file.url} controls aria-label={file.name} style={{ width: '100%' }}>
          <track kind="captions" />
        </audio>
      </Center>
    );
  if (kind === 'video')
    return (
      <video
        src={file.url}
        controls
        aria-label={file.name}
        style={{ width: '100%', maxHeight: '70vh', borderRadius: 8 }}
      >
        <track kind="captions" />
      </video>
    );
  if (kind === 'text') return <TextPreview file={file} />;
  return (
    <Center mih={200}>
      <Stack align="center" gap="xs">
        <FileIcon mime={file.mime} size={48} />
        <Text c="dimmed">{t('files.preview.none')}</Text>
      </Stack>
    </Center>
  );
}

/*
 * An uploaded recording comes without a captions file: the media elements carry an empty captions
 * track (none to offer), the player's own controls stay usable.
 */

/** The start of a text file, read with a Range request so a huge log costs only its first bytes. */
function TextPreview({ file }: { file: PreviewFile }) {
  const { t } = useTranslation();
  const text = useQuery({
    queryKey: ['files-preview', file.id, file.url],
    queryFn: async ({ signal }) => {
      const response = await fetch(file.url, {
        headers: { Range: `bytes=0-${TEXT_PREVIEW_BYTES - 1}` },
        signal,
      });
      if (!response.ok) throw new Error(t('files.preview.failed'));
      const bytes = new Uint8Array(await response.arrayBuffer());
      return new TextDecoder().decode(bytes.subarray(0, TEXT_PREVIEW_BYTES));
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (text.isPending)
    return (
      <Center mih={200}>
        <Loader size="sm" aria-label={t('files.preview.loading')} />
      </Center>
    );
  if (text.isError)
    return (
      <Alert color="red" variant="light">
        {t('files.preview.failed')}
      </Alert>
    );
  return (
    <Stack gap="xs">
      <ScrollArea.Autosize mah="65vh" type="auto">
        <Box
          component="pre"
          m={0}
          p="sm"
          fz="sm"
          style={{
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            background: 'var(--mantine-color-default-hover)',
            borderRadius: 8,
          }}
        >
          {text.data}
        </Box>
      </ScrollArea.Autosize>
      {file.size > TEXT_PREVIEW_BYTES && (
        <Text size="xs" c="dimmed">
          {t('files.preview.truncated', { size: formatBytes(TEXT_PREVIEW_BYTES) })}
        </Text>
      )}
    </Stack>
  );
}
