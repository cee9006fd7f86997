import { z } from 'zod/mini';
import { listQuery, recordVersion, text, timestamp, versionInput } from './api';
import { isoDate } from './fields';

export const taskStatuses = ['New', 'Pending', 'Inprogress', 'Completed'] as const;
export const taskPriorities = ['High', 'Medium', 'Low'] as const;
export type TaskStatus = (typeof taskStatuses)[number];

/** A task's card id as shown on its card (SPEC §3 kanban card "cardId"): `TSK-0042`, at least 4 digits. */
export const cardIdOf = (cardNo: number) => `TSK-${String(cardNo).padStart(4, '0')}`;

export const TASK_LIMITS = {
  tags: 10,
  tagLength: 30,
  subtasks: 50,
  subtaskLength: 200,
  commentLength: 2000,
  columnTitleLength: 60,
} as const;

const person = z.object({ id: z.uuid(), name: z.string() });
const subtask = z.object({ title: z.string(), done: z.boolean() });

/**
 * A task as the API shows it (SPEC §3: id, task, assignees, dueDate, status, priority), keyed `_id`,
 * with what its kanban card shows: project, card id, tags (the card's badges), subtasks, its column
 * and its progress (subtasks done / total; 100 when Completed; 0 without subtasks).
 */
export const taskRecord = z.object({
  _id: z.uuid(),
  task: z.string(),
  description: z.string(),
  status: z.enum(taskStatuses),
  priority: z.enum(taskPriorities),
  dueDate: z.nullable(z.iso.date()),
  assignees: z.array(person),
  project: z.nullable(person),
  cardId: z.string(),
  tags: z.array(z.string()),
  subtasks: z.array(subtask),
  columnId: z.uuid(),
  commentCount: z.number(),
  /** How many files are attached to the task. */
  attachmentCount: z.number(),
  progress: z.number(),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type TaskRecord = z.infer<typeof taskRecord>;

const tag = text(TASK_LIMITS.tagLength, `A tag must be at most ${TASK_LIMITS.tagLength} characters.`).check(
  z.minLength(1, 'A tag cannot be empty.'),
);
export const taskTags = z
  .array(tag, 'The tags must be a list.')
  .check(z.maxLength(TASK_LIMITS.tags, `At most ${TASK_LIMITS.tags} tags.`));
const subtaskInput = z.object(
  {
    title: text(
      TASK_LIMITS.subtaskLength,
      `A subtask must be at most ${TASK_LIMITS.subtaskLength} characters.`,
    ).check(z.minLength(1, 'Please describe the subtask.')),
    done: z._default(z.boolean('done must be true or false.'), false),
  },
  'A subtask is an object with a title and done.',
);
export const taskSubtasks = z
  .array(subtaskInput, 'The subtasks must be a list.')
  .check(z.maxLength(TASK_LIMITS.subtasks, `At most ${TASK_LIMITS.subtasks} subtasks.`));

export const taskInput = z.object({
  version: versionInput,
  task: text(200, 'The task must be at most 200 characters.').check(
    z.minLength(1, 'Please describe the task.'),
  ),
  description: z._default(text(5000, 'The description must be at most 5000 characters.'), ''),
  status: z._default(z.enum(taskStatuses, `The status must be one of: ${taskStatuses.join(', ')}.`), 'New'),
  priority: z._default(
    z.enum(taskPriorities, `The priority must be one of: ${taskPriorities.join(', ')}.`),
    'Medium',
  ),
  dueDate: z._default(z.nullable(isoDate('The due date')), null),
  assigneeIds: z._default(
    z.array(z.uuid('Unknown user.')).check(z.maxLength(20, 'At most 20 assignees.')),
    [],
  ),
  /** The project the task belongs to (its board is the project's), or null: the default board. */
  projectId: z._default(z.nullable(z.uuid('The project must be a project id.')), null),
  tags: z._default(taskTags, []),
  subtasks: z._default(taskSubtasks, []),
  /**
   * Its column on its board; left out (or null) on create: the top of the first column with its
   * status, else of the first column. A new column puts the card at its top (and gives it the
   * column's status, if it has one).
   */
  columnId: z.optional(z.nullable(z.uuid('The column must be a column id.'))),
});
export type TaskInput = z.input<typeof taskInput>;
/** A task back as its input: where the server's PATCH and the web edit form start from. */
export const taskInputOf = (task: TaskRecord): TaskInput => ({
  task: task.task,
  description: task.description,
  status: task.status,
  priority: task.priority,
  dueDate: task.dueDate,
  assigneeIds: task.assignees.map((person) => person.id),
  projectId: task.project?.id ?? null,
  tags: task.tags,
  subtasks: task.subtasks.map((s) => ({ title: s.title, done: s.done })),
  columnId: task.columnId,
});

export const taskDueFilters = ['overdue', 'today', 'week', 'none'] as const;
/** The filters of the tasks list and the board alike (one URL filters both). */
export const taskFilters = z.object({
  status: z.optional(z.enum(taskStatuses, `status must be one of: ${taskStatuses.join(', ')}.`)),
  priority: z.optional(z.enum(taskPriorities, `priority must be one of: ${taskPriorities.join(', ')}.`)),
  assignee: z.optional(z.uuid('assignee must be a user id.')),
  /** A project id, or `none`: the tasks without a project. */
  project: z.optional(
    z.union([z.literal('none'), z.uuid()], {
      error: 'project must be a project id or none.',
    }),
  ),
  /** Due before today (not completed), today, within the next 7 days (today included), or no due date. */
  due: z.optional(z.enum(taskDueFilters, `due must be one of: ${taskDueFilters.join(', ')}.`)),
});
export type TaskFilters = z.infer<typeof taskFilters>;
export const taskListQuery = z.extend(listQuery, taskFilters.shape);

/** A kanban card (SPEC §3: id, title, cardId, text, badge list, due date, counters, progress, kanId). */
export const taskCard = z.object({
  id: z.uuid(),
  title: z.string(),
  cardId: z.string(),
  text: z.string(),
  badges: z.array(z.string()),
  dueDate: z.nullable(z.iso.date()),
  counters: z.object({
    comments: z.number(),
    /** The files attached to the task. */
    attachments: z.number(),
    subtasks: z.number(),
    subtasksDone: z.number(),
  }),
  progress: z.number(),
  /** The id of the card's column. */
  kanId: z.uuid(),
  members: z.array(person),
  status: z.enum(taskStatuses),
  priority: z.enum(taskPriorities),
  version: recordVersion,
});
export type TaskCard = z.infer<typeof taskCard>;

export const DEFAULT_COLUMN_CARDS = 50;
export const MAX_COLUMN_CARDS = 200;
const cardsCount = (name: string) =>
  z.coerce
    .number(`${name} must be a number.`)
    .check(
      z.int(`${name} must be a whole number.`),
      z.minimum(1, `${name} must be at least 1.`),
      z.maximum(MAX_COLUMN_CARDS, `${name} must be at most ${MAX_COLUMN_CARDS}.`),
    );

/** GET /api/apps/tasks: a board (the project's, or the default board without `project`). */
export const taskBoardQuery = z.extend(taskFilters, {
  search: z.optional(text(200, 'The search is too long.')),
  /** How many cards each column brings (the first by rank); the rest is paged per column. */
  cards: z._default(cardsCount('cards'), DEFAULT_COLUMN_CARDS),
});
export type TaskBoardQuery = z.input<typeof taskBoardQuery>;

export const taskColumn = z.object({
  id: z.uuid(),
  /** SPEC §3's name for a column's id (= id). */
  kanId: z.uuid(),
  title: z.string(),
  /** SPEC §3 template's name for the title (= title). */
  name: z.string(),
  /** A card dropped in a column with a status takes that status. */
  status: z.nullable(z.enum(taskStatuses)),
  /** How many cards of the column match the filters. */
  count: z.number(),
  cards: z.array(taskCard),
  /** Where the next page of this column starts (GET /api/apps/tasks/columns/:id/cards), or null. */
  nextCursor: z.nullable(z.string()),
});
export type TaskColumn = z.infer<typeof taskColumn>;

export const taskBoard = z.object({
  id: z.uuid(),
  projectId: z.nullable(z.uuid()),
  name: z.string(),
  columns: z.array(taskColumn),
});
export type TaskBoard = z.infer<typeof taskBoard>;

/** GET /api/apps/tasks/columns/:id/cards: the next cards of a column (keyset on rank, id). */
export const taskColumnCardsQuery = z.extend(taskFilters, {
  search: z.optional(text(200, 'The search is too long.')),
  cursor: z.optional(z.string().check(z.maxLength(200, 'The cursor is not valid.'))),
  limit: z._default(cardsCount('limit'), DEFAULT_COLUMN_CARDS),
});
export type TaskColumnCardsQuery = z.input<typeof taskColumnCardsQuery>;
export const taskColumnCards = z.object({ cards: z.array(taskCard), nextCursor: z.nullable(z.string()) });
export type TaskColumnCards = z.infer<typeof taskColumnCards>;

/**
 * POST /api/apps/tasks/:id/move: put the card in `columnId` just after `afterId` (the card it came
 * after as the mover saw it), or at the top with null. Answers the moved taskCard.
 */
export const taskMove = z.object({
  columnId: z.uuid('columnId must be a column id.'),
  afterId: z._default(z.nullable(z.uuid('afterId must be a card id or null.')), null),
});
export type TaskMove = z.input<typeof taskMove>;

/**
 * POST /api/apps/tasks/boards/:boardId/columns (title required) and PATCH /api/apps/tasks/columns/:id
 * (any of them): `afterId` puts the column after that column, null first; left out: at the end (create)
 * or where it is (update).
 */
export const taskColumnInput = z.object({
  title: text(
    TASK_LIMITS.columnTitleLength,
    `The title must be at most ${TASK_LIMITS.columnTitleLength} characters.`,
  ).check(z.minLength(1, 'Please enter the title.')),
  status: z.optional(
    z.nullable(z.enum(taskStatuses, `The status must be one of: ${taskStatuses.join(', ')}.`)),
  ),
  afterId: z.optional(z.nullable(z.uuid('afterId must be a column id or null.'))),
});
export type TaskColumnInput = z.input<typeof taskColumnInput>;
export const taskColumnPatch = z.partial(taskColumnInput);
export type TaskColumnPatch = z.input<typeof taskColumnPatch>;
/** A column as column management answers it (without cards). */
export const taskColumnRecord = z.object({
  id: z.uuid(),
  kanId: z.uuid(),
  boardId: z.uuid(),
  title: z.string(),
  name: z.string(),
  status: z.nullable(z.enum(taskStatuses)),
});
export type TaskColumnRecord = z.infer<typeof taskColumnRecord>;

/** SPEC §7 POST /api/add/tasks: a card placed in the column whose id or title is `kanId` (created if none). */
export const taskCardInput = z.object({
  kanId: text(
    TASK_LIMITS.columnTitleLength,
    'kanId must be a column id or title of at most 60 characters.',
  ).check(z.minLength(1, 'Please give the column (kanId).')),
  title: text(200, 'The title must be at most 200 characters.').check(
    z.minLength(1, 'Please enter the title.'),
  ),
  text: z._default(text(5000, 'The text must be at most 5000 characters.'), ''),
  badges: z._default(taskTags, []),
  dueDate: z._default(z.nullable(isoDate('The due date')), null),
  memberIds: z._default(z.array(z.uuid('Unknown user.')).check(z.maxLength(20, 'At most 20 members.')), []),
  priority: z._default(
    z.enum(taskPriorities, `The priority must be one of: ${taskPriorities.join(', ')}.`),
    'Medium',
  ),
  subtasks: z._default(taskSubtasks, []),
  projectId: z._default(z.nullable(z.uuid('The project must be a project id.')), null),
});
export type TaskCardInput = z.input<typeof taskCardInput>;
/** SPEC §7 PUT /api/update/tasks: the card's id and version, and what changes. */
export const taskCardUpdate = z.object({
  id: z.uuid('id must be a card id.'),
  version: versionInput,
  title: z.optional(
    text(200, 'The title must be at most 200 characters.').check(z.minLength(1, 'Please enter the title.')),
  ),
  text: z.optional(text(5000, 'The text must be at most 5000 characters.')),
  badges: z.optional(taskTags),
  dueDate: z.optional(z.nullable(isoDate('The due date'))),
  memberIds: z.optional(z.array(z.uuid('Unknown user.')).check(z.maxLength(20, 'At most 20 members.'))),
  priority: z.optional(z.enum(taskPriorities, `The priority must be one of: ${taskPriorities.join(', ')}.`)),
  status: z.optional(z.enum(taskStatuses, `The status must be one of: ${taskStatuses.join(', ')}.`)),
  subtasks: z.optional(taskSubtasks),
});
export type TaskCardUpdate = z.input<typeof taskCardUpdate>;

/** A comment on a task (its Comments tab), newest first. */
export const taskComment = z.object({
  id: z.uuid(),
  taskId: z.uuid(),
  author: z.nullable(person),
  body: z.string(),
  createdAt: timestamp,
});
export type TaskComment = z.infer<typeof taskComment>;
export const taskCommentInput = z.object({
  body: text(
    TASK_LIMITS.commentLength,
    `The comment must be at most ${TASK_LIMITS.commentLength} characters.`,
  ).check(z.minLength(1, 'Please write the comment.')),
});
export type TaskCommentInput = z.input<typeof taskCommentInput>;
export const taskCommentsQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(200, 'The cursor is not valid.'))),
  limit: z._default(
    z.coerce
      .number('limit must be a number.')
      .check(
        z.int('limit must be a whole number.'),
        z.minimum(1, 'limit must be at least 1.'),
        z.maximum(100, 'limit must be at most 100.'),
      ),
    20,
  ),
});
export const taskComments = z.object({ comments: z.array(taskComment), nextCursor: z.nullable(z.string()) });
export type TaskComments = z.infer<typeof taskComments>;

export const taskMessages = {
  unknownAssignees: 'One or more assignees do not exist.',
  unknownProject: 'The project does not exist.',
  columnNotEmpty: 'Move or delete its cards first.',
  lastColumn: 'A board keeps at least one column.',
  otherBoard: 'A card moves only within its board.',
  unknownColumn: 'The column does not exist.',
  afterItself: 'A card cannot come after itself.',
  cursorInvalid: 'The cursor is not valid.',
} as const;
