import { z } from 'zod/mini';
import { listQuery, recordVersion, text, timestamp, versionInput } from './api';
import { isoDate } from './fields';

export const taskStatuses = ['New', 'Pending', 'Inprogress', 'Completed'] as const;
export const taskPriorities = ['High', 'Medium', 'Low'] as const;

/** A task as the API shows it (SPEC §3: id, task, assignees, dueDate, status, priority), keyed `_id`. */
export const taskRecord = z.object({
  _id: z.uuid(),
  task: z.string(),
  description: z.string(),
  status: z.enum(taskStatuses),
  priority: z.enum(taskPriorities),
  dueDate: z.nullable(z.iso.date()),
  assignees: z.array(z.object({ id: z.uuid(), name: z.string() })),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type TaskRecord = z.infer<typeof taskRecord>;

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
});

export const taskFilters = z.object({
  status: z.optional(z.enum(taskStatuses, `status must be one of: ${taskStatuses.join(', ')}.`)),
  priority: z.optional(z.enum(taskPriorities, `priority must be one of: ${taskPriorities.join(', ')}.`)),
  assignee: z.optional(z.uuid('assignee must be a user id.')),
});
export const taskListQuery = z.extend(listQuery, taskFilters.shape);

export const taskMessages = { unknownAssignees: 'One or more assignees do not exist.' } as const;
