import {
  errorCodes,
  type TodoProjectRecord,
  type TodoRecord,
  todoFilters,
  todoInput,
  todoInputOf,
  todoMessages,
  todoPriorities,
  todoProjectFilters,
  todoProjectInput,
  todoProjectInputOf,
  todoProjectRecord,
  todoRecord,
  todoStatuses,
  todoStatusOf,
} from '@ledgerdesk/contracts';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { priorityRankOf, rankOf } from '../../db/rank';
import { todoProjects, todos } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ResourceDefinition } from '../../resources/engine';
import { existingIds } from '../../resources/records';

/** How many todos each of these projects holds, in one query. */
async function todoCounts(db: Database, projectIds: string[]) {
  if (projectIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ projectId: todos.projectId, n: count() })
    .from(todos)
    .where(inArray(todos.projectId, projectIds))
    .groupBy(todos.projectId);
  return new Map(rows.map((r) => [r.projectId, r.n]));
}

/** To-do projects (/api/todo/projects): names unique; one that still holds todos is not deleted. */
export function todoProjectResource(): ResourceDefinition<
  typeof todoProjects,
  TodoProjectRecord,
  typeof todoProjectInput,
  typeof todoProjectFilters
> {
  return {
    entity: 'todoProject',
    label: 'Todo Project',
    area: 'todos',
    path: '/api/todo/projects',
    table: todoProjects,
    record: todoProjectRecord,
    input: todoProjectInput,
    filters: todoProjectFilters,
    where: () => [],
    search: [todoProjects.name],
    sortable: { name: todoProjects.name, createdAt: todoProjects.createdAt },
    defaultOrdering: 'name',
    async toRecords(db, rows) {
      const counts = await todoCounts(
        db,
        rows.map((p) => p.id),
      );
      return rows.map((p) => ({
        id: p.id,
        name: p.name,
        colour: p.colour as TodoProjectRecord['colour'],
        todoCount: counts.get(p.id) ?? 0,
        createdAt: p.createdAt.toISOString(),
        updatedAt: p.updatedAt.toISOString(),
        version: p.version,
      }));
    },
    toColumns: (input) => input,
    toInput: todoProjectInputOf,
    async validate(db, input, id) {
      const [taken] = await db
        .select({ id: todoProjects.id })
        .from(todoProjects)
        .where(
          and(
            sql`lower(${todoProjects.name}) = lower(${input.name})`,
            id ? ne(todoProjects.id, id) : undefined,
          ),
        )
        .limit(1);
      if (taken)
        throw AppError.conflict(todoMessages.projectNameTaken, { name: todoMessages.projectNameTaken });
    },
    // Two creates of the same name at once both pass `validate`; the index refuses the second.
    conflicts: { todo_projects_name_key: { field: 'name', message: todoMessages.projectNameTaken } },
    async beforeDelete(db, id) {
      const n = (await todoCounts(db, [id])).get(id) ?? 0;
      if (n > 0) throw new AppError(409, errorCodes.hasChildren, todoMessages.projectHasTodos(n));
    },
    csv: {
      id: (p) => p.id,
      name: (p) => p.name,
      colour: (p) => p.colour,
      todoCount: (p) => String(p.todoCount),
    },
  };
}

/**
 * Todos (SPEC §7 /todo and its /add, /update, /delete spellings; the key of a delete in the `todo`
 * header). `done` is the status Completed: sending it ticks or unticks the todo.
 */
export function todoResource(): ResourceDefinition<
  typeof todos,
  TodoRecord,
  typeof todoInput,
  typeof todoFilters
> {
  return {
    entity: 'todo',
    label: 'Todo',
    area: 'todos',
    path: '/api/todo',
    aliases: {
      add: '/api/add/todo',
      update: '/api/update/todo',
      delete: { path: '/api/delete/todo', header: 'todo' },
    },
    table: todos,
    record: todoRecord,
    input: todoInput,
    filters: todoFilters,
    where: (f) => [
      f.project ? eq(todos.projectId, f.project) : undefined,
      f.status ? eq(todos.status, f.status) : undefined,
      f.priority ? eq(todos.priority, f.priority) : undefined,
      f.done === undefined
        ? undefined
        : f.done
          ? eq(todos.status, 'Completed')
          : ne(todos.status, 'Completed'),
    ],
    // The same expression as todos_search_idx, so that the trigram index serves the search.
    search: [sql`(${todos.task} || ' ' || ${todos.description})`],
    sortable: {
      task: todos.task,
      dueDate: todos.dueDate,
      status: rankOf(todos.status, todoStatuses),
      priority: priorityRankOf(todos.priority, todoPriorities),
      createdAt: todos.createdAt,
    },
    defaultOrdering: '-createdAt',
    async toRecords(db, rows) {
      const ids = [...new Set(rows.map((t) => t.projectId))];
      const found = ids.length
        ? await db
            .select({ id: todoProjects.id, name: todoProjects.name, colour: todoProjects.colour })
            .from(todoProjects)
            .where(inArray(todoProjects.id, ids))
        : [];
      const projectsById = new Map(found.map((p) => [p.id, p]));
      return rows.map((t) => {
        const project = projectsById.get(t.projectId);
        return {
          id: t.id,
          task: t.task,
          description: t.description,
          dueDate: t.dueDate,
          status: t.status as TodoRecord['status'],
          priority: t.priority as TodoRecord['priority'],
          done: t.status === 'Completed',
          project: {
            id: t.projectId,
            name: project?.name ?? '',
            colour: (project?.colour ?? 'blue') as TodoRecord['project']['colour'],
          },
          createdAt: t.createdAt.toISOString(),
          updatedAt: t.updatedAt.toISOString(),
          version: t.version,
        };
      });
    },
    toColumns(input) {
      const { done: _done, ...fields } = input;
      return { ...fields, status: todoStatusOf(input) };
    },
    toInput: todoInputOf,
    async validate(db, input) {
      await existingIds(db, todoProjects, [input.projectId], {
        field: 'projectId',
        message: todoMessages.unknownProject,
      });
    },
    csv: {
      id: (t) => t.id,
      task: (t) => t.task,
      project: (t) => t.project.name,
      status: (t) => t.status,
      priority: (t) => t.priority,
      dueDate: (t) => t.dueDate ?? '',
      done: (t) => (t.done ? 'yes' : 'no'),
    },
  };
}
