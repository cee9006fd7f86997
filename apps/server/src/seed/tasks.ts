import { taskPriorities, taskStatuses } from '@ledgerdesk/contracts';
import { asc } from 'drizzle-orm';
import type { Database } from '../db/client';
import { projects, taskComments, tasks } from '../db/schema';
import { keysBetween } from '../lib/rank-key';
import { columnsOf, ensureBoard } from '../modules/tasks/service';
import type { createRandom } from './random';

const work = [
  'Review the structural drawings',
  'Order reinforcement steel',
  'Confirm the crane booking',
  'Update the cost plan',
  'Walk the site with the client',
  'Check the drainage levels',
  'Approve the window samples',
  'Chase the electrical subcontractor',
  'Prepare the monthly valuation',
  'Record the weekly safety inspection',
  'Agree the variation for the roof',
  'Measure the completed blockwork',
];
const tags = ['Design', 'Site', 'Finance', 'Client', 'Safety', 'Procurement', 'Urgent', 'QA'];
const steps = ['Draft', 'Check with the team', 'Send for approval', 'File the record'];
const remarks = [
  'I have asked the supplier for a date.',
  'Done on my side, please check.',
  'Waiting for the revised drawings.',
  'Can we move this to next week?',
  'Photos are in the shared folder.',
];
/** Tasks per demo project (the first ones); the rest of the projects start with an empty board. */
const PROJECT_TASKS = [5, 4, 4, 3, 3, 3];
const DEFAULT_BOARD_TASKS = 36;

/**
 * Demo tasks spread over the demo people, due around the seed's fixed date: most on the default
 * board (cards in every column), a few on the boards of the first demo projects, with tags,
 * subtasks and some comments.
 */
export async function seedTasks(
  db: Database,
  random: ReturnType<typeof createRandom>,
  userIds: string[],
  actorId: string,
) {
  const start = Date.UTC(2026, 10, 1);
  const someProjects = await db
    .select({ id: projects.id })
    .from(projects)
    .orderBy(asc(projects.createdAt), asc(projects.id))
    .limit(PROJECT_TASKS.length);
  const boards: { projectId: string | null; count: number }[] = [
    { projectId: null, count: DEFAULT_BOARD_TASKS },
    ...someProjects.map((p, i) => ({ projectId: p.id, count: PROJECT_TASKS[i] ?? 0 })),
  ];
  let n = 0;
  const rows: (typeof tasks.$inferInsert)[] = [];
  for (const board of boards) {
    const columns = await columnsOf(db, await ensureBoard(db, board.projectId));
    // Each column its share of the cards, in order: the first cards one per column, so none is empty.
    const perColumn = new Map<string, (typeof tasks.$inferInsert)[]>();
    for (let i = 0; i < board.count; i++, n++) {
      const column = columns[i % columns.length];
      if (!column) break;
      const status = column.status ?? random.pick(taskStatuses);
      const subtaskCount = random.pick([0, 0, 2, 3, 4]);
      const done = status === 'Completed' ? subtaskCount : random.int(0, subtaskCount);
      const card: typeof tasks.$inferInsert = {
        task: `${work[n % work.length]}${n >= work.length ? ` (${Math.floor(n / work.length) + 1})` : ''}`,
        status,
        priority: random.pick(taskPriorities),
        dueDate: new Date(start + random.int(0, 60) * 86_400_000).toISOString().slice(0, 10),
        assigneeIds: [
          ...new Set([random.pick(userIds), ...(random.next() > 0.6 ? [random.pick(userIds)] : [])]),
        ],
        projectId: board.projectId,
        columnId: column.id,
        rank: '',
        tags: [...new Set([random.pick(tags), ...(random.next() > 0.5 ? [random.pick(tags)] : [])])],
        subtasks: steps.slice(0, subtaskCount).map((title, s) => ({ title, done: s < done })),
        createdBy: actorId,
        updatedBy: actorId,
      };
      perColumn.set(column.id, [...(perColumn.get(column.id) ?? []), card]);
    }
    for (const cards of perColumn.values()) {
      const ranks = keysBetween(null, null, cards.length);
      cards.forEach((card, i) => {
        card.rank = ranks[i] ?? '';
        rows.push(card);
      });
    }
  }
  const created = await db.insert(tasks).values(rows).returning({ id: tasks.id });
  // A few comments on every third task.
  await db.insert(taskComments).values(
    created
      .filter((_, i) => i % 3 === 0)
      .flatMap((task) =>
        Array.from({ length: random.int(1, 3) }, () => ({
          taskId: task.id,
          authorId: random.pick(userIds),
          body: random.pick(remarks),
        })),
      ),
  );
}
