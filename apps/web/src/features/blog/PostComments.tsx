import {
  BLOG_LIMITS,
  type CommentStatus,
  type PostComment,
  type PostComments as PostCommentsAnswer,
} from '@ledgerdesk/contracts';
import { Alert, Button, Stack } from '@mantine/core';
import { IconCheck, IconEyeOff } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CommentForm, CommentThread } from '../../components/CommentThread';
import { StatusBadge } from '../../components/StatusBadge';
import { api, errorMessageOf } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCan } from '../../lib/permissions';
import { queryKeys } from '../../lib/query-keys';
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
  const moderator = useCan()('blog.manage');
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
  });

  return (
    <Stack gap="md">
      {moderator && (comments.data?.pending ?? 0) > 0 ? (
        <Alert color="yellow" variant="light">
          {t('comments.waiting', { count: comments.data?.pending ?? 0 })}
        </Alert>
      ) : null}
      <CommentThread
        comments={comments.data?.comments ?? []}
        loading={comments.isPending}
        error={comments.error}
        labels={{
          list: t('comments.list'),
          empty: t('comments.empty'),
          deleteTitle: t('comments.deleteTitle'),
          deleteQuestion: t('comments.deleteQuestion'),
        }}
        canDelete={(_comment, mine) => moderator || mine}
        onDelete={(comment) => remove.mutateAsync(comment)}
        itemClassName={(comment) => (comment.status === 'approved' ? undefined : classes.pending)}
        badge={(comment, mine) =>
          comment.status === 'approved' ? null : (
            <StatusBadge color={statusColours[comment.status]}>
              {t(
                mine && comment.status === 'pending'
                  ? 'comments.yoursPending'
                  : `comments.status.${comment.status}`,
              )}
            </StatusBadge>
          )
        }
        actions={(comment, author) =>
          moderator ? (
            <>
              {comment.status !== 'approved' ? (
                <Button
                  size="compact-sm"
                  leftSection={<IconCheck size={14} aria-hidden="true" />}
                  onClick={() => moderate.mutate({ comment, status: 'approved' })}
                  aria-label={t('comments.approveOf', { name: author })}
                >
                  {t('comments.approve')}
                </Button>
              ) : null}
              {comment.status !== 'hidden' ? (
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
            </>
          ) : null
        }
      />
      <CommentForm
        label={t('comments.new')}
        description={moderator ? undefined : t('comments.moderatedHint')}
        placeholder={t('comments.placeholder')}
        submitLabel={t('comments.add')}
        maxLength={BLOG_LIMITS.comment}
        onSubmit={(body) => add.mutateAsync(body)}
      />
    </Stack>
  );
}
