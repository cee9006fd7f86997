import { projectPriorities } from '@ledgerdesk/contracts';
import type { Database } from '../db/client';
import { projects } from '../db/schema';
import { createRandom } from './random';

const PROJECT_SEED = 60_007;

const work = [
  {
    name: 'Riverside library extension',
    description: 'Two-storey extension with a children’s reading room.',
  },
  { name: 'Harbour footbridge repainting', description: 'Blast cleaning and a three-coat paint system.' },
  { name: 'Northgate estate window replacement', description: '312 flats, double glazing, phased by block.' },
  {
    name: 'Brightwater school roof renewal',
    description: 'New insulated roof over the main hall and classrooms.',
  },
  {
    name: 'Depot electric vehicle chargers',
    description: 'Twelve chargers and a new supply for the fleet depot.',
  },
  { name: 'Town hall accessibility works', description: 'Ramps, a platform lift and accessible toilets.' },
  { name: 'Capital budget 2027 preparation', description: 'Bids from every department, scored and costed.' },
  {
    name: 'Leisure centre pool filtration',
    description: 'Replace sand filters and the plant room controls.',
  },
  { name: 'Cemetery boundary wall repair', description: 'Rebuild 80 m of collapsed stone wall.' },
  { name: 'Asset register cleanse', description: 'Reconcile the fixed asset register with the ledger.' },
  { name: 'Market square resurfacing', description: 'Granite setts, drainage and new street furniture.' },
  { name: 'Community centre heat pumps', description: 'Air-source heat pumps replacing the gas boilers.' },
  { name: 'Procurement framework renewal', description: 'Re-tender the minor works contractor framework.' },
  { name: 'Park play area upgrade', description: 'Inclusive play equipment and safety surfacing.' },
  { name: 'Office move to Civic Quarter', description: 'Move 140 staff, furniture and IT in two weekends.' },
];

/** Fifteen projects with leads and teams from the demo people; progress matches the status. */
export async function seedProjects(db: Database, userIds: string[], actorId: string) {
  const random = createRandom(PROJECT_SEED);
  const start = Date.UTC(2026, 10, 1);
  await db.insert(projects).values(
    work.map((w) => {
      const percentage = random.pick([0, 0, 10, 25, 40, 55, 70, 85, 100, 100]);
      const status =
        percentage === 0
          ? random.pick(['New', 'Pending'] as const)
          : percentage === 100
            ? 'Completed'
            : random.pick(['Inprogress', 'Inprogress', 'Progress'] as const);
      const members = new Set(Array.from({ length: random.int(2, 6) }, () => random.pick(userIds)));
      return {
        name: w.name,
        description: w.description,
        leadId: random.pick(userIds),
        memberIds: [...members],
        percentage,
        status,
        priority: random.pick(projectPriorities),
        dueDate: new Date(start + random.int(-30, 180) * 86_400_000).toISOString().slice(0, 10),
        createdBy: actorId,
        updatedBy: actorId,
      };
    }),
  );
}
