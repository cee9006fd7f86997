import {
  labelColours,
  type TodoInput,
  type TodoProjectInput,
  type TodoProjectRecord,
  type TodoRecord,
  todoInput,
  todoInputOf,
  todoPriorities,
  todoProjectInput,
  todoProjectInputOf,
  todoStatuses,
} from '@ledgerdesk/contracts';
import { dateCell, statusBadge } from '../../resources/cells';
import type { ResourceDefinition } from '../../resources/types';
import { todoPage } from './area';

export const statusColors = { New: 'blue', Pending: 'yellow', Inprogress: 'indigo', Completed: 'teal' };
export const priorityColors = { High: 'red', Medium: 'orange', Low: 'gray' };

/** The to-do projects (/todo/projects): made and deleted on the to-do page itself. */
export const todoProjects: ResourceDefinition<TodoProjectRecord, TodoProjectInput> = {
  ns: 'todo/projects',
  api: '/todo/projects',
  route: todoPage.path,
  area: 'todos',
  keyOf: (project) => project.id,
  titleOf: (project) => project.name,
  columns: [{ id: 'name', sortable: true }, { id: 'colour' }, { id: 'todoCount', align: 'right' }],
  input: todoProjectInput,
  fields: [
    { name: 'name', kind: 'text', required: true },
    { name: 'colour', kind: 'select', options: labelColours },
  ],
  emptyValues: { name: '', colour: 'blue' },
  toInput: todoProjectInputOf,
};

/** Todos (SPEC §7 /todo): each in a to-do project; done is the status Completed. */
export const todos: ResourceDefinition<TodoRecord, TodoInput> = {
  ns: 'todo',
  api: '/todo',
  route: todoPage.path,
  area: 'todos',
  keyOf: (todo) => todo.id,
  titleOf: (todo) => todo.task,
  columns: [
    { id: 'task', sortable: true },
    { id: 'dueDate', sortable: true, cell: dateCell('dueDate') },
    { id: 'status', sortable: true, cell: statusBadge('status', statusColors) },
    { id: 'priority', sortable: true, cell: statusBadge('priority', priorityColors) },
  ],
  filters: [
    { name: 'status', options: todoStatuses },
    { name: 'priority', options: todoPriorities },
    { name: 'done', options: ['true', 'false'] },
  ],
  input: todoInput,
  fields: [
    { name: 'task', kind: 'text', required: true, wide: true },
    {
      name: 'projectId',
      kind: 'reference',
      api: todoProjects.api,
      keyOf: (project: TodoProjectRecord) => project.id,
      labelOf: (project: TodoProjectRecord) => project.name,
      required: true,
    },
    { name: 'dueDate', kind: 'date' },
    { name: 'status', kind: 'select', options: todoStatuses },
    { name: 'priority', kind: 'select', options: todoPriorities },
    { name: 'description', kind: 'textarea', rows: 3 },
  ],
  emptyValues: { task: '', description: '', dueDate: null, status: 'New', priority: 'Medium', projectId: '' },
  toInput: todoInputOf,
  detail: [
    { id: 'project', value: (todo) => todo.project.name },
    { id: 'status', value: statusBadge('status', statusColors) },
    { id: 'priority', value: statusBadge('priority', priorityColors) },
    { id: 'dueDate', value: dateCell('dueDate') },
    { id: 'createdAt', value: dateCell('createdAt') },
    { id: 'description', wide: true },
  ],
};
