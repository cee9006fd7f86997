import {
  DEFAULT_COLUMN_CARDS,
  type TaskBoard,
  type TaskCard,
  type TaskColumn,
  type TaskColumnCards,
  type TaskColumnInput,
  type TaskColumnPatch,
} from '@ledgerdesk/contracts';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type RefObject, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessageOf } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';
import { tasks } from '../definition';

/** SPEC §8: a kanban card's toasts stay 2000 ms (others 3000). */
export const CARD_TOAST_MS = 2000;
/** How often the board asks for others' moves while it is shown (paused while dragging or hidden). */
export const BOARD_POLL_MS = 10_000;

/** The board's query: the list's search and filters (the same URL), the project's board or the default. */
export type BoardQuery = Record<string, string | undefined>;

/**
 * Under the tasks' root (`/apps/task`): a task changed anywhere (its form, the list) marks the board
 * stale, and a move marks the list stale.
 */
export const boardKey = (query: BoardQuery) => [...queryKeys.all(tasks.api), 'board', query] as const;

type Saved<Data> = { successMessage?: string; data: Data };

/**
 * The board with its first cards per column, fetched again on focus and every few seconds while the
 * tab is visible and no card is carried (`carrying`: the board would shift under the pointer).
 */
export function useTaskBoard(query: BoardQuery, carrying: RefObject<boolean>) {
  const client = useQueryClient();
  const key = boardKey(query);
  const keyText = JSON.stringify(key);
  useEffect(() => {
    const timer = setInterval(() => {
      if (carrying.current || document.visibilityState !== 'visible') return;
      void client.refetchQueries({ queryKey: JSON.parse(keyText), type: 'active', exact: true });
    }, BOARD_POLL_MS);
    return () => clearInterval(timer);
  }, [client, keyText, carrying]);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api.get<TaskBoard>('/apps/tasks', { query: { ...query, cards: DEFAULT_COLUMN_CARDS }, signal }),
    placeholderData: keepPreviousData,
    // Back to the tab: others may have moved cards, however fresh the board looked.
    refetchOnWindowFocus: 'always',
  });
}

/** The board's column changed by `change` (the others as they are). */
function withColumn(board: TaskBoard, columnId: string, change: (column: TaskColumn) => TaskColumn) {
  return {
    ...board,
    columns: board.columns.map((column) => (column.id === columnId ? change(column) : column)),
  };
}

/** The next cards of a column, appended to the board as it is cached. */
export function useLoadMoreCards(query: BoardQuery) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (column: TaskColumn) =>
      api.get<TaskColumnCards>(`/apps/tasks/columns/${column.id}/cards`, {
        query: { ...query, cursor: column.nextCursor ?? undefined, limit: DEFAULT_COLUMN_CARDS },
      }),
    onSuccess: (page, column) => {
      client.setQueryData<TaskBoard>(boardKey(query), (board) =>
        board
          ? withColumn(board, column.id, (current) => {
              const known = new Set(current.cards.map((card) => card.id));
              return {
                ...current,
                cards: [...current.cards, ...page.cards.filter((card) => !known.has(card.id))],
                nextCursor: page.nextCursor,
              };
            })
          : board,
      );
    },
    onError: (error) => notifyError(errorMessageOf(error)),
  });
}

export interface CardMove {
  card: TaskCard;
  toColumnId: string;
  /** The card it now follows in the target column (null: the top). */
  afterId: string | null;
}

/** `board` with `card` taken out of its column and put in `toColumnId` after `afterId`. */
export function boardWithMove(board: TaskBoard, { card, toColumnId, afterId }: CardMove): TaskBoard {
  const target = board.columns.find((column) => column.id === toColumnId);
  const moved: TaskCard = { ...card, kanId: toColumnId, status: target?.status ?? card.status };
  return {
    ...board,
    columns: board.columns.map((column) => {
      const had = column.cards.some((item) => item.id === card.id);
      let cards = column.cards.filter((item) => item.id !== card.id);
      let count = had ? column.count - 1 : column.count;
      if (column.id === toColumnId) {
        const at = afterId === null ? 0 : cards.findIndex((item) => item.id === afterId) + 1;
        cards = [...cards.slice(0, at), moved, ...cards.slice(at)];
        count += 1;
      }
      return had || column.id === toColumnId ? { ...column, cards, count } : column;
    }),
  };
}

/** The board with `card` replaced wherever it is (the server's answer after a move or an edit). */
function boardWithCard(board: TaskBoard, card: TaskCard): TaskBoard {
  return {
    ...board,
    columns: board.columns.map((column) =>
      column.cards.some((item) => item.id === card.id)
        ? { ...column, cards: column.cards.map((item) => (item.id === card.id ? card : item)) }
        : column,
    ),
  };
}

/** SPEC §4: a deleted card leaves every column. */
export function boardWithout(board: TaskBoard, cardId: string): TaskBoard {
  return {
    ...board,
    columns: board.columns.map((column) =>
      column.cards.some((item) => item.id === cardId)
        ? { ...column, cards: column.cards.filter((item) => item.id !== cardId), count: column.count - 1 }
        : column,
    ),
  };
}

/** The tasks' other views (the list, a task's page) are stale after a change on the board. */
const markTasksStale = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: queryKeys.all(tasks.api), refetchType: 'none' });

/**
 * A card moved: at once on the board, then stored (POST move with the card it follows); on failure
 * the board goes back as it was and a toast says why.
 */
export function useMoveCard(query: BoardQuery) {
  const client = useQueryClient();
  const { t } = useTranslation('tasks');
  const key = boardKey(query);
  return useMutation({
    mutationFn: ({ card, toColumnId, afterId }: CardMove) =>
      api.post<Saved<TaskCard>>(`/apps/tasks/${card.id}/move`, { columnId: toColumnId, afterId }),
    onMutate: async (move) => {
      // A fetch under way would put the card back where it was.
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<TaskBoard>(key);
      if (before) client.setQueryData<TaskBoard>(key, boardWithMove(before, move));
      return { before };
    },
    onError: (error, _move, context) => {
      if (context?.before) client.setQueryData(key, context.before);
      notifyError(errorMessageOf(error), { title: t('board.moveFailed'), autoClose: CARD_TOAST_MS });
    },
    onSuccess: ({ data: card }) => {
      client.setQueryData<TaskBoard>(key, (board) => (board ? boardWithCard(board, card) : board));
      void markTasksStale(client);
    },
  });
}

/** SPEC §7 POST /add/tasks: a card added to a column by its title; the board is fetched again for its place. */
export function useAddCard() {
  const client = useQueryClient();
  const { t } = useTranslation(['tasks', 'common']);
  return useMutation({
    mutationFn: (card: { kanId: string; title: string; projectId: string | null }) =>
      api.post<Saved<TaskCard>>('/add/tasks', card),
    onSuccess: async (answer) => {
      notifySuccess(answer.successMessage ?? t('board.cardAdded'), { autoClose: CARD_TOAST_MS });
      await client.invalidateQueries({ queryKey: queryKeys.all(tasks.api) });
    },
    onError: (error) =>
      notifyError(errorMessageOf(error), {
        title: t('common:resource.addFailed', { entity: t('one') }),
        autoClose: CARD_TOAST_MS,
      }),
  });
}

/** A card deleted (the engine's DELETE): gone from every column at once. */
export function useDeleteCard(query: BoardQuery) {
  const client = useQueryClient();
  const { t } = useTranslation(['tasks', 'common']);
  const key = boardKey(query);
  return useMutation({
    mutationFn: (card: TaskCard) => api.delete<Saved<{ id: string }>>(`${tasks.api}/${card.id}`),
    onSuccess: (answer, card) => {
      client.setQueryData<TaskBoard>(key, (board) => (board ? boardWithout(board, card.id) : board));
      client.removeQueries({ queryKey: queryKeys.one(tasks.api, card.id) });
      void markTasksStale(client);
      notifySuccess(answer.successMessage ?? t('board.cardDeleted'), { autoClose: CARD_TOAST_MS });
    },
    onError: (error) =>
      notifyError(errorMessageOf(error), {
        title: t('common:resource.deleteFailed'),
        autoClose: CARD_TOAST_MS,
      }),
  });
}

/** The board's columns: add, rename / change status / reorder, delete an empty one. */
export function useColumnMutations(boardId: string | undefined) {
  const client = useQueryClient();
  const { t } = useTranslation('tasks');
  const done = (fallback: string) => async (answer: { successMessage?: string } | undefined) => {
    notifySuccess(answer?.successMessage ?? fallback);
    await client.invalidateQueries({ queryKey: [...queryKeys.all(tasks.api), 'board'] });
  };
  const failed = (title: string) => (error: unknown) => notifyError(errorMessageOf(error), { title });
  const create = useMutation({
    mutationFn: (input: TaskColumnInput) =>
      api.post<{ successMessage?: string }>(`/apps/tasks/boards/${boardId}/columns`, input),
    onSuccess: done(t('columns.added')),
    onError: failed(t('columns.addFailed')),
  });
  const update = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: TaskColumnPatch }) =>
      api.patch<{ successMessage?: string }>(`/apps/tasks/columns/${id}`, patch),
    onSuccess: done(t('columns.updated')),
    onError: failed(t('columns.updateFailed')),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete<{ successMessage?: string }>(`/apps/tasks/columns/${id}`),
    onSuccess: done(t('columns.deleted')),
    onError: failed(t('columns.deleteFailed')),
  });
  return { create, update, remove };
}
