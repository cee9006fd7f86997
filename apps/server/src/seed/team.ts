import { labelColours } from '@ledgerdesk/contracts';
import type { Database } from '../db/client';
import { teamMembers } from '../db/schema';
import { createRandom } from './random';

const TEAM_SEED = 60_008;

const designations = [
  'Head of Finance',
  'Budget Analyst',
  'Quantity Surveyor',
  'Project Manager',
  'Procurement Officer',
  'Site Engineer',
  'Management Accountant',
  'Capital Programme Lead',
  'Assets Officer',
  'Finance Assistant',
];
/** People on the team without an account here: consultants and contractors' staff. */
const outsiders = [
  {
    name: 'Rhiannon Pryce',
    designation: 'Structural Engineer (consultant)',
    email: 'r.pryce@pryce-eng.example',
  },
  {
    name: 'Tomasz Zielinski',
    designation: 'Clerk of Works (contractor)',
    email: 'tomasz.z@buildright.example',
  },
  { name: 'Aisha Bello', designation: 'Cost Consultant', email: 'aisha.bello@costlink.example' },
  { name: 'Graham Whitlock', designation: 'Internal Auditor (shared service)', email: '' },
];

/** About fourteen members: ten of the demo people (counts from their projects and tasks) and four outsiders. */
export async function seedTeam(
  db: Database,
  people: { id: string; name: string; email: string }[],
  actorId: string,
) {
  const random = createRandom(TEAM_SEED);
  const phone = () => `+44 7${random.int(100, 999)} ${random.int(100000, 999999)}`;
  await db.insert(teamMembers).values([
    ...people.slice(0, 10).map((person, i) => ({
      name: person.name,
      designation: designations[i % designations.length] ?? 'Officer',
      email: person.email,
      phone: phone(),
      userId: person.id,
      colour: random.pick(labelColours),
      createdBy: actorId,
      updatedBy: actorId,
    })),
    ...outsiders.map((o) => ({
      ...o,
      phone: phone(),
      colour: random.pick(labelColours),
      createdBy: actorId,
      updatedBy: actorId,
    })),
  ]);
}
