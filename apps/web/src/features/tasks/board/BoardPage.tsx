import type { TaskBoard, TaskCard, TaskColumn } from '@ledgerdesk/contracts';
import { Alert, Badge, Button, Drawer, Group, Skeleton, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconColumnInsertRight, IconFilter, IconRefresh } from '@tabler/icons-react';
import { type ReactNode, type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Board, type BoardCardState, type BoardMove } from '../../../components/board';
import { ConfirmDelete, ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessageOf } from '../../../lib/api';
import { usePageTitle } from '../../../lib/page-title';
import { useCan } from '../../../lib/permissions';
import { useTableUrlState } from '../../../lib/table-url-state';
import { AddRecordButton } from '../../../resources/AddRecordButton';
import { ResourceFilters } from '../../../resources/ResourceFilters';
import { tasks } from '../definition';
import { TaskViews, taskFilters } from '../filters';
import { AddCardForm } from './AddCardForm';
import {
  type BoardQuery,
  useAddCard,
  useColumnMutations,
  useDeleteCard,
  useLoadMoreCards,
  useMoveCard,
  useTaskBoard,
} from './board-api';
import { ColumnDialog, type ColumnValues } from './ColumnDialog';
import { ColumnMenu } from './ColumnMenu';
import { TaskCardView } from './TaskCardView';

const filterNames = taskFilters.map((filter) => filter.name);

/**
 * Marks a card as carried while it is mounted (in the carried card's overlay): a ref, not state, so
 * that picking a card up or putting it down re-renders nothing but the board.
 */
function CarriedMark({ carrying }: { carrying: RefObject<boolean> }) {
  useEffect(() => {
    carrying.current = true;
    return () => {
      carrying.current = false;
    };
  }, [carrying]);
  return null;
}

/** The afterId that puts column `index` one step left or right (null: first). */
function afterIdFor(columns: TaskColumn[], index: number, direction: 'left' | 'right'): string | null {
  if (direction === 'left') return index >= 2 ? (columns[index - 2]?.id ?? null) : null;
  return columns[index + 1]?.id ?? null;
}

/**
 * `/apps/tasks/board`: the tasks as a kanban board — the default board, or a project's (`?project=`)
 * — with the list's search and filters (the same URL parameters). Cards move by mouse, touch or
 * keyboard (the generic Board); a move shows at once and is stored with the card it now follows.
 * Others' moves arrive on focus and every few seconds. Columns are added, edited, reordered and
 * deleted (when empty) by those who manage tasks; a card is added at the top of a column by its title.
 */
export function BoardPage() {
  const { t } = useTranslation(['tasks', 'common']);
  const title = t('board.title');
  usePageTitle(title);
  const can = useCan();
  const mayManage = can('tasks.manage');
  const table = useTableUrlState({ filters: filterNames });
  const query: BoardQuery = useMemo(
    () => ({ search: table.search || undefined, ...table.filters }),
    [table.search, table.filters],
  );
  const carrying = useRef(false);
  const board = useTaskBoard(query, carrying);
  const move = useMoveCard(query);
  const loadMore = useLoadMoreCards(query);
  const addCard = useAddCard();
  const deleteCard = useDeleteCard(query);
  const columnsApi = useColumnMutations(board.data?.id);
  const [editing, setEditing] = useState<TaskColumn | 'new' | null>(null);
  const [columnToDelete, setColumnToDelete] = useState<TaskColumn | null>(null);
  const [cardToDelete, setCardToDelete] = useState<TaskCard | null>(null);

  const phone = useMediaQuery('(max-width: 48em)');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = Object.keys(table.filters).length + (table.search ? 1 : 0);
  const filters = (
    <Group gap="sm" align="flex-end" wrap="wrap" mb="md" role="search" aria-label={t('board.filters')}>
      <ResourceFilters def={tasks} table={table} />
    </Group>
  );

  const data: TaskBoard | undefined = board.data;
  const columns = data?.columns ?? [];
  const findCard = (id: string) => columns.flatMap((column) => column.cards).find((card) => card.id === id);

  // A rejected promise tells the board to undo the move (the cache is put back too).
  const onMove = (moved: BoardMove) => {
    const card = findCard(moved.cardId);
    if (!card) return;
    return move.mutateAsync({ card, toColumnId: moved.toColumnId, afterId: moved.afterId });
  };
  // Stable: the board memoizes its cards on it. The carried card (the overlay) pauses the poll.
  const renderCard = useCallback(
    (card: TaskCard, state: BoardCardState) => (
      <>
        {state.overlay ? <CarriedMark carrying={carrying} /> : null}
        <TaskCardView card={card} mayManage={mayManage} onDelete={setCardToDelete} />
      </>
    ),
    [mayManage],
  );

  const saveColumn = (values: ColumnValues) => {
    if (editing === 'new') {
      columnsApi.create.mutate(values, { onSuccess: () => setEditing(null) });
    } else if (editing) {
      columnsApi.update.mutate({ id: editing.id, patch: values }, { onSuccess: () => setEditing(null) });
    }
  };

  // The board re-renders its columns when this changes: built again only when the data does.
  const loadColumn = loadMore.mutate;
  const updateColumn = columnsApi.update.mutate;
  const addCardTo = addCard.mutateAsync;
  const addingTo = addCard.isPending ? addCard.variables?.kanId : undefined;
  const projectId = data?.projectId ?? null;
  const boardColumns = useMemo(() => {
    const columns = data?.columns ?? [];
    return columns.map((column, index) => ({
      id: column.id,
      label: column.title,
      cards: column.cards,
      hasMore: column.nextCursor !== null,
      // The board asks once per length of the column; columns load side by side.
      onLoadMore: () => loadColumn(column),
      header: (
        <Group gap={4} wrap="nowrap">
          <Badge
            size="sm"
            variant="light"
            color="gray"
            aria-label={t('board.count', { count: column.count })}
          >
            {column.count}
          </Badge>
          {mayManage ? (
            <ColumnMenu
              column={column}
              first={index === 0}
              last={index === columns.length - 1}
              onEdit={() => setEditing(column)}
              onMove={(direction) =>
                updateColumn({
                  id: column.id,
                  patch: { afterId: afterIdFor(columns, index, direction) },
                })
              }
              onDelete={() => setColumnToDelete(column)}
            />
          ) : null}
        </Group>
      ),
      footer: mayManage ? (
        <AddCardForm
          columnTitle={column.title}
          pending={addingTo === column.id}
          onAdd={(cardTitle) => addCardTo({ kanId: column.id, title: cardTitle, projectId })}
        />
      ) : undefined,
      empty: (
        <Text size="xs" c="dimmed" ta="center" py="md">
          {t('board.emptyColumn')}
        </Text>
      ),
    }));
  }, [data, mayManage, t, loadColumn, updateColumn, addCardTo, addingTo, projectId]);

  let body: ReactNode;
  if (board.isPending) {
    body = (
      <Group gap="md" wrap="nowrap" align="flex-start" aria-busy="true">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} h={360} w={280} radius="md" />
        ))}
      </Group>
    );
  } else if (board.isError) {
    body = (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <Text size="sm">{errorMessageOf(board.error)}</Text>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconRefresh size={14} aria-hidden="true" />}
            onClick={() => void board.refetch()}
          >
            {t('common:actions.tryAgain')}
          </Button>
        </Group>
      </Alert>
    );
  } else {
    body = (
      <Board
        ariaLabel={t('board.label', { name: data?.name ?? title })}
        cardKey={(card: TaskCard) => card.id}
        cardLabel={(card: TaskCard) => `${card.cardId} ${card.title}`}
        renderCard={renderCard}
        onMove={onMove}
        columnWidth={300}
        columns={boardColumns}
      />
    );
  }

  return (
    <>
      <PageHeader
        title={title}
        actions={
          <>
            {mayManage ? (
              <Button
                variant="default"
                leftSection={<IconColumnInsertRight size={18} aria-hidden="true" />}
                onClick={() => setEditing('new')}
                disabled={!data}
              >
                {t('columns.addTitle')}
              </Button>
            ) : null}
            <AddRecordButton def={tasks} />
          </>
        }
      />
      <TaskViews />
      {phone ? (
        // On a phone the filters would push the board below the fold: they open in a drawer.
        <>
          <Button
            variant="default"
            mb="md"
            leftSection={<IconFilter size={16} aria-hidden="true" />}
            rightSection={
              activeFilters > 0 ? (
                <Badge size="sm" circle>
                  {activeFilters}
                </Badge>
              ) : null
            }
            onClick={() => setFiltersOpen(true)}
          >
            {t('board.filters')}
          </Button>
          <Drawer
            opened={filtersOpen}
            onClose={() => setFiltersOpen(false)}
            title={t('board.filters')}
            position="bottom"
            closeButtonProps={{ 'aria-label': t('common:actions.close') }}
          >
            {filters}
          </Drawer>
        </>
      ) : (
        filters
      )}
      {body}
      {editing ? (
        <ColumnDialog
          initial={editing === 'new' ? null : { title: editing.title, status: editing.status }}
          pending={columnsApi.create.isPending || columnsApi.update.isPending}
          onSubmit={saveColumn}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        opened={columnToDelete !== null}
        title={t('columns.deleteTitle', { title: columnToDelete?.title ?? '' })}
        confirmLabel={t('common:resource.delete')}
        pending={columnsApi.remove.isPending}
        onClose={() => setColumnToDelete(null)}
        onConfirm={() =>
          columnToDelete &&
          columnsApi.remove.mutate(columnToDelete.id, { onSettled: () => setColumnToDelete(null) })
        }
      >
        {t('columns.deleteQuestion', { title: columnToDelete?.title ?? '' })}
      </ConfirmDialog>
      <ConfirmDelete
        record={cardToDelete}
        entity={t('one')}
        nameOf={(card: TaskCard) => card.title}
        pending={deleteCard.isPending}
        onClose={() => setCardToDelete(null)}
        onConfirm={(card) => deleteCard.mutate(card, { onSettled: () => setCardToDelete(null) })}
      />
    </>
  );
}

export { BoardPage as Component };
