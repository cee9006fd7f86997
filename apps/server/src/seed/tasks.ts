import { taskPriorities, taskStatuses } from '@ledgerdesk/contracts';
import type { Database } from '../db/client';
import { tasks } from '../db/schema';
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

/** Demo tasks spread over the demo people, due around the seed's fixed date. */
export async function seedTasks(
  db: Database,
  random: ReturnType<typeof createRandom>,
  userIds: string[],
  actorId: string,
) {
  const start = Date.UTC(2026, 10, 1);
  await db.insert(tasks).values(
    Array.from({ length: 36 }, (_, i) => ({
      task: `${work[i % work.length]}${i >= work.length ? ` (${Math.floor(i / work.length) + 1})` : ''}`,
      status: random.pick(taskStatuses),
      priority: random.pick(taskPriorities),
      dueDate: new Date(start + random.int(0, 60) * 86_400_000).toISOString().slice(0, 10),
      assigneeIds: [
        ...new Set([random.pick(userIds), ...(random.next() > 0.6 ? [random.pick(userIds)] : [])]),
      ],
      createdBy: actorId,
      updatedBy: actorId,
    })),
  );
}
