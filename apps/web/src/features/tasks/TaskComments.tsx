import { TASK_LIMITS, type TaskComment, type TaskComments as TaskCommentsPage } from '@ledgerdesk/contracts';
import { Button, Stack } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CommentForm, CommentThread } from '../../components/CommentThread';
import { api, errorMessageOf } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCan } from '../../lib/permissions';
import { queryKeys } from '../../lib/query-keys';
import { tasks } from './definition';

const PAGE = 20;
/** Under the tasks' root: a change to the task anywhere refreshes its comments, and the other way round. */
const commentsKey = (taskId: string) => [...queryKeys.all(tasks.api), 'comments', taskId] as const;

/** A task's comments, newest first: add one (tasks.manage), delete one's own. */
export function TaskComments({ taskId }: { taskId: string }) {
  const { t } = useTranslation(['tasks', 'common']);
  const client = useQueryClient();
  const mayComment = useCan()('tasks.manage');
  const path = `${tasks.api}/${taskId}/comments`;
  const comments = useInfiniteQuery({
    queryKey: commentsKey(taskId),
    queryFn: ({ pageParam, signal }) =>
      api.get<TaskCommentsPage>(path, { query: { limit: PAGE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  // The comment count on the task's card and page changes too.
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.all(tasks.api) });
  const add = useMutation({
    mutationFn: (body: string) => api.post<{ successMessage?: string }>(path, { body }),
    onSuccess: async (answer) => {
      notifySuccess(answer?.successMessage ?? t('comments.added'));
      await refresh();
    },
    onError: (error) => notifyError(errorMessageOf(error), { title: t('comments.addFailed') }),
  });
  const remove = useMutation({
    mutationFn: (comment: TaskComment) => api.delete<{ successMessage?: string }>(`${path}/${comment.id}`),
    onSuccess: async (answer) => {
      notifySuccess(answer?.successMessage ?? t('comments.deleted'));
      await refresh();
    },
    onError: (error) => notifyError(errorMessageOf(error), { title: t('comments.deleteFailed') }),
  });

  return (
    <Stack gap="md">
      {mayComment ? (
        <CommentForm
          label={t('comments.new')}
          placeholder={t('comments.placeholder')}
          submitLabel={t('comments.add')}
          maxLength={TASK_LIMITS.commentLength}
          minRows={2}
          onSubmit={(body) => add.mutateAsync(body)}
        />
      ) : null}
      <CommentThread
        comments={comments.data?.pages.flatMap((page) => page.comments) ?? []}
        loading={comments.isPending}
        error={comments.error}
        labels={{
          list: t('comments.title'),
          empty: t('comments.empty'),
          deleteTitle: t('comments.deleteTitle'),
          deleteQuestion: t('comments.deleteQuestion'),
        }}
        canDelete={(_comment, mine) => mayComment && mine}
        onDelete={(comment) => remove.mutateAsync(comment)}
      />
      {comments.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => void comments.fetchNextPage()}
          loading={comments.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          {t('comments.more')}
        </Button>
      ) : null}
    </Stack>
  );
}
