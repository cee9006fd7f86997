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
import { priorityRankOf, rankOf } from '../../db/rank';
import { tasks } from '../../db/schema';
import type { ResourceDefinition } from '../../resources/engine';
import type { NotificationsService } from '../notifications/service';
import type { UsersService } from '../users/service';
import {
  assertProjectExists,
  placementOf,
  TASK_ATTACHMENTS,
  taskConditions,
  taskSearch,
  toTaskRecords,
} from './board';

/**
 * Tasks (SPEC §3): the list of the task area. The kanban board shows the same records as cards: a
 * task written here takes its place on its project's board (see placementOf).
 */
export function taskResource(
  users: UsersService,
  notifications: NotificationsService,
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
    where: taskConditions,
    search: taskSearch,
    sortable: {
      task: tasks.task,
      status: rankOf(tasks.status, taskStatuses),
      priority: priorityRankOf(tasks.priority, taskPriorities),
      dueDate: tasks.dueDate,
      createdAt: tasks.createdAt,
    },
    defaultOrdering: '-createdAt',
    attachments: { type: TASK_ATTACHMENTS },
    toRecords: (db, rows) => toTaskRecords(db, users, rows),
    // The column is placementOf's to choose (columnsIn).
    toColumns: ({ version: _version, columnId: _columnId, ...input }) => ({
      ...input,
      assigneeIds: [...new Set(input.assigneeIds)],
    }),
    columnsIn: (db, input, current) => placementOf(db, input, current),
    // Whoever a write newly assigns hears of it (not the one who assigned themselves).
    async writeChildren(db, id, input, { before, actor }) {
      const already = new Set(before?.assignees.map((assignee) => assignee.id));
      const assigned = input.assigneeIds.filter((userId) => !already.has(userId) && userId !== actor.id);
      if (assigned.length === 0) return;
      const by = actor.id ? (await users.namesOf(db, [actor.id])).get(actor.id) : undefined;
      await notifications.notify(db, {
        userIds: assigned,
        kind: 'task_assigned',
        params: { by: by ?? actor.label, title: input.task },
        link: `/apps/tasks/${id}`,
      });
    },
    toInput: taskInputOf,
    async validate(db, input) {
      await users.assertUsersExist(db, input.assigneeIds, {
        field: 'assigneeIds',
        message: taskMessages.unknownAssignees,
      });
      if (input.projectId) await assertProjectExists(db, input.projectId);
    },
    csv: {
      id: (t) => t._id,
      task: (t) => t.task,
      status: (t) => t.status,
      priority: (t) => t.priority,
      dueDate: (t) => t.dueDate ?? '',
      assignees: (t) => t.assignees.map((a) => a.name).join('; '),
      cardId: (t) => t.cardId,
      project: (t) => t.project?.name ?? '',
      tags: (t) => t.tags.join('; '),
    },
  };
}
