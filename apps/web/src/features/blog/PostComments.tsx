import {
  BLOG_LIMITS,
  type CommentStatus,
  initialsOf,
  type PostComment,
  type PostComments as PostCommentsAnswer,
} from '@ledgerdesk/contracts';
import { Alert, Avatar, Button, Group, Paper, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconEyeOff, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { StatusBadge } from '../../components/StatusBadge';
import { api, errorMessageOf } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCan } from '../../lib/permissions';
import { queryKeys } from '../../lib/query-keys';
import { useSessionUser } from '../../lib/session';
import classes from './blog.module.css';

const POSTS = '/blog/posts';
const statusColours: Record<CommentStatus, string> = { pending: 'yellow', approved: 'teal', hidden: 'gray' };

/**
 * A post's comments, oldest first, and the form to add one. A comment of someone who does not
 * moderate the blog waits for approval: its author sees it marked pending. Moderators (blog.manage)
 * see every comment with Approve / Hide / Delete; an author may delete their own.
 */
export function PostComments({ postId }: { postId: string }) {
  const { t } = useTranslation(['blog', 'common']);
  const client = useQueryClient();
  const me = useSessionUser();
  const moderator = useCan()('blog.manage');
  const [draft, setDraft] = useState('');
  const [toDelete, setToDelete] = useState<PostComment | null>(null);
  const path = `${POSTS}/${postId}/comments`;
  // Under the posts' root: the counts on the post and its cards change with the comments.
  const key = [...queryKeys.all(POSTS), 'comments', postId];
  const comments = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<PostCommentsAnswer>(path, { signal }),
  });
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.all(POSTS) });
  const add = useMutation({
    mutationFn: (body: string) => api.post<{ data: PostComment }>(path, { body }),
    onSuccess: async (answer) => {
      setDraft('');
      notifySuccess(answer.data.status === 'pending' ? t('comments.sentPending') : t('comments.added'));
      await refresh();
    },
    onError: (error) => notifyError(errorMessageOf(error), { title: t('comments.addFailed') }),
  });
  const moderate = useMutation({
    mutationFn: ({ comment, status }: { comment: PostComment; status: CommentStatus }) =>
      api.patch(`${path}/${comment.id}`, { status }),
    onSuccess: async (_answer, { status }) => {
      notifySuccess(t(`comments.moderated.${status}`));
      await refresh();
    },
    onError: (error) => notifyError(errorMessageOf(error), { title: t('comments.moderateFailed') }),
  });
  const remove = useMutation({
    mutationFn: (comment: PostComment) => api.delete(`${path}/${comment.id}`),
    onSuccess: async () => {
      notifySuccess(t('comments.deleted'));
      await refresh();
    },
    onError: (error) => notifyError(errorMessageOf(error), { title: t('comments.deleteFailed') }),
    onSettled: () => setToDelete(null),
  });

  const shown = comments.data?.comments ?? [];
  return (
    <Stack gap="md">
      {moderator && (comments.data?.pending ?? 0) > 0 ? (
        <Alert color="yellow" variant="light">
          {t('comments.waiting', { count: comments.data?.pending ?? 0 })}
        </Alert>
      ) : null}
      {comments.isPending ? (
        <Skeleton h={120} radius="md" />
      ) : comments.isError ? (
        <Alert color="red" role="alert">
          {errorMessageOf(comments.error)}
        </Alert>
      ) : shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('comments.empty')}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap="sm"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('comments.list')}
        >
          {shown.map((comment) => {
            const author = comment.author?.name ?? t('post.formerUser');
            const mine = comment.author?.id === me?.id;
            return (
              <Paper
                component="li"
                key={comment.id}
                withBorder
                p="md"
                radius="md"
                className={comment.status === 'approved' ? undefined : classes.pending}
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
                      {comment.status === 'approved' ? null : (
                        <StatusBadge color={statusColours[comment.status]}>
                          {t(
                            mine && comment.status === 'pending'
                              ? 'comments.yoursPending'
                              : `comments.status.${comment.status}`,
                          )}
                        </StatusBadge>
                      )}
                    </Group>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {comment.body}
                    </Text>
                    {moderator || mine ? (
                      <Group gap="xs" mt={4}>
                        {moderator && comment.status !== 'approved' ? (
                          <Button
                            size="compact-sm"
                            leftSection={<IconCheck size={14} aria-hidden="true" />}
                            onClick={() => moderate.mutate({ comment, status: 'approved' })}
                            aria-label={t('comments.approveOf', { name: author })}
                          >
                            {t('comments.approve')}
                          </Button>
                        ) : null}
                        {moderator && comment.status !== 'hidden' ? (
                          <Button
                            size="compact-sm"
                            variant="default"
                            leftSection={<IconEyeOff size={14} aria-hidden="true" />}
                            onClick={() => moderate.mutate({ comment, status: 'hidden' })}
                            aria-label={t('comments.hideOf', { name: author })}
                          >
                            {t('comments.hide')}
                          </Button>
                        ) : null}
                        <Button
                          size="compact-sm"
                          variant="default"
                          leftSection={
                            <IconTrash size={14} color="var(--mantine-color-red-filled)" aria-hidden="true" />
                          }
                          onClick={() => setToDelete(comment)}
                          aria-label={t('comments.deleteOf', { name: author })}
                        >
                          {t('common:resource.delete')}
                        </Button>
                      </Group>
                    ) : null}
                  </Stack>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      <Paper withBorder p="md" radius="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (draft.trim()) add.mutate(draft.trim());
          }}
        >
          <Textarea
            label={t('comments.new')}
            description={moderator ? undefined : t('comments.moderatedHint')}
            placeholder={t('comments.placeholder')}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            maxLength={BLOG_LIMITS.comment}
            autosize
            minRows={3}
          />
          <Group justify="flex-end" mt="sm">
            <Button type="submit" loading={add.isPending} disabled={!draft.trim()}>
              {t('comments.add')}
            </Button>
          </Group>
        </form>
      </Paper>
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('comments.deleteTitle')}
        confirmLabel={t('common:resource.delete')}
        pending={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      >
        {t('comments.deleteQuestion')}
      </ConfirmDialog>
    </Stack>
  );
}
