import { z } from 'zod/mini';
import { booleanQuery, listQuery, recordVersion, timestamp, versionInput } from './api';
import { inputOf, isoDate, labelColours, oneOf, optionalText, requiredText } from './fields';

/*
 * To-do (SPEC §3 "todos (todos, projects)"; §7 /todo, /add/todo, /update/todo, /delete/todo),
 * keyed `id`: todos, each in one of the to-do projects (/todo/projects).
 */

export const todoStatuses = ['New', 'Pending', 'Inprogress', 'Completed'] as const;
export const todoPriorities = ['High', 'Medium', 'Low'] as const;

export const todoProjectRecord = z.object({
  id: z.uuid(),
  name: z.string(),
  colour: z.enum(labelColours),
  /** How many todos the project holds. */
  todoCount: z.number(),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type TodoProjectRecord = z.infer<typeof todoProjectRecord>;

export const todoProjectInput = z.object({
  version: versionInput,
  name: requiredText('project name', 100),
  colour: z._default(z.enum(labelColours, oneOf('The colour', labelColours)), 'blue'),
});
export type TodoProjectInput = z.input<typeof todoProjectInput>;
/** A to-do project back as its input: where the server's PATCH and the web edit form start from. */
export const todoProjectInputOf = inputOf(todoProjectInput);
export const todoProjectFilters = z.object({});

export const todoRecord = z.object({
  id: z.uuid(),
  task: z.string(),
  description: z.string(),
  dueDate: z.nullable(z.iso.date()),
  status: z.enum(todoStatuses),
  priority: z.enum(todoPriorities),
  /** Done is the status Completed, shown as a check box. */
  done: z.boolean(),
  project: z.object({ id: z.uuid(), name: z.string(), colour: z.enum(labelColours) }),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type TodoRecord = z.infer<typeof todoRecord>;

export const todoInput = z.object({
  version: versionInput,
  task: requiredText('task', 200),
  description: optionalText('description', 5000),
  dueDate: z._default(z.nullable(isoDate('The due date')), null),
  status: z._default(z.enum(todoStatuses, oneOf('The status', todoStatuses)), 'New'),
  priority: z._default(z.enum(todoPriorities, oneOf('The priority', todoPriorities)), 'Medium'),
  projectId: z.uuid('Please choose a project.'),
  /**
   * The check box: true makes the todo Completed; false reopens a Completed one as Pending.
   * Left out, the status decides.
   */
  done: z.optional(z.boolean('Use true or false.')),
});
export type TodoInput = z.input<typeof todoInput>;
/**
 * A to-do back as its input: where the server's PATCH and the web edit form start from. `done` is
 * left out: a change that does not send it keeps the status it sends (or had).
 */
export const todoInputOf = (todo: TodoRecord): TodoInput => ({
  task: todo.task,
  description: todo.description,
  dueDate: todo.dueDate,
  status: todo.status,
  priority: todo.priority,
  projectId: todo.project.id,
});

export const todoFilters = z.object({
  project: z.optional(z.uuid('project must be a to-do project id.')),
  status: z.optional(z.enum(todoStatuses, oneOf('status', todoStatuses))),
  priority: z.optional(z.enum(todoPriorities, oneOf('priority', todoPriorities))),
  done: z.optional(booleanQuery),
});
export const todoListQuery = z.extend(listQuery, todoFilters.shape);
export type TodoListQuery = z.input<typeof todoListQuery>;

/** The status a todo is stored with, after its check box. */
export function todoStatusOf(input: { status: (typeof todoStatuses)[number]; done?: boolean }) {
  if (input.done === true) return 'Completed';
  if (input.done === false && input.status === 'Completed') return 'Pending';
  return input.status;
}

export const todoMessages = {
  unknownProject: 'This to-do project does not exist.',
  projectNameTaken: 'A to-do project with this name already exists.',
  projectHasTodos: (n: number) =>
    `This project still holds ${n} to-do${n === 1 ? '' : 's'}. Move or delete ${n === 1 ? 'it' : 'them'} first.`,
} as const;
