import { type TicketRecord, ticketReplyInput } from '@ledgerdesk/contracts';
import {
  Alert,
  Avatar,
  Button,
  FileButton,
  Group,
  Paper,
  Pill,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentItem } from '../../components/attachments/AttachmentsPanel';
import { FilePreview, UploadQueue, useUploads } from '../../components/files';
import { errorMessageOf, isApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { useCan } from '../../lib/permissions';
import { useAddReply, useAttachToReply, useTicketReplies } from './api';

/** What tells two picked files apart (a File has no id). */
const keyOfFile = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

/**
 * A ticket's replies, oldest first, each with its files, and the form to add one (not while the
 * ticket is Closed). Files chosen for a reply are sent once the reply is saved, each with its
 * progress and cancel: a reply that fails leaves no file behind.
 */
export function ReplyThread({ ticket }: { ticket: TicketRecord }) {
  const { t } = useTranslation(['tickets', 'common']);
  const can = useCan();
  const replies = useTicketReplies(ticket._id);
  const addReply = useAddReply(ticket._id);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<File[]>([]);
  const [previewed, setPreviewed] = useState<number | null>(null);
  // The reply each queued file belongs to (a retry goes to the same reply).
  const replyOfFile = useRef(new Map<File, string>());
  const attach = useAttachToReply(ticket._id);
  const uploads = useUploads((file, options) => attach(replyOfFile.current.get(file) ?? '', file, options));
  const closed = ticket.status === 'Closed';
  const files = replies.data?.results.flatMap((reply) => reply.attachments) ?? [];

  // A file picked twice is attached once.
  const choose = (picked: File[]) =>
    setChosen((current) => {
      const known = new Set(current.map(keyOfFile));
      return [...current, ...picked.filter((file) => !known.has(keyOfFile(file)))];
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = ticketReplyInput.safeParse({ body });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    addReply.mutate(checked.data, {
      onSuccess: ({ data: reply }) => {
        for (const file of chosen) replyOfFile.current.set(file, reply._id);
        uploads.add(chosen);
        setChosen([]);
        setBody('');
      },
      onError: (failure) => {
        const onField = isApiError(failure) ? failure.fieldErrors.body : undefined;
        if (onField) setError(onField);
        else
          notifyError(errorMessageOf(failure), {
            title: t('common:resource.addFailed', { entity: t('reply') }),
          });
      },
    });
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="ticket-replies">
      <Title order={2} size="h4" id="ticket-replies" mb="md">
        {t('thread.title', { count: replies.data?.count ?? ticket.replyCount })}
      </Title>
      {replies.isPending ? (
        <Skeleton h={80} radius="md" />
      ) : replies.isError ? (
        <Alert color="red" role="alert">
          {errorMessageOf(replies.error)}
        </Alert>
      ) : replies.data.results.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('thread.empty')}
        </Text>
      ) : (
        <Stack gap="md" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {replies.data.results.map((reply) => (
            <Group key={reply._id} component="li" align="flex-start" wrap="nowrap" gap="sm">
              <Avatar radius="xl" color="indigo" aria-hidden="true">
                {(reply.author?.name ?? '?').charAt(0).toUpperCase()}
              </Avatar>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Group gap="xs">
                  <Text size="sm" fw={600}>
                    {reply.author?.name ?? t('thread.formerUser')}
                  </Text>
                  <Text size="xs" c="dimmed" component="time" dateTime={reply.createdAt}>
                    {formatDateTime(reply.createdAt)}
                  </Text>
                </Group>
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                  {reply.body}
                </Text>
                {reply.attachments.length > 0 ? (
                  <Stack
                    component="ul"
                    gap={2}
                    p={0}
                    mt="xs"
                    mb={0}
                    style={{ listStyle: 'none' }}
                    aria-label={t('common:attachments.title')}
                  >
                    {reply.attachments.map((file) => (
                      <AttachmentItem
                        key={file.id}
                        file={file}
                        onPreview={(shown) => setPreviewed(files.indexOf(shown))}
                      />
                    ))}
                  </Stack>
                ) : null}
              </div>
            </Group>
          ))}
        </Stack>
      )}
      {can('tickets.manage') ? (
        closed ? (
          <Text size="sm" c="dimmed" mt="lg">
            {t('thread.closed')}
          </Text>
        ) : (
          <form onSubmit={submit} noValidate>
            <Textarea
              mt="lg"
              label={t('thread.reply')}
              autosize
              minRows={3}
              value={body}
              error={error}
              onChange={(event) => setBody(event.currentTarget.value)}
            />
            {chosen.length > 0 ? (
              <Pill.Group mt="xs" aria-label={t('thread.chosen')}>
                {chosen.map((file) => (
                  <Pill
                    key={keyOfFile(file)}
                    withRemoveButton
                    // Mantine hides the remove button from keyboards and screen readers: this one is the only way.
                    removeButtonProps={{
                      'aria-label': t('thread.unchoose', { name: file.name }),
                      'aria-hidden': false,
                      tabIndex: 0,
                    }}
                    onRemove={() => setChosen((current) => current.filter((other) => other !== file))}
                  >
                    {file.name}
                  </Pill>
                ))}
              </Pill.Group>
            ) : null}
            <Group justify="flex-end" mt="sm">
              <FileButton multiple onChange={choose}>
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    leftSection={<IconPaperclip size={16} aria-hidden="true" />}
                  >
                    {t('thread.attach')}
                  </Button>
                )}
              </FileButton>
              <Button
                type="submit"
                loading={addReply.isPending}
                leftSection={<IconSend size={16} aria-hidden="true" />}
              >
                {t('thread.send')}
              </Button>
            </Group>
          </form>
        )
      ) : null}
      <Stack mt={uploads.items.length > 0 ? 'sm' : 0}>
        <UploadQueue uploads={uploads} title={t('thread.uploads')} />
      </Stack>
      <FilePreview
        files={files}
        index={previewed}
        onIndexChange={setPreviewed}
        onClose={() => setPreviewed(null)}
      />
    </Paper>
  );
}
