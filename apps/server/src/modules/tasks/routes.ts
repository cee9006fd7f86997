import {
  childParams,
  errorResponses,
  idParams,
  messages,
  mutationResponse,
  type TaskCardInput,
  taskBoard,
  taskBoardQuery,
  taskCard,
  taskCardInput,
  taskCardUpdate,
  taskColumnCards,
  taskColumnCardsQuery,
  taskColumnInput,
  taskColumnPatch,
  taskColumnRecord,
  taskComment,
  taskCommentInput,
  taskComments as taskCommentsPage,
  taskCommentsQuery,
  taskInput,
  taskMessages,
  taskMove,
} from '@ledgerdesk/contracts';
import { and, asc, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { Database } from '../../db/client';
import { projects, taskBoardColumns, taskBoards, taskComments, tasks } from '../../db/schema';
import type { AuditLog } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { added, deleted, updated } from '../../lib/responses';
import { actorOf, can, currentUser } from '../../plugins/auth';
import { registerResource } from '../../resources/engine';
import { readCacheOf } from '../../resources/read-cache';
import { findById } from '../../resources/records';
import type { NotificationsService } from '../notifications/service';
import type { UsersService } from '../users/service';
import {
  assertProjectExists,
  cardOf,
  columnCounts,
  columnPage,
  columnsOf,
  ensureBoard,
  filtersWhere,
  moveTask,
  toTaskCards,
  toTaskRecords,
} from './board';
import { columnRecordOf, createColumn, deleteColumn, findColumn, updateColumn } from './columns';
import { taskResource } from './tasks.resource';

const tags = ['tasks'];
const errors = errorResponses(400, 403, 404, 409);
const boardParams = z.object({ boardId: z.uuid('The board id in the address is not valid.') });
const commentParams = childParams('commentId', 'comment');
const CARD_HEADER = 'task';

/**
 * The tasks area: the list (the resource engine), the kanban board over the same tasks (SPEC §3,
 * §4, §7: /apps/tasks, /add/tasks, /update/tasks, /delete/tasks), moves, column management and
 * comments.
 */
export function tasksRoutes(
  app: FastifyInstance,
  deps: { db: Database; audit: AuditLog; users: UsersService; notifications: NotificationsService },
) {
  const { db, audit, users } = deps;
  const engine = registerResource(app, { db, audit }, taskResource(users, deps.notifications));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readCache = readCacheOf(db);
  /** A write outside the engine: lists read afterwards see it (as the engine's own writes). */
  const written = async <X>(work: Promise<X>): Promise<X> => {
    try {
      return await work;
    } finally {
      readCache.invalidate();
    }
  };

  /** The board a query names: a project's (made on demand), else the default board. */
  const boardOf = async (project: string | undefined) => {
    if (project && project !== 'none') {
      const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, project));
      if (!row) throw AppError.notFound(taskMessages.unknownProject);
      return ensureBoard(db, project);
    }
    return ensureBoard(db, null);
  };

  r.get(
    '/api/apps/tasks',
    {
      config: { access: 'tasks.view' },
      schema: {
        tags,
        summary: 'A kanban board (SPEC §3): its columns, each with its count and first cards by rank',
        description:
          "The project's board with `project` (made with the default columns the first time), else the default board (the tasks without a project). The filters are the list's.",
        querystring: taskBoardQuery,
        response: { 200: taskBoard, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const boardId = await boardOf(q.project);
      const [board] = await db
        .select({
          id: taskBoards.id,
          projectId: taskBoards.projectId,
          name: taskBoards.name,
          project: projects.name,
        })
        .from(taskBoards)
        .leftJoin(projects, eq(projects.id, taskBoards.projectId))
        .where(eq(taskBoards.id, boardId));
      if (!board) throw AppError.notFound();
      const columns = await columnsOf(db, boardId);
      const where = filtersWhere(q);
      const counts = await columnCounts(
        db,
        columns.map((c) => c.id),
        where,
      );
      const pages = await Promise.all(columns.map((c) => columnPage(db, c.id, where, q.cards)));
      const cards = await toTaskCards(
        db,
        users,
        pages.flatMap((p) => p.rows),
      );
      const byId = new Map(cards.map((card) => [card.id, card]));
      return {
        id: board.id,
        projectId: board.projectId,
        name: board.project ?? board.name,
        columns: columns.map((c, i) => ({
          ...columnRecordOf(c),
          count: counts.get(c.id) ?? 0,
          cards: (pages[i]?.rows ?? []).flatMap((row) => byId.get(row.id) ?? []),
          nextCursor: pages[i]?.nextCursor ?? null,
        })),
      };
    },
  );

  r.get(
    '/api/apps/tasks/columns/:id/cards',
    {
      config: { access: 'tasks.view' },
      schema: {
        tags,
        summary: 'The next cards of a column, in rank order (keyset: the cursor of the previous page)',
        params: idParams,
        querystring: taskColumnCardsQuery,
        response: { 200: taskColumnCards, ...errors },
      },
    },
    async (request) => {
      const column = await findColumn(db, request.params.id);
      const q = request.query;
      const page = await columnPage(db, column.id, filtersWhere(q), q.limit, q.cursor);
      return { cards: await toTaskCards(db, users, page.rows), nextCursor: page.nextCursor };
    },
  );

  r.post(
    '/api/apps/tasks/:id/move',
    {
      config: { access: 'tasks.manage' },
      schema: {
        tags,
        summary: 'Move a card: into `columnId`, just after `afterId` (null: at the top)',
        description:
          "When `afterId` is no longer in that column (moved or deleted meanwhile), the card goes to the top of the column. A column with a status gives the card its status. Within the card's board only (400 otherwise). Concurrent moves happen one after the other: none is lost.",
        params: idParams,
        body: taskMove,
        response: { 200: mutationResponse(taskCard), ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const id = request.params.id;
      const card = await written(
        db.transaction(async (tx) => {
          const executor = tx as Database;
          const moved = await moveTask(executor, id, request.body);
          const [before, after] = await toTaskRecords(executor, users, [
            moved.before,
            moved.after ?? moved.before,
          ]);
          if (!before || !after) throw AppError.notFound();
          if (moved.after) {
            await audit.record(executor, actor, { action: 'update', entity: 'task', key: id, before, after });
          }
          return cardOf(after);
        }),
      );
      return updated(card);
    },
  );

  // Column management.
  r.post(
    '/api/apps/tasks/boards/:boardId/columns',
    {
      config: { access: 'tasks.manage' },
      schema: {
        tags,
        summary: 'Add a column to a board: after `afterId` (null: first; left out: last)',
        params: boardParams,
        body: taskColumnInput,
        response: { 201: mutationResponse(taskColumnRecord), ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const column = await written(
        db.transaction(async (tx) => {
          const executor = tx as Database;
          const made = columnRecordOf(await createColumn(executor, request.params.boardId, request.body));
          await audit.record(executor, actor, {
            action: 'create',
            entity: 'taskColumn',
            key: made.id,
            after: made,
          });
          return made;
        }),
      );
      return reply.code(201).send(added('Column', column));
    },
  );

  r.patch(
    '/api/apps/tasks/columns/:id',
    {
      config: { access: 'tasks.manage' },
      schema: {
        tags,
        summary: 'Rename a column, change its status, or move it after `afterId` (null: first)',
        description: 'A new status applies to the cards dropped into the column from then on.',
        params: idParams,
        body: taskColumnPatch,
        response: { 200: mutationResponse(taskColumnRecord), ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const column = await written(
        db.transaction(async (tx) => {
          const executor = tx as Database;
          const { before, after } = await updateColumn(executor, request.params.id, request.body);
          if (after === before) return columnRecordOf(after);
          await audit.record(executor, actor, {
            action: 'update',
            entity: 'taskColumn',
            key: after.id,
            before: columnRecordOf(before),
            after: columnRecordOf(after),
          });
          return columnRecordOf(after);
        }),
      );
      return updated(column);
    },
  );

  r.delete(
    '/api/apps/tasks/columns/:id',
    {
      config: { access: 'tasks.manage' },
      schema: {
        tags,
        summary: "Delete an empty column (409 while it has cards, or when it is the board's last)",
        params: idParams,
        response: { 200: mutationResponse(z.object({ id: z.uuid() })), ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await written(
        db.transaction(async (tx) => {
          const executor = tx as Database;
          const gone = await deleteColumn(executor, request.params.id);
          await audit.record(executor, actor, {
            action: 'delete',
            entity: 'taskColumn',
            key: gone.id,
            before: columnRecordOf(gone),
          });
        }),
      );
      return deleted({ id: request.params.id });
    },
  );

  // SPEC §7's card paths, over the engine's audited writes.
  /** The column a SPEC card names by `kanId`: its id, else its title on the board; else a new one. */
  const columnNamed = (kanId: string, projectId: string | null, actor: ReturnType<typeof actorOf>) =>
    written(
      db.transaction(async (tx) => {
        const executor = tx as Database;
        if (projectId) await assertProjectExists(executor, projectId);
        const boardId = await ensureBoard(executor, projectId);
        // One add at a time per board: two adds naming the same new column make one column.
        await executor
          .select({ id: taskBoards.id })
          .from(taskBoards)
          .where(eq(taskBoards.id, boardId))
          .for('update');
        const isId = z.uuid().safeParse(kanId).success;
        const [found] = await executor
          .select({ id: taskBoardColumns.id })
          .from(taskBoardColumns)
          .where(
            and(
              eq(taskBoardColumns.boardId, boardId),
              or(
                isId ? eq(taskBoardColumns.id, kanId) : undefined,
                sql`lower(${taskBoardColumns.title}) = lower(${kanId})`,
              ),
            ),
          )
          .orderBy(
            sql`${taskBoardColumns.id} = ${isId ? kanId : null} desc nulls last`,
            asc(taskBoardColumns.rank),
          )
          .limit(1);
        if (found) return found.id;
        // A column id of another board is a mistake, not the title of a new column.
        if (
          isId &&
          (
            await executor
              .select({ id: taskBoardColumns.id })
              .from(taskBoardColumns)
              .where(eq(taskBoardColumns.id, kanId))
          ).length > 0
        ) {
          throw AppError.badRequest(taskMessages.otherBoard, { kanId: taskMessages.otherBoard });
        }
        const made = columnRecordOf(await createColumn(executor, boardId, { title: kanId }));
        await audit.record(executor, actor, {
          action: 'create',
          entity: 'taskColumn',
          key: made.id,
          after: made,
        });
        return made.id;
      }),
    );

  r.post(
    '/api/add/tasks',
    {
      config: { access: 'tasks.manage' },
      schema: {
        tags,
        summary: 'Add a kanban card (SPEC §4): on top of the column whose id or title is `kanId`',
        description:
          'The column is looked up on the board of `projectId` (the default board without one): by id, else by title (case-insensitive); when none matches, a column titled `kanId` is added at the end.',
        body: taskCardInput,
        response: { 201: mutationResponse(taskCard), ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const body: TaskCardInput = request.body;
      const columnId = await columnNamed(body.kanId, body.projectId ?? null, actor);
      const input = taskInput.parse({
        task: body.title,
        description: body.text,
        tags: body.badges,
        dueDate: body.dueDate,
        assigneeIds: body.memberIds,
        priority: body.priority,
        subtasks: body.subtasks,
        projectId: body.projectId,
        columnId,
      });
      const record = await engine.create(input, actor);
      return reply.code(201).send(added('Task', cardOf(record)));
    },
  );

  r.put(
    '/api/update/tasks',
    {
      config: { access: 'tasks.manage' },
      schema: {
        tags,
        summary: 'Change a kanban card: its `id` (and the `version` read) in the body',
        body: taskCardUpdate,
        response: { 200: mutationResponse(taskCard), ...errors },
      },
    },
    async (request) => {
      const { id, version, title, text, badges, memberIds, ...same } = request.body;
      const changes = Object.fromEntries(
        Object.entries({
          ...same,
          version,
          task: title,
          description: text,
          tags: badges,
          assigneeIds: memberIds,
        }).filter(([, value]) => value !== undefined),
      );
      return updated(cardOf(await engine.update(id, changes, undefined, actorOf(request))));
    },
  );

  r.delete(
    '/api/delete/tasks',
    {
      config: { access: 'tasks.manage' },
      schema: {
        tags,
        summary: `Delete a kanban card (from every column): its id in the \`${CARD_HEADER}\` header`,
        headers: z.object({ [CARD_HEADER]: z.optional(z.string()) }),
        response: { 200: mutationResponse(z.object({ id: z.uuid() })), ...errors },
      },
    },
    async (request) => {
      const key = (request.headers as Record<string, string | undefined>)[CARD_HEADER];
      const parsed = z.uuid().safeParse(key);
      if (!parsed.success) {
        throw key
          ? AppError.invalidField(CARD_HEADER, { code: 'id' }, messages.keyInvalid)
          : AppError.invalidField(CARD_HEADER, { code: 'required' }, messages.keyRequired);
      }
      await engine.remove(parsed.data, actorOf(request));
      return deleted({ id: parsed.data });
    },
  );

  // Comments: whoever may view tasks may comment; a comment is deleted by its author or a manager.
  const commentOf = (row: typeof taskComments.$inferSelect, author: string | null) => ({
    id: row.id,
    taskId: row.taskId,
    author: row.authorId ? { id: row.authorId, name: author ?? '' } : null,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  });
  const encode = (row: { createdAt: Date; id: string }) =>
    Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString('base64url');
  const decode = (cursor: string) => {
    try {
      const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
      const when = typeof at === 'string' ? new Date(at) : null;
      if (when && !Number.isNaN(when.getTime()) && typeof id === 'string' && z.uuid().safeParse(id).success) {
        return { at: when, id };
      }
    } catch {
      // Falls through to the 400 below.
    }
    throw AppError.invalidField('cursor', { code: 'invalid' }, taskMessages.cursorInvalid);
  };

  r.get(
    '/api/apps/task/:id/comments',
    {
      config: { access: 'tasks.view' },
      schema: {
        tags,
        summary: "A task's comments, newest first (keyset: the cursor of the previous page)",
        params: idParams,
        querystring: taskCommentsQuery,
        response: { 200: taskCommentsPage, ...errors },
      },
    },
    async (request) => {
      await findById(db, tasks, request.params.id);
      const { cursor, limit } = request.query;
      const after = cursor ? decode(cursor) : null;
      const rows = await db
        .select()
        .from(taskComments)
        .where(
          and(
            eq(taskComments.taskId, request.params.id),
            after
              ? or(
                  lt(taskComments.createdAt, after.at),
                  and(eq(taskComments.createdAt, after.at), lt(taskComments.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(taskComments.createdAt), desc(taskComments.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const names = await users.namesOf(
        db,
        page.flatMap((c) => (c.authorId ? [c.authorId] : [])),
      );
      const last = page.at(-1);
      return {
        comments: page.map((c) => commentOf(c, c.authorId ? (names.get(c.authorId) ?? null) : null)),
        nextCursor: rows.length > limit && last ? encode(last) : null,
      };
    },
  );

  r.post(
    '/api/apps/task/:id/comments',
    {
      config: { access: 'tasks.view' },
      schema: {
        tags,
        summary: 'Comment on a task (as the caller)',
        params: idParams,
        body: taskCommentInput,
        response: { 201: mutationResponse(taskComment), ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const actor = actorOf(request);
      const comment = await written(
        db.transaction(async (tx) => {
          const executor = tx as Database;
          await findById(executor, tasks, request.params.id);
          const [row] = await executor
            .insert(taskComments)
            .values({ taskId: request.params.id, authorId: user.id, body: request.body.body })
            .returning();
          if (!row) throw new Error('comment insert returned nothing');
          const names = await users.namesOf(executor, [user.id]);
          const made = commentOf(row, names.get(user.id) ?? null);
          await audit.record(executor, actor, {
            action: 'create',
            entity: 'taskComment',
            key: row.id,
            after: made,
          });
          return made;
        }),
      );
      return reply.code(201).send(added('Comment', comment));
    },
  );

  r.delete(
    '/api/apps/task/:id/comments/:commentId',
    {
      config: { access: 'tasks.view' },
      schema: {
        tags,
        summary: 'Delete a comment: its author, or whoever manages tasks',
        params: commentParams,
        response: { 200: mutationResponse(z.object({ id: z.uuid() })), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id, commentId } = request.params;
      await written(
        db.transaction(async (tx) => {
          const executor = tx as Database;
          const [row] = await executor
            .select()
            .from(taskComments)
            .where(and(eq(taskComments.id, commentId), eq(taskComments.taskId, id)))
            .for('update');
          if (!row) throw AppError.notFound();
          if (row.authorId !== user.id && !can(user, 'tasks.manage')) throw AppError.forbidden();
          await executor.delete(taskComments).where(eq(taskComments.id, commentId));
          await audit.record(executor, actorOf(request), {
            action: 'delete',
            entity: 'taskComment',
            key: commentId,
            before: commentOf(row, null),
          });
        }),
      );
      return deleted({ id: commentId });
    },
  );
}
