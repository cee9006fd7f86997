import type { UploadResponse } from '@ledgerdesk/contracts';
import { Button, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { uploadFiles } from '../../lib/upload';
import { FileDropzone } from '../files';
import { attachmentsPath, useAttachments, useAttachmentsChanged } from './api';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'];

/**
 * The one picture of a record (a post's cover, a gallery image), its first image attachment: a
 * file chosen in the form is shown at once and sent when the record is saved (`save`, from the
 * form's `afterSave`), replacing the one it had; Remove takes it off on save too. One code path
 * for a new record and a saved one.
 */
export function usePictureChoice(recordsApi: string) {
  const [file, setFile] = useState<File | null>(null);
  const [removed, setRemoved] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const changed = useAttachmentsChanged(recordsApi);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return {
    recordsApi,
    file,
    preview,
    removed,
    choose(chosen: File) {
      setFile(chosen);
      setRemoved(false);
    },
    remove() {
      setFile(null);
      setRemoved(true);
    },
    /** After the record is saved: the chosen picture in, the previous ones out. */
    async save(recordId: string) {
      if (!file && !removed) return;
      const path = attachmentsPath(recordsApi, recordId);
      const before = (await api.get<{ items: { id: string }[] }>(path)).items;
      if (file) await uploadFiles<UploadResponse>(path, file);
      for (const old of before) await api.delete(`${path}/${old.id}`);
      setFile(null);
      setRemoved(false);
      await changed();
    },
  };
}
export type PictureChoice = ReturnType<typeof usePictureChoice>;

/** The field: the picture (chosen, or the record's), Remove, and a zone to choose another. */
export function PictureField({
  choice,
  recordId,
  label,
}: {
  choice: PictureChoice;
  recordId?: string;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper label={label} mt="md">
      <Stack gap="xs" mt={4}>
        {choice.preview ? (
          <Shown src={choice.preview} name={choice.file?.name ?? ''} onRemove={choice.remove} />
        ) : recordId && !choice.removed ? (
          <SavedPicture choice={choice} recordId={recordId} />
        ) : null}
        <FileDropzone
          compact
          multiple={false}
          accept={IMAGE_TYPES}
          onDrop={(files) => {
            if (files[0]) choice.choose(files[0]);
          }}
          label={t('pictureField.drop')}
        />
      </Stack>
    </Input.Wrapper>
  );
}

function SavedPicture({ choice, recordId }: { choice: PictureChoice; recordId: string }) {
  const list = useAttachments(choice.recordsApi, recordId);
  const first = list.data?.items[0];
  if (!first) return null;
  return <Shown src={first.thumbnailUrl ?? first.url} name={first.name} onRemove={choice.remove} />;
}

function Shown({ src, name, onRemove }: { src: string; name: string; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xs">
      <Group gap="md" wrap="nowrap">
        <Image src={src} alt="" w={120} h={80} radius="sm" fit="cover" />
        <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate>
          {name}
        </Text>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden="true" />}
          onClick={onRemove}
        >
          {t('pictureField.remove')}
        </Button>
      </Group>
    </Paper>
  );
}
