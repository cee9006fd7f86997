import { todoPriorities, todoStatuses } from '@ledgerdesk/contracts';
import type { Database } from '../db/client';
import { todoProjects, todos } from '../db/schema';
import { createRandom } from './random';

const TODO_SEED = 60_009;

const lists = [
  {
    name: 'Budget review',
    colour: 'blue',
    items: [
      'Collect the service budget returns',
      'Check salary estimates against the establishment',
      'Reconcile the capital programme to the ledger',
      'Draft the savings options paper',
      'Book the budget challenge sessions',
      'Update the medium-term financial plan',
      'Circulate the fees and charges schedule',
      'Prepare the cabinet report appendix',
    ],
  },
  {
    name: 'Year-end close',
    colour: 'teal',
    items: [
      'Accrue the outstanding supplier invoices',
      'Run the fixed asset depreciation',
      'Confirm the bank reconciliations',
      'Review the bad debt provision',
      'Send the audit working papers',
      'Post the reserve transfers',
      'Agree the inter-company balances',
      'Lock the prior period in the ledger',
    ],
  },
  {
    name: 'Procurement',
    colour: 'orange',
    items: [
      'Publish the minor works tender',
      'Answer the clarification questions',
      'Score the cleaning contract bids',
      'Check the insurance certificates',
      'Renew the stationery call-off',
      'Update the contracts register',
      'Set up the new supplier in the ledger',
      'Brief the evaluation panel',
    ],
  },
  {
    name: 'Office move',
    colour: 'grape',
    items: [
      'Confirm the floor plan with the teams',
      'Order the crates and labels',
      'Arrange the network cut-over',
      'Shred the archived paper files',
      'Return the old building keys',
      'Book the removal company',
      'Update the address on the letterheads',
      'Test the new meeting room screens',
    ],
  },
  {
    name: 'Personal',
    colour: 'pink',
    items: [
      'Finish the CIPFA module reading',
      'Submit the expenses claim',
      'Book the annual leave for December',
      'Update the team rota',
      'Prepare the appraisal notes',
      'Reply to the auditors’ email',
      'Tidy the shared drive folder',
      'Sign up for the Excel refresher',
    ],
  },
];

/** Five to-do projects of eight todos each, due around the seed's fixed date. */
export async function seedTodos(db: Database, actorId: string) {
  const random = createRandom(TODO_SEED);
  const start = Date.UTC(2026, 10, 10);
  const created = await db
    .insert(todoProjects)
    .values(lists.map((l) => ({ name: l.name, colour: l.colour, createdBy: actorId, updatedBy: actorId })))
    .returning({ id: todoProjects.id, name: todoProjects.name });
  const idOf = new Map(created.map((p) => [p.name, p.id]));
  await db.insert(todos).values(
    lists.flatMap((list) =>
      list.items.map((task) => ({
        task,
        projectId: idOf.get(list.name) ?? '',
        status: random.pick(todoStatuses),
        priority: random.pick(todoPriorities),
        dueDate:
          random.next() < 0.15
            ? null
            : new Date(start + random.int(-10, 40) * 86_400_000).toISOString().slice(0, 10),
        createdBy: actorId,
        updatedBy: actorId,
      })),
    ),
  );
}
