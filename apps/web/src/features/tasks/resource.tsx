import {
  type TaskInput,
  type TaskRecord,
  taskInput,
  taskInputOf,
  taskPriorities,
  taskStatuses,
} from '@ledgerdesk/contracts';
import { dateCell, peopleCell, statusBadge } from '../../resources/cells';
import type { ResourceDefinition, ResourceModule } from '../../resources/types';
import { tasksPage } from './area';

const statusColors = { New: 'blue', Pending: 'yellow', Inprogress: 'indigo', Completed: 'teal' };
const priorityColors = { High: 'red', Medium: 'orange', Low: 'gray' };

/** Tasks (SPEC §3): the engine's list, form and detail page; new tasks go to the top (SPEC §4). */
const tasks: ResourceDefinition<TaskRecord, TaskInput> = {
  ns: 'tasks',
  api: '/apps/task',
  route: tasksPage.path,
  area: 'tasks',
  keyOf: (task) => task._id,
  titleOf: (task) => task.task,
  addPosition: 'prepend',
  columns: [
    { id: 'task', sortable: true },
    { id: 'assignees', cell: peopleCell('assignees') },
    { id: 'dueDate', sortable: true, cell: dateCell('dueDate') },
    { id: 'status', sortable: true, cell: statusBadge('status', statusColors) },
    { id: 'priority', sortable: true, cell: statusBadge('priority', priorityColors) },
    { id: 'createdAt', sortable: true, hidden: true, cell: dateCell('createdAt') },
  ],
  filters: [
    { name: 'status', options: taskStatuses },
    { name: 'priority', options: taskPriorities },
  ],
  input: taskInput,
  fields: [
    { name: 'task', kind: 'text', required: true, wide: true },
    { name: 'status', kind: 'select', options: taskStatuses },
    { name: 'priority', kind: 'select', options: taskPriorities },
    { name: 'dueDate', kind: 'date' },
    { name: 'assigneeIds', kind: 'users' },
    { name: 'description', kind: 'textarea', rows: 4 },
  ],
  emptyValues: {
    task: '',
    description: '',
    status: 'New',
    priority: 'Medium',
    dueDate: null,
    assigneeIds: [],
  },
  toInput: taskInputOf,
  detail: [
    { id: 'status', value: statusBadge('status', statusColors) },
    { id: 'priority', value: statusBadge('priority', priorityColors) },
    { id: 'dueDate', value: dateCell('dueDate') },
    { id: 'assignees', value: peopleCell('assignees') },
    { id: 'createdAt', value: dateCell('createdAt') },
    { id: 'description', wide: true },
  ],
};

export const resource: ResourceModule['resource'] = tasks;
