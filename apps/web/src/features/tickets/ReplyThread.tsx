import { type TicketRecord, ticketReplyInput } from '@ledgerdesk/contracts';
import { Alert, Avatar, Button, Group, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, isApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { useCan } from '../../lib/permissions';
import { useAddReply, useTicketReplies } from './api';

/** A ticket's replies, oldest first, and the form to add one (not while the ticket is Closed). */
export function ReplyThread({ ticket }: { ticket: TicketRecord }) {
  const { t } = useTranslation(['tickets', 'common']);
  const can = useCan();
  const replies = useTicketReplies(ticket._id);
  const addReply = useAddReply(ticket._id);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const closed = ticket.status === 'Closed';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = ticketReplyInput.safeParse({ body });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    addReply.mutate(checked.data, {
      onSuccess: () => setBody(''),
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
            <Group justify="flex-end" mt="sm">
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
    </Paper>
  );
}
