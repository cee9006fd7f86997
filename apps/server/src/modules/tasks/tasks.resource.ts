import {
  type TaskRecord,
  taskFilters,
  taskInput,
  taskInputOf,
  taskMessages,
  taskPriorities,
  taskRecord,
  taskStatuses,
} from '@ledgerdesk/contracts';
import { arrayContains, eq } from 'drizzle-orm';
import { priorityRankOf, rankOf } from '../../db/rank';
import { tasks } from '../../db/schema';
import type { ResourceDefinition } from '../../resources/engine';
import type { UsersService } from '../users/service';

/** Tasks (SPEC §3): the list of the task area; the kanban board will show the same records. */
export function taskResource(
  users: UsersService,
): ResourceDefinition<typeof tasks, TaskRecord, typeof taskInput, typeof taskFilters> {
  return {
    entity: 'task',
    label: 'Task',
    area: 'tasks',
    path: '/api/apps/task',
    table: tasks,
    record: taskRecord,
    input: taskInput,
    filters: taskFilters,
    where: (f) => [
      f.status ? eq(tasks.status, f.status) : undefined,
      f.priority ? eq(tasks.priority, f.priority) : undefined,
      f.assignee ? arrayContains(tasks.assigneeIds, [f.assignee]) : undefined,
    ],
    search: [tasks.task, tasks.description],
    sortable: {
      task: tasks.task,
      status: rankOf(tasks.status, taskStatuses),
      priority: priorityRankOf(tasks.priority, taskPriorities),
      dueDate: tasks.dueDate,
      createdAt: tasks.createdAt,
    },
    defaultOrdering: '-createdAt',
    async toRecords(db, rows) {
      const names = await users.namesOf(
        db,
        rows.flatMap((t) => t.assigneeIds),
      );
      return rows.map((t) => ({
        _id: t.id,
        task: t.task,
        description: t.description,
        status: t.status as TaskRecord['status'],
        priority: t.priority as TaskRecord['priority'],
        dueDate: t.dueDate,
        assignees: t.assigneeIds
          .filter((id) => names.has(id))
          .map((id) => ({ id, name: names.get(id) ?? '' })),
        createdAt: t.createdAt.toISOString(),
        updatedAt: t.updatedAt.toISOString(),
        version: t.version,
      }));
    },
    toColumns: (input) => ({ ...input, assigneeIds: [...new Set(input.assigneeIds)] }),
    toInput: taskInputOf,
    async validate(db, input) {
      await users.assertUsersExist(db, input.assigneeIds, {
        field: 'assigneeIds',
        message: taskMessages.unknownAssignees,
      });
    },
    csv: {
      id: (t) => t._id,
      task: (t) => t.task,
      status: (t) => t.status,
      priority: (t) => t.priority,
      dueDate: (t) => t.dueDate ?? '',
      assignees: (t) => t.assignees.map((a) => a.name).join('; '),
    },
  };
}
