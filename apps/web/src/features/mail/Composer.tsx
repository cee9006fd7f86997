import type { FileRecord, UploadResponse } from '@ledgerdesk/contracts';
import {
  ActionIcon,
  Anchor,
  Button,
  FileButton,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconPaperclip, IconSend, IconTrash, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  attachmentsPath,
  useAttachments,
  useAttachmentsChanged,
  useDeleteAttachment,
} from '../../components/attachments/api';
import { FileIcon, UploadQueue, useUploads } from '../../components/files';
import { RichTextInput } from '../../components/RichTextInput';
import { StaleRecordNotice } from '../../components/StaleRecordNotice';
import { errorMessageOf } from '../../lib/api';
import { formatBytes } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { uploadFiles } from '../../lib/upload';
import { type DraftValues, type MailDraft, MESSAGES_API, mailApi, mailKeys } from './api';
import classes from './mail.module.css';
import { RecipientsInput } from './RecipientsInput';
import { type SaveState, useDraft } from './use-draft';

/** What the composer opens with: a new mail, a reply or forward (prefilled), or a stored draft. */
export interface ComposerRequest {
  kind: 'new' | 'reply' | 'forward';
  initial: DraftValues;
  existing: MailDraft | null;
}

/**
 * The composer, in a dialog (full screen on a phone): recipients with autocomplete, subject, rich
 * text, attachments; the draft saves itself as one types (its state shown beside Send), and closing
 * keeps it in Drafts. Send saves what is left, then sends the draft.
 */
export function Composer({ request, onClose }: { request: ComposerRequest; onClose: () => void }) {
  const { t } = useTranslation('mail');
  const phone = useMediaQuery('(max-width: 48em)');
  const client = useQueryClient();
  const draft = useDraft(request.initial, request.existing);
  const { values, change } = draft;
  const [showCc, setShowCc] = useState(values.cc.length + values.bcc.length > 0);
  const [resetTo, setResetTo] = useState<{ html: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [missing, setMissing] = useState(false);
  const messageId = draft.draft?.id ?? null;

  const close = () => {
    // Whatever is typed is kept: the last save runs before the dialog goes.
    void draft.flush().catch(() => undefined);
    void client.invalidateQueries({ queryKey: mailKeys.root });
    onClose();
  };

  const send = async () => {
    if (values.to.length + values.cc.length + values.bcc.length === 0) {
      setMissing(true);
      return;
    }
    setSending(true);
    try {
      const saved = await draft.flush();
      if (!saved) return;
      await mailApi.sendDraft(saved.id, saved.version);
      notifySuccess(t('composer.sent'));
      void client.invalidateQueries({ queryKey: mailKeys.root });
      onClose();
    } catch (error) {
      if (!draft.stale) notifyError(errorMessageOf(error), { title: t('composer.sendFailed') });
    } finally {
      setSending(false);
    }
  };

  const discard = async () => {
    const saved = await draft.flush().catch(() => draft.draft);
    try {
      if (saved) await mailApi.deleteDraft(saved.id);
      notifySuccess(t('composer.discarded'));
      void client.invalidateQueries({ queryKey: mailKeys.root });
      onClose();
    } catch (error) {
      notifyError(errorMessageOf(error));
    }
  };

  const title = t(request.kind === 'new' ? 'composer.new' : `composer.${request.kind}`);

  return (
    <Modal
      opened
      onClose={close}
      title={title}
      size={760}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('composer.close') }}
      classNames={{ body: classes.composerBody }}
    >
      <Stack gap="sm">
        <StaleRecordNotice
          open={draft.stale !== null}
          onReload={() => {
            const current = draft.reload();
            if (current) setResetTo({ html: current.bodyHtml });
          }}
          onOverwrite={() => void draft.overwrite()}
        />
        <div className={classes.recipientRow}>
          <RecipientsInput
            label={t('composer.to')}
            value={values.to}
            onChange={(to) => {
              setMissing(false);
              change({ to });
            }}
            autoFocus={request.kind !== 'reply'}
          />
          {showCc ? null : (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => setShowCc(true)}
              className={classes.ccToggle}
            >
              {t('composer.showCc')}
            </Anchor>
          )}
        </div>
        {missing ? (
          <Text size="sm" c="red" role="alert">
            {t('composer.noRecipient')}
          </Text>
        ) : null}
        {showCc ? (
          <>
            <RecipientsInput label={t('composer.cc')} value={values.cc} onChange={(cc) => change({ cc })} />
            <RecipientsInput
              label={t('composer.bcc')}
              value={values.bcc}
              onChange={(bcc) => change({ bcc })}
            />
          </>
        ) : null}
        <TextInput
          label={t('composer.subject')}
          value={values.subject}
          onChange={(event) => change({ subject: event.currentTarget.value })}
          maxLength={300}
        />
        <RichTextInput
          label={t('composer.body')}
          initialHtml={values.bodyHtml}
          headings={[1, 2, 3]}
          resetTo={resetTo}
          onChange={(bodyHtml) => change({ bodyHtml })}
          focusStart={request.kind === 'reply'}
          className={classes.editor}
        />
        {messageId ? <DraftAttachments messageId={messageId} /> : null}
        <Group justify="space-between" wrap="wrap" gap="sm" className={classes.composerFooter}>
          <Group gap="xs">
            <Button
              leftSection={<IconSend size={16} aria-hidden="true" />}
              onClick={() => void send()}
              loading={sending}
            >
              {t('composer.send')}
            </Button>
            <AttachButton messageId={messageId} />
            <SaveStatus state={draft.state} />
          </Group>
          <Tooltip label={t('composer.discard')} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('composer.discard')}
              onClick={() => void discard()}
            >
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Stack>
    </Modal>
  );
}

/** "Saving…", "Saved" or "Not saved", read out politely when it changes. */
function SaveStatus({ state }: { state: SaveState }) {
  const { t } = useTranslation('mail');
  return (
    <Text
      size="sm"
      c={state === 'failed' ? 'red' : 'dimmed'}
      aria-live="polite"
      data-testid="draft-state"
      className={classes.saveState}
    >
      {state === 'saving' ? (
        t('composer.saving')
      ) : state === 'saved' ? (
        <>
          <IconCheck size={14} aria-hidden="true" /> {t('composer.saved')}
        </>
      ) : state === 'failed' ? (
        <>
          <IconX size={14} aria-hidden="true" /> {t('composer.saveFailed')}
        </>
      ) : null}
    </Text>
  );
}

/** Files go to the draft's message: available once the draft exists (after the first save). */
function AttachButton({ messageId }: { messageId: string | null }) {
  const { t } = useTranslation('mail');
  const changed = useAttachmentsChanged(MESSAGES_API);
  const uploads = useUploads<UploadResponse>(
    (file, options) => uploadFiles(attachmentsPath(MESSAGES_API, messageId ?? ''), file, options),
    { onUploaded: () => void changed() },
  );
  const button = (
    <FileButton multiple onChange={(files) => uploads.add(files)} disabled={!messageId}>
      {(props) => (
        <ActionIcon
          {...props}
          variant="default"
          size={36}
          aria-label={messageId ? t('composer.attach') : t('composer.attachNeedsDraft')}
          disabled={!messageId}
        >
          <IconPaperclip size={18} aria-hidden="true" />
        </ActionIcon>
      )}
    </FileButton>
  );
  return (
    <>
      <Tooltip label={messageId ? t('composer.attach') : t('composer.attachNeedsDraft')} withArrow>
        <span>{button}</span>
      </Tooltip>
      {uploads.items.length > 0 ? (
        <div className={classes.uploadQueue}>
          <UploadQueue uploads={uploads} />
        </div>
      ) : null}
    </>
  );
}

/** The files attached to the draft, each removable. */
function DraftAttachments({ messageId }: { messageId: string }) {
  const { t } = useTranslation('mail');
  const attachments = useAttachments(MESSAGES_API, messageId);
  const remove = useDeleteAttachment(MESSAGES_API, messageId);
  const items = attachments.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Group gap="xs" component="ul" className={classes.chips} aria-label={t('composer.attachments')}>
      {items.map((file: FileRecord) => (
        <Group component="li" key={file.id} gap={6} wrap="nowrap" className={classes.chip}>
          <FileIcon mime={file.mime} size={16} />
          <Text size="xs" truncate="end" maw={180}>
            {file.name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatBytes(file.size)}
          </Text>
          <ActionIcon
            size="xs"
            variant="subtle"
            color="gray"
            aria-label={t('composer.removeAttachment', { name: file.name })}
            onClick={() => remove.mutate(file)}
          >
            <IconX size={12} aria-hidden="true" />
          </ActionIcon>
        </Group>
      ))}
    </Group>
  );
}
