import {
  initialsOf,
  TASK_LIMITS,
  type TaskComment,
  type TaskComments as TaskCommentsPage,
} from '@ledgerdesk/contracts';
import {
  ActionIcon,
  Alert,
  Avatar,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { api, errorMessageOf } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCan } from '../../lib/permissions';
import { queryKeys } from '../../lib/query-keys';
import { useSessionUser } from '../../lib/session';
import { tasks } from './definition';

const PAGE = 20;
/** Under the tasks' root: a change to the task anywhere refreshes its comments, and the other way round. */
const commentsKey = (taskId: string) => [...queryKeys.all(tasks.api), 'comments', taskId] as const;

/** A task's comments, newest first: add one (tasks.manage), delete one's own. */
export function TaskComments({ taskId }: { taskId: string }) {
  const { t } = useTranslation(['tasks', 'common']);
  const client = useQueryClient();
  const me = useSessionUser();
  const can = useCan();
  const mayComment = can('tasks.manage');
  const [draft, setDraft] = useState('');
  const [toDelete, setToDelete] = useState<TaskComment | null>(null);
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
      setDraft('');
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
    onSettled: () => setToDelete(null),
  });

  const shown = comments.data?.pages.flatMap((page) => page.comments) ?? [];
  return (
    <Stack gap="md">
      {mayComment ? (
        <Paper withBorder p="md" radius="md">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (draft.trim()) add.mutate(draft.trim());
            }}
          >
            <Textarea
              label={t('comments.new')}
              placeholder={t('comments.placeholder')}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              maxLength={TASK_LIMITS.commentLength}
              autosize
              minRows={2}
            />
            <Group justify="flex-end" mt="sm">
              <Button type="submit" loading={add.isPending} disabled={!draft.trim()}>
                {t('comments.add')}
              </Button>
            </Group>
          </form>
        </Paper>
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
          aria-label={t('comments.title')}
        >
          {shown.map((comment) => {
            const author = comment.author?.name ?? t('comments.formerUser');
            return (
              <Paper component="li" key={comment.id} withBorder p="md" radius="md">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Group gap="sm" align="flex-start" wrap="nowrap">
                    <Avatar size={32} radius="xl" color="indigo" aria-hidden="true">
                      {initialsOf(author)}
                    </Avatar>
                    <div>
                      <Group gap="xs">
                        <Text size="sm" fw={600}>
                          {author}
                        </Text>
                        <Text size="xs" c="dimmed" component="time" dateTime={comment.createdAt}>
                          {formatDateTime(comment.createdAt)}
                        </Text>
                      </Group>
                      <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {comment.body}
                      </Text>
                    </div>
                  </Group>
                  {mayComment && comment.author?.id === me?.id ? (
                    <Tooltip label={t('comments.delete')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('comments.delete')}
                        onClick={() => setToDelete(comment)}
                      >
                        <IconTrash size={16} aria-hidden="true" />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
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
