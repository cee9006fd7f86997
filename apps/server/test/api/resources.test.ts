import { taskMessages } from '@ledgerdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, apiCaller, createdData, createTestContext, type TestContext } from '../context';

// The generic resource engine, through its first area: tasks.
let ctx: TestContext;
let admin: string;
let ada: string;
let bob: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN.email, ADMIN.password);
  ada = await ctx.createUser({ email: 'ada@test.local', password: 'ada-password-1' });
  bob = await ctx.createUser({ email: 'bob@test.local', password: 'bob-password-1' });
});
afterAll(() => ctx.close());

const call = apiCaller(() => ({ ctx, token: admin }));
type Task = {
  _id: string;
  task: string;
  status: string;
  priority: string;
  dueDate: string | null;
  assignees: { id: string; name: string }[];
};
async function addTask(fields: Record<string, unknown>): Promise<Task> {
  return createdData(await call('POST', '/api/apps/task', fields));
}

describe('the resource engine (tasks)', () => {
  it('creates with defaults, keyed _id, and answers with the catalogue message', async () => {
    const res = await call('POST', '/api/apps/task', { task: 'Check the site drawings', assigneeIds: [ada] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      successMessage: 'Task Added Successfully',
      data: {
        task: 'Check the site drawings',
        status: 'New',
        priority: 'Medium',
        dueDate: null,
        assignees: [{ id: ada, name: 'Test User' }],
      },
    });
    expect(res.json().data._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json().data).not.toHaveProperty('id');
  });

  it('validates with field errors: contract rules and the area’s own', async () => {
    const bad = await call('POST', '/api/apps/task', { task: '', status: 'Done', dueDate: '31/12/2026' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      task: 'Please describe the task.',
      status: 'The status must be one of: New, Pending, Inprogress, Completed.',
      dueDate: 'The due date must be a date (YYYY-MM-DD).',
    });
    const ghost = await call('POST', '/api/apps/task', {
      task: 'Ghost work',
      assigneeIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().fieldErrors).toEqual({ assigneeIds: taskMessages.unknownAssignees });
  });

  it('lists with paging, ordering, search and filters', async () => {
    await addTask({
      task: 'Pour slab A',
      status: 'Pending',
      priority: 'High',
      dueDate: '2026-12-01',
      assigneeIds: [bob],
    });
    await addTask({
      task: 'Pour slab B',
      status: 'Pending',
      priority: 'Low',
      dueDate: '2026-12-03',
      assigneeIds: [bob, ada],
    });
    await addTask({ task: 'Order rebar', status: 'Completed', priority: 'High', dueDate: '2026-11-20' });
    const slabs = (await call('GET', '/api/apps/task?search=pour%20slab&ordering=-dueDate')).json();
    expect(slabs.count).toBe(2);
    expect(slabs.results.map((t: Task) => t.task)).toEqual(['Pour slab B', 'Pour slab A']);
    const paged = (
      await call('GET', '/api/apps/task?search=pour%20slab&ordering=dueDate&pageSize=1&page=2')
    ).json();
    expect(paged.results.map((t: Task) => t.task)).toEqual(['Pour slab B']);
    expect(
      (await call('GET', '/api/apps/task?status=Pending&priority=High'))
        .json()
        .results.map((t: Task) => t.task),
    ).toEqual(['Pour slab A']);
    expect((await call('GET', `/api/apps/task?assignee=${ada}&search=slab`)).json().count).toBe(1);
    const badFilter = await call('GET', '/api/apps/task?status=Done');
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().fieldErrors.status).toBe(
      'status must be one of: New, Pending, Inprogress, Completed.',
    );
    expect((await call('GET', '/api/apps/task?ordering=assignees')).statusCode).toBe(400);
  });

  it('PATCH changes only the fields sent, and the audit log shows just those', async () => {
    const task = await addTask({ task: 'Survey boundary', priority: 'Low', assigneeIds: [ada] });
    const res = await call('PATCH', `/api/apps/task/${task._id}`, { status: 'Inprogress' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      successMessage: 'Updated Successfully',
      data: { status: 'Inprogress', priority: 'Low', assignees: [{ id: ada }] },
    });
    const [entry] = (await call('GET', `/api/audit/?entity=task&entityKey=${task._id}&action=update`)).json()
      .results;
    expect(entry.before).toMatchObject({ status: 'New' });
    expect(entry.after).toMatchObject({ status: 'Inprogress' });
    expect(Object.keys(entry.after)).not.toContain('priority');
    const bad = await call('PATCH', `/api/apps/task/${task._id}`, { priority: 'Urgent' });
    expect(bad.statusCode).toBe(400);
    expect(
      (await call('PATCH', '/api/apps/task/00000000-0000-4000-8000-000000000000', { status: 'New' }))
        .statusCode,
    ).toBe(404);
  });

  it('deletes one, or several all or none', async () => {
    const a = await addTask({ task: 'Temporary A' });
    const b = await addTask({ task: 'Temporary B' });
    const c = await addTask({ task: 'Temporary C' });
    const one = await call('DELETE', `/api/apps/task/${a._id}`);
    expect(one.json()).toMatchObject({ successMessage: 'Deleted Successfully', data: { id: a._id } });
    expect((await call('GET', `/api/apps/task/${a._id}`)).statusCode).toBe(404);
    // One unknown id among them: nothing is deleted.
    const partial = await call('POST', '/api/apps/task/bulk-delete', {
      items: [{ id: b._id }, { id: a._id }],
    });
    expect(partial.statusCode).toBe(404);
    expect((await call('GET', `/api/apps/task/${b._id}`)).statusCode).toBe(200);
    const bulk = await call('POST', '/api/apps/task/bulk-delete', { items: [{ id: b._id }, { id: c._id }] });
    expect(bulk.json().data).toEqual({ deleted: 2 });
    expect((await call('GET', '/api/apps/task?search=Temporary')).json().count).toBe(0);
    // One delete entry for each task deleted, none for the refused bulk delete.
    for (const { _id } of [a, b, c]) {
      const entries = (await call('GET', `/api/audit/?entity=task&entityKey=${_id}&action=delete`)).json();
      expect(entries.count).toBe(1);
      expect(entries.results[0].before).toMatchObject({ _id });
    }
  });

  it('exports the current filter as CSV', async () => {
    await addTask({ task: 'Export me, "quoted"', status: 'Pending', assigneeIds: [ada, bob] });
    const res = await call('GET', '/api/apps/task/export?search=export%20me');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,task,status,priority,dueDate,assignees,cardId,project,tags');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',"Export me, ""quoted""",Pending,Medium,,Test User; Test User');
  });

  it('a user with tasks.view reads but cannot change', async () => {
    await ctx.createUser({
      email: 'reader@test.local',
      password: 'reader-password-1',
      permissions: ['tasks.view'],
    });
    const token = await ctx.login('reader@test.local', 'reader-password-1');
    expect((await call('GET', '/api/apps/task', undefined, { token })).statusCode).toBe(200);
    expect((await call('POST', '/api/apps/task', { task: 'No' }, { token })).statusCode).toBe(403);
  });
});
