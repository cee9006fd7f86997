import { errorCodes, messages, todoMessages } from '@ledgerdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, apiCaller, createdData, createTestContext, type TestContext } from '../context';

let ctx: TestContext;
let admin: string;
const ghost = '00000000-0000-4000-8000-000000000000';
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN.email, ADMIN.password);
});
afterAll(() => ctx.close());

const call = apiCaller(() => ({ ctx, token: admin }));
type TodoProject = { id: string; name: string; colour: string; todoCount: number };
type Todo = {
  id: string;
  task: string;
  status: string;
  priority: string;
  done: boolean;
  dueDate: string | null;
  project: { id: string; name: string; colour: string };
};
async function addProject(name: string, colour = 'blue'): Promise<TodoProject> {
  return createdData(await call('POST', '/api/todo/projects', { name, colour }));
}
async function addTodo(fields: Record<string, unknown>): Promise<Todo> {
  return createdData(await call('POST', '/api/add/todo', fields));
}

describe('to-do projects', () => {
  it('keeps names unique (ignoring case) and counts their todos', async () => {
    const office = await addProject('Office move', 'grape');
    expect(office).toMatchObject({ name: 'Office move', colour: 'grape', todoCount: 0 });
    const twice = await call('POST', '/api/todo/projects', { name: 'OFFICE MOVE' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().fieldErrors).toEqual({ name: todoMessages.projectNameTaken });
    // Renaming a project to its own name (another case) is no conflict.
    const renamed = await call('PATCH', `/api/todo/projects/${office.id}`, { name: 'Office Move' });
    expect(renamed.statusCode).toBe(200);
    await addTodo({ task: 'Book the removal company', projectId: office.id });
    await addTodo({ task: 'Order the crates', projectId: office.id });
    const list = (await call('GET', '/api/todo/projects?search=office')).json();
    expect(list.results).toEqual([expect.objectContaining({ name: 'Office Move', todoCount: 2 })]);
    const bad = await call('POST', '/api/todo/projects', { name: '', colour: 'gold' });
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['colour', 'name']);
  });

  it('a project that holds todos is not deleted until they are moved or deleted', async () => {
    const from = await addProject('Year-end close');
    const to = await addProject('Archive');
    const todo = await addTodo({ task: 'Post the reserve transfers', projectId: from.id });
    const refused = await call('DELETE', `/api/todo/projects/${from.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: errorCodes.hasChildren,
      errorMessage: todoMessages.projectHasTodos(1),
    });
    const moved = await call('PUT', '/api/update/todo', { id: todo.id, projectId: to.id });
    expect(moved.json().data.project).toEqual({ id: to.id, name: 'Archive', colour: 'blue' });
    expect((await call('DELETE', `/api/todo/projects/${from.id}`)).statusCode).toBe(200);
  });
});

describe('todos', () => {
  it('adds at /api/todo and /api/add/todo, keyed id, in a project that exists', async () => {
    const project = await addProject('Budget review', 'teal');
    const canonical = await call('POST', '/api/todo', {
      task: 'Collect the budget returns',
      projectId: project.id,
    });
    const alias = await call('POST', '/api/add/todo', {
      task: 'Draft the savings paper',
      projectId: project.id,
      dueDate: '2026-12-01',
      priority: 'High',
    });
    for (const res of [canonical, alias]) {
      expect(res.statusCode).toBe(201);
      expect(res.json().successMessage).toBe('Todo Added Successfully');
      expect(res.json().data).not.toHaveProperty('_id');
    }
    expect(canonical.json().data).toMatchObject({
      status: 'New',
      priority: 'Medium',
      done: false,
      dueDate: null,
      project: { id: project.id, name: 'Budget review', colour: 'teal' },
    });
    const bad = await call('POST', '/api/add/todo', { task: '', status: 'Later', dueDate: 'friday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      task: 'Please enter the task.',
      status: 'The status must be one of: New, Pending, Inprogress, Completed.',
      dueDate: 'The due date must be a date (YYYY-MM-DD).',
      projectId: 'Please choose a project.',
    });
    const orphan = await call('POST', '/api/todo', { task: 'Nowhere', projectId: ghost });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().fieldErrors).toEqual({ projectId: todoMessages.unknownProject });
  });

  it('done is the status Completed: ticking completes, unticking reopens as Pending', async () => {
    const project = await addProject('Personal');
    const todo = await addTodo({
      task: 'Submit the expenses claim',
      projectId: project.id,
      status: 'Inprogress',
    });
    const ticked = await call('PUT', '/api/update/todo', { id: todo.id, done: true });
    expect(ticked.json().data).toMatchObject({ status: 'Completed', done: true });
    const unticked = await call('PATCH', `/api/todo/${todo.id}`, { done: false });
    expect(unticked.json().data).toMatchObject({ status: 'Pending', done: false });
    // A status change alone is not undone by the stored check box.
    const completed = await call('PATCH', `/api/todo/${todo.id}`, { status: 'Completed' });
    expect(completed.json().data).toMatchObject({ status: 'Completed', done: true });
    const reopened = await call('PATCH', `/api/todo/${todo.id}`, { status: 'New' });
    expect(reopened.json().data).toMatchObject({ status: 'New', done: false });
    const doneAtOnce = await addTodo({ task: 'Born done', projectId: project.id, done: true });
    expect(doneAtOnce.status).toBe('Completed');
  });

  it('lists with search, project, status, priority and done filters, and ordering', async () => {
    const a = await addProject('Procurement');
    const b = await addProject('Procurement 2');
    await addTodo({ task: 'Score the bids', projectId: a.id, priority: 'High', dueDate: '2026-12-10' });
    await addTodo({
      task: 'Score the cleaning bids',
      projectId: b.id,
      status: 'Completed',
      dueDate: '2026-12-01',
    });
    await addTodo({
      task: 'Score the catering bids',
      projectId: a.id,
      status: 'Pending',
      dueDate: '2026-12-05',
    });
    const scored = (await call('GET', '/api/todo?search=score%20the&ordering=dueDate')).json();
    expect(scored.results.map((t: Todo) => t.task)).toEqual([
      'Score the cleaning bids',
      'Score the catering bids',
      'Score the bids',
    ]);
    expect((await call('GET', `/api/todo?search=score&project=${a.id}`)).json().count).toBe(2);
    expect((await call('GET', '/api/todo?search=score&done=true')).json().results[0].task).toBe(
      'Score the cleaning bids',
    );
    expect((await call('GET', '/api/todo?search=score&done=false')).json().count).toBe(2);
    expect((await call('GET', '/api/todo?search=score&status=Pending')).json().count).toBe(1);
    expect((await call('GET', '/api/todo?search=score&priority=High')).json().count).toBe(1);
    expect((await call('GET', '/api/todo?project=nope')).json().fieldErrors).toEqual({
      project: 'project must be a to-do project id.',
    });
    const csv = await call('GET', `/api/todo/export?search=score&project=${b.id}`);
    expect(csv.body.trim().split('\r\n')).toEqual([
      'id,task,project,status,priority,dueDate,done',
      expect.stringMatching(/,Score the cleaning bids,Procurement 2,Completed,Medium,2026-12-01,yes$/),
    ]);
  });

  it('deletes through /delete/todo with the key in the todo header, audited', async () => {
    const project = await addProject('Short list');
    const todo = await addTodo({ task: 'Throwaway', projectId: project.id });
    const malformed = await call('DELETE', '/api/delete/todo', undefined, { headers: { todo: 'x' } });
    expect(malformed.json().fieldErrors).toEqual({ todo: messages.keyInvalid });
    const gone = await call('DELETE', '/api/delete/todo', undefined, { headers: { todo: todo.id } });
    expect(gone.json()).toMatchObject({ successMessage: 'Deleted Successfully', data: { id: todo.id } });
    const audit = (await call('GET', `/api/audit/?entity=todo&entityKey=${todo.id}`)).json();
    expect(audit.results.map((e: { action: string }) => e.action).sort()).toEqual(['create', 'delete']);
  });

  it('todos.view reads todos and projects but cannot change them', async () => {
    await ctx.createUser({
      email: 'dview@test.local',
      password: 'dview-password-1',
      permissions: ['todos.view'],
    });
    const token = await ctx.login('dview@test.local', 'dview-password-1');
    const project = await addProject('Read only');
    const todo = await addTodo({ task: 'Look only', projectId: project.id });
    expect((await call('GET', '/api/todo', undefined, { token })).statusCode).toBe(200);
    expect((await call('GET', '/api/todo/projects', undefined, { token })).statusCode).toBe(200);
    expect(
      (await call('POST', '/api/add/todo', { task: 'No', projectId: project.id }, { token })).statusCode,
    ).toBe(403);
    expect((await call('PUT', '/api/update/todo', { id: todo.id, done: true }, { token })).statusCode).toBe(
      403,
    );
    expect(
      (await call('DELETE', '/api/delete/todo', undefined, { token, headers: { todo: todo.id } })).statusCode,
    ).toBe(403);
    expect((await call('POST', '/api/todo/projects', { name: 'No' }, { token })).statusCode).toBe(403);
  });
});
