import { type TaskBoard, type TaskCard, taskMessages } from '@ledgerdesk/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, taskBoards, tasks } from '../../src/db/schema';
import { ADMIN, apiCaller, createdData, createTestContext, type TestContext } from '../context';
import { multipart } from '../multipart';

// The kanban board over the tasks: SPEC §3/§4/§7 paths, moves, columns, comments, filters, access.
let ctx: TestContext;
let admin: string;
let ada: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN.email, ADMIN.password);
  ada = await ctx.createUser({ email: 'ada@test.local', password: 'ada-password-1' });
});
afterAll(() => ctx.close());

const call = apiCaller(() => ({ ctx, token: admin }));
const ok = <T>(res: { statusCode: number; body: string; json: () => unknown }, status = 200): T => {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json() as T;
};
const board = async (query = '') =>
  ok<TaskBoard>(await call('GET', `/api/apps/tasks${query ? `?${query}` : ''}`));
const column = (b: TaskBoard, title: string) => {
  const found = b.columns.find((c) => c.title === title);
  if (!found) throw new Error(`no column ${title}`);
  return found;
};
const titles = (b: TaskBoard, title: string) => column(b, title).cards.map((c) => c.title);
const addCard = async (fields: Record<string, unknown>) =>
  createdData<TaskCard>(await call('POST', '/api/add/tasks', fields));
const move = (id: string, columnId: string, afterId: string | null, token = admin) =>
  call('POST', `/api/apps/tasks/${id}/move`, { columnId, afterId }, { token });
/** A column's ranks as stored, in order (rank, id). */
const storedRanks = async (columnId: string) =>
  await ctx.database.db
    .select({ id: tasks.id, rank: tasks.rank })
    .from(tasks)
    .where(eq(tasks.columnId, columnId))
    .orderBy(asc(tasks.rank), asc(tasks.id));
const addProject = async (name: string) =>
  createdData<{ _id: string }>(await call('POST', '/api/projects', { projectName: name }))._id;

describe('the default board', () => {
  it('has the SPEC columns in order, each with its status', async () => {
    const b = await board();
    expect(b.projectId).toBeNull();
    expect(b.columns.map((c) => [c.title, c.status])).toEqual([
      ['Unassigned', null],
      ['To Do', 'Pending'],
      ['Inprogress', 'Inprogress'],
      ['IN REVIEWS', null],
      ['Completed', 'Completed'],
      ['New', 'New'],
    ]);
    for (const c of b.columns) {
      expect(c.kanId).toBe(c.id);
      expect(c.name).toBe(c.title);
    }
  });
});

describe('SPEC card paths', () => {
  it('adds a card by column id, by title, or into a new column', async () => {
    const todo = column(await board(), 'To Do');
    const first = await addCard({ kanId: todo.id, title: 'Pour slab', badges: ['Site'], memberIds: [ada] });
    expect(first).toMatchObject({
      title: 'Pour slab',
      kanId: todo.id,
      status: 'Pending',
      badges: ['Site'],
      members: [{ id: ada }],
      counters: { comments: 0, attachments: 0, subtasks: 0, subtasksDone: 0 },
      progress: 0,
      version: 1,
    });
    expect(first.cardId).toMatch(/^TSK-\d{4,}$/);
    // On top of the column.
    const second = await addCard({ kanId: 'to do', title: 'Order rebar' });
    expect(second.kanId).toBe(todo.id);
    expect(titles(await board(), 'To Do').slice(0, 2)).toEqual(['Order rebar', 'Pour slab']);
    const inReview = await addCard({ kanId: 'in reviews', title: 'Check drawings' });
    expect(inReview.kanId).toBe(column(await board(), 'IN REVIEWS').id);
    expect(inReview.status).toBe('New');
    const blocked = await addCard({ kanId: 'Blocked', title: 'Wait for permit' });
    const after = await board();
    expect(after.columns.at(-1)?.title).toBe('Blocked');
    expect(after.columns.at(-1)?.id).toBe(blocked.kanId);
    // The same new title again: the column made the first time.
    expect((await addCard({ kanId: 'blocked', title: 'Wait for crane' })).kanId).toBe(blocked.kanId);
    expect((await board()).columns).toHaveLength(7);
    // The id of another board's column: refused, not taken for a title.
    const project = await addProject('Elsewhere');
    const elsewhere = column(await board(`project=${project}`), 'New');
    const wrong = await call('POST', '/api/add/tasks', { kanId: elsewhere.id, title: 'Lost' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ kanId: taskMessages.otherBoard });
    expect((await addCard({ kanId: elsewhere.id, title: 'Found', projectId: project })).kanId).toBe(
      elsewhere.id,
    );
  });

  it('updates a card by its id in the body, with its version', async () => {
    const card = await addCard({ kanId: 'New', title: 'Walk the site' });
    const res = await call('PUT', '/api/update/tasks', {
      id: card.id,
      version: card.version,
      title: 'Walk the site with the client',
      badges: ['Client', 'Site'],
      subtasks: [
        { title: 'Book', done: true },
        { title: 'Walk', done: false },
      ],
    });
    const changed = ok<{ data: TaskCard }>(res).data;
    expect(changed).toMatchObject({
      title: 'Walk the site with the client',
      badges: ['Client', 'Site'],
      counters: { subtasks: 2, subtasksDone: 1 },
      progress: 50,
      version: 2,
    });
    const stale = await call('PUT', '/api/update/tasks', { id: card.id, version: 1, title: 'Old' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorCode).toBe('STALE_RECORD');
    expect(
      (await call('PUT', '/api/update/tasks', { id: '00000000-0000-4000-8000-000000000000', title: 'x' }))
        .statusCode,
    ).toBe(404);
    // Completed through the card: it moves to the Completed column, progress 100.
    const done = ok<{ data: TaskCard }>(
      await call('PUT', '/api/update/tasks', { id: card.id, status: 'Completed' }),
    );
    expect(done.data.kanId).toBe(column(await board(), 'Completed').id);
    expect(done.data.progress).toBe(100);
  });

  it('deletes a card by the id in the task header, from every column', async () => {
    const card = await addCard({ kanId: 'Unassigned', title: 'Temporary card' });
    const res = await call('DELETE', '/api/delete/tasks', undefined, { headers: { task: card.id } });
    expect(ok<{ data: { id: string } }>(res).data).toEqual({ id: card.id });
    const b = await board();
    expect(b.columns.flatMap((c) => c.cards.map((x) => x.id))).not.toContain(card.id);
    expect((await call('DELETE', '/api/delete/tasks')).statusCode).toBe(400);
    expect(
      (await call('DELETE', '/api/delete/tasks', undefined, { headers: { task: 'nope' } })).statusCode,
    ).toBe(400);
    expect(
      (await call('DELETE', '/api/delete/tasks', undefined, { headers: { task: card.id } })).statusCode,
    ).toBe(404);
  });
});

describe('moves', () => {
  it('within a column and across columns, the status following the column', async () => {
    const b = await board();
    const lane = await addCard({ kanId: 'Lane', title: 'Lane C' }).then(async (c) => ({
      id: c.kanId,
      c,
      b: await addCard({ kanId: 'Lane', title: 'Lane B' }),
      a: await addCard({ kanId: 'Lane', title: 'Lane A' }),
    }));
    const laneTitles = async () => titles(await board(), 'Lane');
    expect(await laneTitles()).toEqual(['Lane A', 'Lane B', 'Lane C']);
    ok(await move(lane.a.id, lane.id, lane.c.id));
    expect(await laneTitles()).toEqual(['Lane B', 'Lane C', 'Lane A']);
    ok(await move(lane.a.id, lane.id, null));
    expect(await laneTitles()).toEqual(['Lane A', 'Lane B', 'Lane C']);
    ok(await move(lane.c.id, lane.id, lane.a.id));
    expect(await laneTitles()).toEqual(['Lane A', 'Lane C', 'Lane B']);

    const progress = column(b, 'Inprogress');
    const moved = ok<{ data: TaskCard }>(await move(lane.b.id, progress.id, null)).data;
    expect(moved).toMatchObject({ kanId: progress.id, status: 'Inprogress', version: lane.b.version + 1 });
    expect(titles(await board(), 'Inprogress')[0]).toBe('Lane B');
    const record = ok<{ status: string; columnId: string }>(await call('GET', `/api/apps/task/${lane.b.id}`));
    expect(record).toMatchObject({ status: 'Inprogress', columnId: progress.id });
    const audit = ok<{ results: { action: string; after: Record<string, unknown> }[] }>(
      await call('GET', `/api/audit/?entity=task&entityKey=${lane.b.id}&action=update`),
    );
    expect(audit.results[0]?.after).toMatchObject({ status: 'Inprogress', columnId: progress.id });
    // Into a column without a status: the status stays.
    const kept = ok<{ data: TaskCard }>(await move(lane.b.id, column(b, 'IN REVIEWS').id, null)).data;
    expect(kept.status).toBe('Inprogress');
    // Moving where it already is writes nothing.
    expect(ok<{ data: TaskCard }>(await move(lane.b.id, column(b, 'IN REVIEWS').id, null)).data.version).toBe(
      kept.version,
    );
  });

  it('puts the card on top when afterId left the column; refuses what cannot be', async () => {
    const b = await board();
    const x = await addCard({ kanId: 'Unassigned', title: 'X' });
    const y = await addCard({ kanId: 'New', title: 'Y' });
    const z = await addCard({ kanId: 'New', title: 'Z' });
    // y is in New, not in Unassigned: z goes to the top of Unassigned.
    ok(await move(z.id, column(b, 'Unassigned').id, y.id));
    expect(titles(await board(), 'Unassigned').slice(0, 2)).toEqual(['Z', 'X']);
    const self = await move(x.id, column(b, 'Unassigned').id, x.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().fieldErrors).toEqual({ afterId: taskMessages.afterItself });
    const unknown = await move(x.id, '00000000-0000-4000-8000-000000000000', null);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ columnId: taskMessages.unknownColumn });
    const project = await addProject('Other board');
    const other = await board(`project=${project}`);
    const across = await move(x.id, column(other, 'New').id, null);
    expect(across.statusCode).toBe(400);
    expect(across.json().fieldErrors).toEqual({ columnId: taskMessages.otherBoard });
    expect((await move('00000000-0000-4000-8000-000000000000', column(b, 'New').id, null)).statusCode).toBe(
      404,
    );
    for (const body of [{}, { columnId: 'x' }, { columnId: column(b, 'New').id, afterId: 5 }]) {
      const res = await call('POST', `/api/apps/tasks/${x.id}/move`, body);
      expect(res.statusCode).toBe(400);
    }
    expect((await call('POST', `/api/apps/tasks/${x.id}/move`, 'text')).statusCode).toBe(415);
  });

  it('concurrent moves into the same gap lose none and keep a total order', async () => {
    const project = await addProject('Busy board');
    const b = await board(`project=${project}`);
    const source = column(b, 'Unassigned');
    const target = column(b, 'IN REVIEWS');
    const anchor = await addCard({ kanId: target.id, title: 'Anchor', projectId: project });
    const tail = await addCard({ kanId: target.id, title: 'Tail', projectId: project });
    ok(await move(anchor.id, target.id, null));
    const cards: TaskCard[] = [];
    for (let i = 0; i < 24; i++)
      cards.push(await addCard({ kanId: source.id, title: `Card ${i}`, projectId: project }));
    // Half move from another column, half within the target column's neighbourhood, all after Anchor.
    const results = await Promise.all(cards.map((card) => move(card.id, target.id, anchor.id)));
    for (const res of results) expect(res.statusCode).toBe(200);
    const ranks = await storedRanks(target.id);
    expect(ranks).toHaveLength(26);
    expect(new Set(ranks.map((r) => r.id)).size).toBe(26);
    for (let i = 1; i < ranks.length; i++)
      expect((ranks[i - 1]?.rank ?? '') < (ranks[i]?.rank ?? '')).toBe(true);
    expect(ranks[0]?.id).toBe(anchor.id);
    expect(ranks.at(-1)?.id).toBe(tail.id);
    expect(await storedRanks(source.id)).toHaveLength(0);
    // And concurrent moves back and forth between two columns.
    const shuffles = await Promise.all(
      cards.map((card, i) => move(card.id, i % 2 ? source.id : target.id, i % 3 ? null : anchor.id)),
    );
    for (const res of shuffles) expect(res.statusCode).toBe(200);
    const all = [...(await storedRanks(source.id)), ...(await storedRanks(target.id))];
    expect(new Set(all.map((r) => r.id)).size).toBe(26);
    const b2 = await board(`project=${project}&cards=200`);
    expect(column(b2, 'Unassigned').count + column(b2, 'IN REVIEWS').count).toBe(26);
  });
});

describe('the list and the board: two views of the same tasks', () => {
  it('a new task goes on top of the column of its status; a status change moves its card', async () => {
    const b = await board();
    const task = createdData<{ _id: string; columnId: string; cardId: string }>(
      await call('POST', '/api/apps/task', { task: 'Listed task', status: 'Pending' }),
    );
    expect(task.columnId).toBe(column(b, 'To Do').id);
    expect(titles(await board(), 'To Do')[0]).toBe('Listed task');
    const patched = ok<{ data: { columnId: string; status: string } }>(
      await call('PATCH', `/api/apps/task/${task._id}`, { status: 'Inprogress' }),
    );
    expect(patched.data.columnId).toBe(column(b, 'Inprogress').id);
    // In a column without a status, a status change leaves the card where it is.
    ok(await move(task._id, column(b, 'IN REVIEWS').id, null));
    const kept = ok<{ data: { columnId: string } }>(
      await call('PATCH', `/api/apps/task/${task._id}`, { status: 'Completed' }),
    );
    expect(kept.data.columnId).toBe(column(b, 'IN REVIEWS').id);
    // An explicit column: its top, and its status.
    const placed = ok<{ data: { columnId: string; status: string } }>(
      await call('PATCH', `/api/apps/task/${task._id}`, { columnId: column(b, 'New').id }),
    );
    expect(placed.data).toMatchObject({ columnId: column(b, 'New').id, status: 'New' });
    const fresh = createdData<{ columnId: string; status: string }>(
      await call('POST', '/api/apps/task', { task: 'No status given' }),
    );
    expect(fresh.columnId).toBe(column(b, 'New').id);
  });

  it("a project's board is made on demand, once, and its tasks follow the project", async () => {
    const project = await addProject('On demand');
    const boards = await Promise.all(Array.from({ length: 6 }, () => board(`project=${project}`)));
    expect(new Set(boards.map((x) => x.id)).size).toBe(1);
    expect(boards[0]?.name).toBe('On demand');
    expect(boards[0]?.columns).toHaveLength(6);
    const stored = await ctx.database.db.select().from(taskBoards).where(eq(taskBoards.projectId, project));
    expect(stored).toHaveLength(1);

    const other = await addProject('Second project');
    const task = createdData<{ _id: string; columnId: string; project: { id: string; name: string } }>(
      await call('POST', '/api/apps/task', { task: 'Project task', projectId: other, status: 'Inprogress' }),
    );
    expect(task.project).toEqual({ id: other, name: 'Second project' });
    const otherBoard = await board(`project=${other}`);
    expect(task.columnId).toBe(column(otherBoard, 'Inprogress').id);
    const listed = ok<{ results: { _id: string }[] }>(await call('GET', `/api/apps/task?project=${other}`));
    expect(listed.results.map((t) => t._id)).toEqual([task._id]);
    // To another project: onto its board, the column of its status.
    const moved = ok<{ data: { columnId: string } }>(
      await call('PATCH', `/api/apps/task/${task._id}`, { projectId: project }),
    );
    expect(moved.data.columnId).toBe(column(boards[0] as TaskBoard, 'Inprogress').id);
    // The project deleted: its tasks go to the default board.
    ok(await call('DELETE', `/api/projects/${project}`));
    const after = ok<{ project: null; columnId: string }>(await call('GET', `/api/apps/task/${task._id}`));
    expect(after.project).toBeNull();
    expect(after.columnId).toBe(column(await board(), 'Inprogress').id);
    expect(
      await ctx.database.db.select().from(taskBoards).where(eq(taskBoards.projectId, project)),
    ).toHaveLength(0);

    const unknown = await call('POST', '/api/apps/task', {
      task: 'Ghost project',
      projectId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ projectId: taskMessages.unknownProject });
    expect(
      (await call('GET', '/api/apps/tasks?project=00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    // A column of another board is refused.
    const wrong = await call('POST', '/api/apps/task', {
      task: 'Wrong',
      columnId: column(otherBoard, 'New').id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ columnId: taskMessages.otherBoard });
  });

  it('filters the board and the list alike', async () => {
    const project = await addProject('Filtered');
    const today = new Date().toISOString().slice(0, 10);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const add = async (title: string, fields: Record<string, unknown>) =>
      createdData<{ _id: string }>(
        await call('POST', '/api/apps/task', { task: title, projectId: project, ...fields }),
      );
    await add('Late', { dueDate: day(-3), priority: 'High', assigneeIds: [ada] });
    await add('Late but done', { dueDate: day(-3), status: 'Completed' });
    await add('Today', { dueDate: today, priority: 'Low' });
    await add('This week', { dueDate: day(5), status: 'Pending' });
    await add('Undated', {});
    const boardTitles = async (query: string) =>
      (await board(`project=${project}&${query}`)).columns.flatMap((c) => c.cards.map((x) => x.title)).sort();
    const listTitles = async (query: string) =>
      ok<{ results: { task: string }[] }>(await call('GET', `/api/apps/task?project=${project}&${query}`))
        .results.map((t) => t.task)
        .sort();
    const cases: [string, string[]][] = [
      ['due=overdue', ['Late']],
      ['due=today', ['Today']],
      ['due=week', ['This week', 'Today']],
      ['due=none', ['Undated']],
      ['priority=High', ['Late']],
      [`assignee=${ada}`, ['Late']],
      ['status=Pending', ['This week']],
      ['search=week', ['This week']],
    ];
    for (const [query, expected] of cases) {
      expect(await boardTitles(query)).toEqual(expected);
      expect(await listTitles(query)).toEqual(expected);
    }
    const counted = await board(`project=${project}&due=week`);
    expect(counted.columns.reduce((n, c) => n + c.count, 0)).toBe(2);
    const none = ok<{ results: { project: unknown }[] }>(
      await call('GET', '/api/apps/task?project=none&pageSize=500'),
    );
    expect(none.results.every((t) => t.project === null)).toBe(true);
    for (const bad of ['due=soon', 'project=nope', 'cards=0', 'cards=201', 'cards=x', 'priority=Urgent']) {
      const res = await call('GET', `/api/apps/tasks?${bad}`);
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('column paging', () => {
  it('brings a column page by page, in rank order', async () => {
    const project = await addProject('Paged');
    for (let i = 0; i < 5; i++) await addCard({ kanId: 'New', title: `Paged ${i}`, projectId: project });
    const first = await board(`project=${project}&cards=2`);
    const lane = column(first, 'New');
    expect(lane.count).toBe(5);
    expect(lane.cards.map((c) => c.title)).toEqual(['Paged 4', 'Paged 3']);
    const seen = [...lane.cards.map((c) => c.title)];
    let cursor = lane.nextCursor;
    while (cursor) {
      const page = ok<{ cards: TaskCard[]; nextCursor: string | null }>(
        await call('GET', `/api/apps/tasks/columns/${lane.id}/cards?limit=2&cursor=${cursor}`),
      );
      seen.push(...page.cards.map((c) => c.title));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(['Paged 4', 'Paged 3', 'Paged 2', 'Paged 1', 'Paged 0']);
    expect((await call('GET', `/api/apps/tasks/columns/${lane.id}/cards?cursor=garbage`)).statusCode).toBe(
      400,
    );
    expect((await call('GET', '/api/apps/tasks/columns/nope/cards')).statusCode).toBe(400);
    expect(
      (await call('GET', '/api/apps/tasks/columns/00000000-0000-4000-8000-000000000000/cards')).statusCode,
    ).toBe(404);
  });
});

describe('columns', () => {
  it('are added, renamed, reordered and deleted when empty; a board keeps one', async () => {
    const project = await addProject('Columns');
    const b = await board(`project=${project}`);
    const todo = column(b, 'To Do');
    const made = createdData<{ id: string; boardId: string }>(
      await call('POST', `/api/apps/tasks/boards/${b.id}/columns`, { title: 'Waiting', afterId: todo.id }),
    );
    expect(made.boardId).toBe(b.id);
    expect((await board(`project=${project}`)).columns.map((c) => c.title)).toEqual([
      'Unassigned',
      'To Do',
      'Waiting',
      'Inprogress',
      'IN REVIEWS',
      'Completed',
      'New',
    ]);
    ok(
      await call('PATCH', `/api/apps/tasks/columns/${made.id}`, {
        title: 'Blocked',
        status: 'Pending',
        afterId: null,
      }),
    );
    const renamed = await board(`project=${project}`);
    expect(renamed.columns[0]).toMatchObject({ id: made.id, title: 'Blocked', status: 'Pending' });
    ok(await call('PATCH', `/api/apps/tasks/columns/${made.id}`, { afterId: column(renamed, 'New').id }));
    // Nothing to change: the column as it is.
    expect(
      ok<{ data: { title: string } }>(await call('PATCH', `/api/apps/tasks/columns/${made.id}`, {})).data
        .title,
    ).toBe('Blocked');
    expect((await board(`project=${project}`)).columns.at(-1)?.id).toBe(made.id);

    const card = await addCard({ kanId: made.id, title: 'Keeps it', projectId: project });
    expect(card.status).toBe('Pending');
    const busy = await call('DELETE', `/api/apps/tasks/columns/${made.id}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().errorMessage).toBe(taskMessages.columnNotEmpty);
    ok(await call('DELETE', '/api/delete/tasks', undefined, { headers: { task: card.id } }));
    ok(await call('DELETE', `/api/apps/tasks/columns/${made.id}`));
    const left = (await board(`project=${project}`)).columns;
    for (const c of left.slice(1)) ok(await call('DELETE', `/api/apps/tasks/columns/${c.id}`));
    const last = await call('DELETE', `/api/apps/tasks/columns/${left[0]?.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().errorMessage).toBe(taskMessages.lastColumn);

    for (const body of [{}, { title: '' }, { title: 'x'.repeat(61) }, { title: 'Ok', status: 'Done' }]) {
      expect((await call('POST', `/api/apps/tasks/boards/${b.id}/columns`, body)).statusCode).toBe(400);
    }
    expect(
      (
        await call('POST', '/api/apps/tasks/boards/00000000-0000-4000-8000-000000000000/columns', {
          title: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call('PATCH', `/api/apps/tasks/columns/${left[0]?.id}`, {
          afterId: '00000000-0000-4000-8000-000000000000',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await call('PATCH', '/api/apps/tasks/columns/00000000-0000-4000-8000-000000000000', {})).statusCode,
    ).toBe(404);
  });
});

describe('comments', () => {
  it('are listed newest first, paged, counted on the card and the record', async () => {
    const card = await addCard({ kanId: 'New', title: 'Discussed' });
    for (const body of ['First', 'Second', 'Third']) {
      createdData(await call('POST', `/api/apps/task/${card.id}/comments`, { body }));
    }
    const page = ok<{ comments: { body: string; author: { id: string } }[]; nextCursor: string }>(
      await call('GET', `/api/apps/task/${card.id}/comments?limit=2`),
    );
    expect(page.comments.map((c) => c.body)).toEqual(['Third', 'Second']);
    const rest = ok<{ comments: { body: string }[]; nextCursor: null }>(
      await call('GET', `/api/apps/task/${card.id}/comments?limit=2&cursor=${page.nextCursor}`),
    );
    expect(rest.comments.map((c) => c.body)).toEqual(['First']);
    expect(rest.nextCursor).toBeNull();
    const record = ok<{ commentCount: number }>(await call('GET', `/api/apps/task/${card.id}`));
    expect(record.commentCount).toBe(3);
    const onBoard = column(await board(), 'New').cards.find((c) => c.id === card.id);
    expect(onBoard?.counters.comments).toBe(3);
    for (const body of [{}, { body: '' }, { body: 'x'.repeat(2001) }, { body: 5 }]) {
      expect((await call('POST', `/api/apps/task/${card.id}/comments`, body)).statusCode).toBe(400);
    }
    expect(
      (await call('POST', '/api/apps/task/00000000-0000-4000-8000-000000000000/comments', { body: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/apps/task/${card.id}/comments?cursor=%%%`)).statusCode).toBe(400);
  });
});

describe('attachments', () => {
  const attach = (taskId: string, names: string[], token = admin) => {
    const body = multipart(names.map((name) => ({ name, content: `Notes: ${name}`, type: 'text/plain' })));
    return ctx.app.inject({
      method: 'POST',
      url: `/api/apps/task/${taskId}/attachments`,
      headers: { authorization: `Bearer ${token}`, ...body.headers },
      payload: body.payload,
    });
  };
  const cardOf = (b: TaskBoard, id: string) => b.columns.flatMap((c) => c.cards).find((c) => c.id === id);

  it('files on a task: listed in order, counted on its card and its record, gone with the task', async () => {
    const todo = column(await board(), 'To Do');
    const [one, two, bare] = [
      await addCard({ kanId: todo.id, title: 'Survey photos' }),
      await addCard({ kanId: todo.id, title: 'Site plan' }),
      await addCard({ kanId: todo.id, title: 'Nothing attached' }),
    ];
    if (!one || !two || !bare) throw new Error('cards not added');
    expect(
      ok<{ files: unknown[] }>(await attach(one.id, ['north.txt', 'south.txt', 'east.txt']), 201).files,
    ).toHaveLength(3);
    ok(await attach(two.id, ['plan.txt']), 201);

    const b = await board();
    expect(cardOf(b, one.id)?.counters.attachments).toBe(3);
    expect(cardOf(b, two.id)?.counters.attachments).toBe(1);
    expect(cardOf(b, bare.id)?.counters.attachments).toBe(0);
    expect(
      ok<{ attachmentCount: number }>(await call('GET', `/api/apps/task/${one.id}`)).attachmentCount,
    ).toBe(3);
    const list = ok<{ items: { id: string; name: string }[] }>(
      await call('GET', `/api/apps/task/${one.id}/attachments`),
    );
    expect(list.items.map((f) => f.name)).toEqual(['north.txt', 'south.txt', 'east.txt']);

    // Removing one: the card counts the rest.
    const [first] = list.items;
    ok(await call('DELETE', `/api/apps/task/${one.id}/attachments/${first?.id}`));
    expect(cardOf(await board(), one.id)?.counters.attachments).toBe(2);

    // tasks.view reads them, cannot add; no tasks area: 403.
    await ctx.createUser({
      email: 'files-viewer@test.local',
      password: 'files-viewer-1',
      permissions: ['tasks.view'],
    });
    const viewer = await ctx.login('files-viewer@test.local', 'files-viewer-1');
    expect(
      (await call('GET', `/api/apps/task/${one.id}/attachments`, undefined, { token: viewer })).statusCode,
    ).toBe(200);
    expect((await attach(one.id, ['more.txt'], viewer)).statusCode).toBe(403);
    await ctx.createUser({
      email: 'files-none@test.local',
      password: 'files-none-1',
      permissions: ['crm.view'],
    });
    const stranger = await ctx.login('files-none@test.local', 'files-none-1');
    expect(
      (await call('GET', `/api/apps/task/${one.id}/attachments`, undefined, { token: stranger })).statusCode,
    ).toBe(403);
    const [kept] = list.items.slice(1);
    expect(
      (await call('GET', `/api/files/${kept?.id}/content`, undefined, { token: stranger })).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/files/${kept?.id}/content`, undefined, { token: viewer })).statusCode,
    ).toBe(200);

    // Deleting the card deletes its attachments.
    ok(await call('DELETE', '/api/delete/tasks', undefined, { headers: { task: one.id } }));
    const left = await ctx.database.db
      .select({ id: files.id })
      .from(files)
      .where(eq(files.attachedId, one.id));
    expect(left).toEqual([]);
  });
});

describe('access', () => {
  it('tasks.view reads and comments; tasks.manage changes; neither: 403', async () => {
    await ctx.createUser({
      email: 'viewer@test.local',
      password: 'viewer-password-1',
      permissions: ['tasks.view'],
    });
    await ctx.createUser({ email: 'nobody@test.local', password: 'nobody-password-1', permissions: [] });
    const viewer = await ctx.login('viewer@test.local', 'viewer-password-1');
    const nobody = await ctx.login('nobody@test.local', 'nobody-password-1');
    const b = await board();
    const card = await addCard({ kanId: 'New', title: 'Guarded' });
    expect((await call('GET', '/api/apps/tasks', undefined, { token: nobody })).statusCode).toBe(403);
    expect(
      (await call('GET', `/api/apps/task/${card.id}/comments`, undefined, { token: nobody })).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/apps/tasks', undefined, { token: viewer })).statusCode).toBe(200);
    expect((await move(card.id, column(b, 'To Do').id, null, viewer)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/add/tasks', { kanId: 'New', title: 'x' }, { token: viewer })).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/apps/tasks/boards/${b.id}/columns`, { title: 'x' }, { token: viewer }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', '/api/delete/tasks', undefined, { token: viewer, headers: { task: card.id } }))
        .statusCode,
    ).toBe(403);
    const mine = createdData<{ id: string }>(
      await call('POST', `/api/apps/task/${card.id}/comments`, { body: 'Mine' }, { token: viewer }),
    );
    const theirs = createdData<{ id: string }>(
      await call('POST', `/api/apps/task/${card.id}/comments`, { body: 'Admin' }),
    );
    expect(
      (await call('DELETE', `/api/apps/task/${card.id}/comments/${theirs.id}`, undefined, { token: viewer }))
        .statusCode,
    ).toBe(403);
    ok(await call('DELETE', `/api/apps/task/${card.id}/comments/${mine.id}`, undefined, { token: viewer }));
    // A manager deletes anyone's.
    const again = createdData<{ id: string }>(
      await call('POST', `/api/apps/task/${card.id}/comments`, { body: 'Again' }, { token: viewer }),
    );
    ok(await call('DELETE', `/api/apps/task/${card.id}/comments/${again.id}`));
    expect((await call('DELETE', `/api/apps/task/${card.id}/comments/${again.id}`)).statusCode).toBe(404);
  });
});

describe('bad inputs', () => {
  it('answer 4xx with a message, never 500', async () => {
    const b = await board();
    const bodies: unknown[] = [
      {},
      { kanId: '' },
      { kanId: 'New' },
      { kanId: 'New', title: '' },
      { kanId: 'x'.repeat(61), title: 'x' },
      { kanId: 'New', title: 'x', badges: Array.from({ length: 11 }, (_, i) => `b${i}`) },
      { kanId: 'New', title: 'x', badges: ['x'.repeat(31)] },
      { kanId: 'New', title: 'x', badges: 'Site' },
      { kanId: 'New', title: 'x', subtasks: [{ done: true }] },
      { kanId: 'New', title: 'x', subtasks: 'a' },
      { kanId: 'New', title: 'x', subtasks: Array.from({ length: 51 }, () => ({ title: 's' })) },
      { kanId: 'New', title: 'x', projectId: '00000000-0000-4000-8000-000000000000' },
      { kanId: 'New', title: 'x', memberIds: ['00000000-0000-4000-8000-000000000000'] },
      { kanId: 'New', title: 'x', dueDate: '2026-13-01' },
    ];
    for (const body of bodies) {
      const res = await call('POST', '/api/add/tasks', body as object);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errorMessage).toBeTruthy();
    }
    const tagged = await call('POST', '/api/apps/task', { task: 'x', tags: ['x'.repeat(31)] });
    expect(tagged.statusCode).toBe(400);
    expect(tagged.json().fieldErrors['tags.0']).toBe('A tag must be at most 30 characters.');
    for (const body of [{}, { id: 'x' }, { id: '00000000-0000-4000-8000-000000000000', version: 0 }]) {
      expect((await call('PUT', '/api/update/tasks', body)).statusCode).toBe(400);
    }
    expect(
      (await call('POST', '/api/apps/tasks/nope/move', { columnId: b.id, afterId: null })).statusCode,
    ).toBe(400);
    // None of them wrote a card.
    expect(await ctx.database.db.select().from(tasks).where(eq(tasks.task, 'x'))).toHaveLength(0);
  });
});
