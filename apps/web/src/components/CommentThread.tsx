import { initialsOf } from '@ledgerdesk/contracts';
import { Alert, Avatar, Button, Group, Paper, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../lib/api';
import { formatDateTime } from '../lib/format';
import { useSessionUser } from '../lib/session';
import { ConfirmDialog } from './ConfirmDialog';

/** What every kind of comment has: the thread needs no more. */
export interface ThreadComment {
  id: string;
  body: string;
  createdAt: string;
  author: { id: string; name: string } | null;
}

interface CommentThreadProps<C extends ThreadComment> {
  comments: readonly C[];
  /** The state of the query that brings them. */
  loading: boolean;
  error: unknown;
  labels: {
    /** The list's accessible name. */
    list: string;
    empty: string;
    /** The title and question of the delete confirmation. */
    deleteTitle: string;
    deleteQuestion: string;
  };
  /** Whether the signed-in user may delete this comment (`mine`: they wrote it). */
  canDelete: (comment: C, mine: boolean) => boolean;
  /** Deletes it; the thread closes its confirmation when this settles. */
  onDelete: (comment: C) => Promise<unknown>;
  /** Beside the author and the date: a status, say. */
  badge?: (comment: C, mine: boolean) => ReactNode;
  /** Before Delete: what else may be done to it (approve, hide…). */
  actions?: (comment: C, author: string) => ReactNode;
  /** A class for the comment's card (a pending comment looks different). */
  itemClassName?: (comment: C) => string | undefined;
}

/**
 * A list of comments with their authors and dates, and Delete behind a confirmation: the one way
 * comments look, wherever they are (a task's, a post's). The order, paging and form are the
 * caller's.
 */
export function CommentThread<C extends ThreadComment>({
  comments,
  loading,
  error,
  labels,
  canDelete,
  onDelete,
  badge,
  actions,
  itemClassName,
}: CommentThreadProps<C>) {
  const { t } = useTranslation('common');
  const me = useSessionUser();
  const [toDelete, setToDelete] = useState<C | null>(null);
  const [deleting, setDeleting] = useState(false);

  const confirmDelete = async (comment: C) => {
    setDeleting(true);
    try {
      await onDelete(comment);
    } catch {
      // The caller has said what went wrong; the confirmation closes either way.
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  let body: ReactNode;
  if (loading) body = <Skeleton h={120} radius="md" />;
  else if (error)
    body = (
      <Alert color="red" role="alert">
        {errorMessageOf(error)}
      </Alert>
    );
  else if (comments.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        {labels.empty}
      </Text>
    );
  else
    body = (
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={labels.list}>
        {comments.map((comment) => {
          const author = comment.author?.name ?? t('comments.formerUser');
          const mine = comment.author !== null && comment.author.id === me?.id;
          const extra = actions?.(comment, author);
          const deletable = canDelete(comment, mine);
          return (
            <Paper
              component="li"
              key={comment.id}
              withBorder
              p="md"
              radius="md"
              className={itemClassName?.(comment)}
            >
              <Group gap="sm" align="flex-start" wrap="nowrap">
                <Avatar size={32} radius="xl" color="indigo" aria-hidden="true">
                  {initialsOf(author)}
                </Avatar>
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" fw={600}>
                      {author}
                    </Text>
                    <Text size="xs" c="dimmed" component="time" dateTime={comment.createdAt}>
                      {formatDateTime(comment.createdAt)}
                    </Text>
                    {badge?.(comment, mine)}
                  </Group>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {comment.body}
                  </Text>
                  {extra || deletable ? (
                    <Group gap="xs" mt={4}>
                      {extra}
                      {deletable ? (
                        <Button
                          size="compact-sm"
                          variant="default"
                          leftSection={
                            <IconTrash size={14} color="var(--mantine-color-red-filled)" aria-hidden="true" />
                          }
                          onClick={() => setToDelete(comment)}
                          aria-label={t('comments.deleteOf', { name: author })}
                        >
                          {t('resource.delete')}
                        </Button>
                      ) : null}
                    </Group>
                  ) : null}
                </Stack>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    );

  return (
    <>
      {body}
      <ConfirmDialog
        opened={toDelete !== null}
        title={labels.deleteTitle}
        confirmLabel={t('resource.delete')}
        pending={deleting}
        onClose={() => setToDelete(null)}
        onConfirm={() => toDelete && void confirmDelete(toDelete)}
      >
        {labels.deleteQuestion}
      </ConfirmDialog>
    </>
  );
}

interface CommentFormProps {
  label: string;
  description?: string;
  placeholder: string;
  submitLabel: string;
  maxLength: number;
  minRows?: number;
  /** Sends the comment; the draft is cleared once this resolves, kept if it fails. */
  onSubmit: (body: string) => Promise<unknown>;
}

/** The box to write a comment in, with its button. */
export function CommentForm({
  label,
  description,
  placeholder,
  submitLabel,
  maxLength,
  minRows = 3,
  onSubmit,
}: CommentFormProps) {
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const text = draft.trim();

  const send = async () => {
    setSending(true);
    try {
      await onSubmit(text);
      setDraft('');
    } catch {
      // The caller has said what went wrong; the draft stays to be sent again.
    } finally {
      setSending(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (text && !sending) void send();
        }}
      >
        <Textarea
          label={label}
          description={description}
          placeholder={placeholder}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          maxLength={maxLength}
          autosize
          minRows={minRows}
        />
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={sending} disabled={!text}>
            {submitLabel}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
