import {
  cardIdOf,
  type TaskBoard,
  type TaskCard,
  type TaskColumn,
  type TaskRecord,
  type TaskStatus,
} from '@ledgerdesk/contracts';
import type { DemoData } from './data';
import type { DemoCall, DemoRoute } from './handlers';
import { cannot, type MockVerb } from './messages';
import { added, deleted, isObject, mockFailure, newKey, notFound, now, textIn, updated } from './reply';
import type { DemoRecord } from './snapshot';

/*
 * The kanban board in the demo: the snapshot's answer of GET /api/apps/tasks (each query of it)
 * shows the tasks of the collection /api/apps/task as cards. A task written by any route (the
 * board's, the list's, the task's form) is followed on the board (`data.follow`); a move also
 * places the card after the one it was dropped below.
 */

const BOARD = '/api/apps/tasks';
const TASKS = '/api/apps/task';
/** SPEC §7 DELETE /delete/tasks: the card's id in this header (the server's `CARD_HEADER`). */
const CARD_HEADER = 'task';

const fail = (verb: MockVerb, { url }: DemoCall) => mockFailure(cannot(verb, url.pathname, 'task'));

/** A task's card, as the server makes it (apps/server/src/modules/tasks/board.ts `cardOf`). */
const cardOf = (task: TaskRecord): TaskCard => ({
  id: task._id,
  title: task.task,
  cardId: task.cardId,
  text: task.description,
  badges: task.tags,
  dueDate: task.dueDate,
  counters: {
    comments: task.commentCount,
    attachments: task.attachmentCount,
    subtasks: task.subtasks.length,
    subtasksDone: task.subtasks.filter((s) => s.done).length,
  },
  progress: task.progress,
  kanId: task.columnId,
  members: task.assignees,
  status: task.status,
  priority: task.priority,
  version: task.version,
});

/** The columns of a board changed one by one (the board itself when none changed). */
function withColumns(board: TaskBoard, change: (column: TaskColumn) => TaskColumn): TaskBoard {
  const columns = board.columns.map(change);
  return columns.every((column, i) => column === board.columns[i]) ? board : { ...board, columns };
}

/** The board without the card. */
const without = (board: TaskBoard, cardId: string) =>
  withColumns(board, (column) =>
    column.cards.some((card) => card.id === cardId)
      ? { ...column, cards: column.cards.filter((card) => card.id !== cardId), count: column.count - 1 }
      : column,
  );

/** The board with the card in its column (`kanId`) after `afterId` (null: on top), if the board has that column. */
function placed(board: TaskBoard, card: TaskCard, afterId: string | null): TaskBoard {
  if (!board.columns.some((column) => column.id === card.kanId)) return board;
  return withColumns(without(board, card.id), (column) => {
    if (column.id !== card.kanId) return column;
    const at = afterId === null ? 0 : column.cards.findIndex((item) => item.id === afterId) + 1;
    return {
      ...column,
      cards: [...column.cards.slice(0, at), card, ...column.cards.slice(at)],
      count: column.count + 1,
    };
  });
}

/**
 * Whether a board of this query (the snapshot keeps one per status, priority and due filter) shows
 * the card: its status and priority are checked; a due filter keeps the cards it had.
 */
function admits(url: string, board: TaskBoard, card: TaskCard): boolean {
  const query = new URL(url, 'http://demo').searchParams;
  const status = query.get('status');
  const priority = query.get('priority');
  if ((status && card.status !== status) || (priority && card.priority !== priority)) return false;
  return (
    !query.has('due') || board.columns.some((column) => column.cards.some((other) => other.id === card.id))
  );
}

/**
 * The board of `url` with the card as it now is: after `afterId` when it was moved there, else
 * where it was (on top of its new column if it changed columns), or off the board when the
 * board's filter no longer shows it.
 */
function withCard(url: string, board: TaskBoard, card: TaskCard, afterId?: string | null): TaskBoard {
  if (!admits(url, board, card)) return without(board, card.id);
  if (afterId !== undefined) return placed(board, card, afterId);
  const column = board.columns.find((item) => item.cards.some((other) => other.id === card.id));
  if (column?.id === card.kanId)
    return withColumns(board, (item) =>
      item === column
        ? { ...item, cards: item.cards.map((other) => (other.id === card.id ? card : other)) }
        : item,
    );
  return placed(board, card, null);
}

export function kanbanRoutes(data: DemoData): DemoRoute[] {
  const tasks = data.collection(TASKS);
  const boards = () => data.answersUnder(BOARD).map(([, answer]) => answer as TaskBoard);
  const cardNamed = (id: string) =>
    boards()
      .flatMap((board) => board.columns.flatMap((column) => column.cards))
      .find((card) => card.id === id);
  const changeBoards = (change: (board: TaskBoard, url: string) => TaskBoard) =>
    data.changeAnswers(BOARD, change);

  // The board follows the tasks, whichever route wrote them.
  if (tasks)
    data.follow(TASKS, (key, record) =>
      changeBoards((board, url) =>
        record ? withCard(url, board, cardOf(record as TaskRecord)) : without(board, key),
      ),
    );

  /**
   * A card's change: the task's record (the board follows it), or, for a card beyond the
   * collection's rows, the board's card itself.
   */
  const save = async (card: TaskCard, fields: Partial<TaskRecord>) => {
    const record = tasks && data.record(tasks, card.id);
    if (tasks && record) {
      const next = { ...record, ...fields, version: card.version, updatedAt: now() } as DemoRecord;
      await data.putRecord(tasks, next);
      return cardOf(next as TaskRecord);
    }
    await changeBoards((board, url) => withCard(url, board, card));
    return card;
  };

  const remove = async (id: string | null, call: DemoCall) => {
    if (!call.authorized || !id) return fail('delete', call);
    if (!cardNamed(id)) return notFound();
    if (tasks && data.record(tasks, id)) await data.deleteRecord(tasks, id);
    else await changeBoards((board) => without(board, id));
    return deleted({ id });
  };

  return [
    {
      // A card dropped in a column after another: its place, and the column's status (if it has one).
      method: 'post',
      route: `${BOARD}/{id}/move`,
      handle: async (call) => {
        const columnId = textIn(call.body, 'columnId');
        if (!call.authorized || !columnId) return fail('update', call);
        const card = cardNamed(call.params.id ?? '');
        const board = boards().find((item) =>
          item.columns.some((column) => column.cards.some((other) => other.id === card?.id)),
        );
        const target = board?.columns.find((column) => column.id === columnId);
        if (!card || !target) return notFound();
        const afterId =
          isObject(call.body) && typeof call.body.afterId === 'string' ? call.body.afterId : null;
        const moved: TaskCard = {
          ...card,
          kanId: columnId,
          status: target.status ?? card.status,
          version: card.version + 1,
        };
        await changeBoards((item, url) => withCard(url, item, moved, afterId));
        return updated(await save(moved, { columnId, status: moved.status }));
      },
    },
    {
      // SPEC §7 add/tasks: a card on top of the column named by `kanId` (its id or its title).
      method: 'post',
      route: '/api/add/tasks',
      handle: async (call) => {
        const title = textIn(call.body, 'title');
        const kanId = textIn(call.body, 'kanId');
        if (!call.authorized || !isObject(call.body) || !title || !kanId) return fail('add', call);
        const projectId = typeof call.body.projectId === 'string' ? call.body.projectId : null;
        const column = boards()
          .find((board) => board.projectId === projectId)
          ?.columns.find((item) => item.id === kanId || item.title.toLowerCase() === kanId.toLowerCase());
        if (!column) return notFound();
        const numbers = boards().flatMap((board) =>
          board.columns.flatMap((item) =>
            item.cards.map((card) => Number(card.cardId.replace(/\D/g, '')) || 0),
          ),
        );
        const status: TaskStatus = column.status ?? 'New';
        const text = typeof call.body.text === 'string' ? call.body.text : '';
        const card: TaskCard = {
          id: newKey(),
          title,
          cardId: cardIdOf(Math.max(0, ...numbers) + 1),
          text,
          badges: [],
          dueDate: null,
          counters: { comments: 0, attachments: 0, subtasks: 0, subtasksDone: 0 },
          progress: 0,
          kanId: column.id,
          members: [],
          status,
          priority: 'Medium',
          version: 1,
        };
        const template = tasks && data.rows(tasks)[0];
        if (tasks && template) {
          const record: TaskRecord = {
            ...(template as TaskRecord),
            _id: card.id,
            task: title,
            description: text,
            status,
            priority: card.priority,
            dueDate: null,
            assignees: [],
            project: null,
            cardId: card.cardId,
            tags: [],
            subtasks: [],
            columnId: column.id,
            commentCount: 0,
            attachmentCount: 0,
            progress: 0,
            createdAt: now(),
            updatedAt: now(),
            version: 1,
          };
          await data.putRecord(tasks, record as unknown as DemoRecord);
        } else await changeBoards((board, url) => withCard(url, board, card, null));
        return added('Task', card);
      },
    },
    {
      // SPEC §7 update/tasks: the card's id in the body, with what changes (title, text, badges…).
      method: 'put',
      route: '/api/update/tasks',
      handle: async (call) => {
        const id = textIn(call.body, 'id');
        if (!call.authorized || !isObject(call.body) || !id) return fail('update', call);
        const card = cardNamed(id);
        if (!card) return notFound();
        const { title, text, badges, dueDate, priority, status } = call.body;
        const next: TaskCard = {
          ...card,
          ...(typeof title === 'string' && title !== '' && { title }),
          ...(typeof text === 'string' && { text }),
          ...(Array.isArray(badges) && { badges: badges.map(String) }),
          ...((typeof dueDate === 'string' || dueDate === null) && { dueDate }),
          ...(typeof priority === 'string' && { priority: priority as TaskCard['priority'] }),
          ...(typeof status === 'string' && { status: status as TaskStatus }),
          version: card.version + 1,
        };
        return updated(
          await save(next, {
            task: next.title,
            description: next.text,
            tags: next.badges,
            dueDate: next.dueDate,
            priority: next.priority,
            status: next.status,
          }),
        );
      },
    },
    {
      // SPEC §7 delete/tasks: the card's id in its header.
      method: 'delete',
      route: '/api/delete/tasks',
      handle: (call) => remove(call.request.headers.get(CARD_HEADER), call),
    },
  ];
}
