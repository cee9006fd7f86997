import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import { libraryCodes, libraryUnits } from '../db/schema';
import type { createRandom } from './random';

type Random = ReturnType<typeof createRandom>;
/** [code, description, children] down to L3; L4 items are made from the L3's item list. */
type Branch = [string, string, Branch[]?];

// A construction budget: what comes in, and what the works cost, by element.
const library: Branch[] = [
  [
    '01',
    'Income',
    [
      [
        '1',
        'Contract revenue',
        [
          ['1', 'Main contract'],
          ['2', 'Approved variations'],
          ['3', 'Provisional sums'],
        ],
      ],
      [
        '2',
        'Other income',
        [
          ['1', 'Grants and subsidies'],
          ['2', 'Recoverable costs'],
        ],
      ],
    ],
  ],
  [
    '02',
    'Expenses',
    [
      [
        '1',
        'Preliminaries',
        [
          ['1', 'Site establishment'],
          ['2', 'Supervision'],
          ['3', 'Temporary works'],
        ],
      ],
      [
        '2',
        'Substructure',
        [
          ['1', 'Excavation'],
          ['2', 'Foundations'],
          ['3', 'Ground floor slab'],
        ],
      ],
      [
        '3',
        'Superstructure',
        [
          ['1', 'Frame'],
          ['2', 'Upper floors'],
          ['3', 'Roof'],
          ['4', 'External walls'],
        ],
      ],
      [
        '4',
        'Finishes',
        [
          ['1', 'Wall finishes'],
          ['2', 'Floor finishes'],
          ['3', 'Ceilings'],
        ],
      ],
      [
        '5',
        'Services',
        [
          ['1', 'Plumbing'],
          ['2', 'Electrical'],
          ['3', 'Heating and ventilation'],
        ],
      ],
      [
        '6',
        'External works',
        [
          ['1', 'Paving'],
          ['2', 'Drainage'],
          ['3', 'Landscaping'],
        ],
      ],
    ],
  ],
];

// Items an L3 draws from: description, unit, price range.
const items: [string, string, number, number][] = [
  ['Excavation in ordinary soil', 'm³', 8, 25],
  ['Reinforced concrete C30/37', 'm³', 140, 220],
  ['Reinforcement steel B500', 't', 900, 1400],
  ['Formwork to slabs', 'm²', 18, 45],
  ['Blockwork 200 mm', 'm²', 35, 60],
  ['Structural steel frame', 't', 2200, 3400],
  ['Roof membrane', 'm²', 22, 48],
  ['Gypsum plaster', 'm²', 9, 18],
  ['Ceramic floor tiles', 'm²', 28, 75],
  ['Suspended ceiling', 'm²', 24, 52],
  ['Copper pipework 22 mm', 'm', 14, 30],
  ['Cable tray', 'm', 11, 26],
  ['Distribution board', 'pcs', 450, 1800],
  ['Ventilation unit', 'pcs', 2500, 9000],
  ['Concrete paving', 'm²', 30, 65],
  ['PVC drain 160 mm', 'm', 25, 55],
  ['Topsoil and turf', 'm²', 6, 14],
  ['Site manager', 'day', 380, 520],
  ['Crane hire', 'day', 650, 1400],
  ['Scaffolding', 'm²', 7, 16],
  ['Labour, general', 'h', 28, 45],
  ['Contract instalment', 'lump sum', 50000, 400000],
];

/**
 * A contract is priced to cover its works with a margin: the instalments of the income branch share
 * the active expense items' amount plus 8%, each by a random weight (rounded to cents), so that the
 * demo budget's balance is the small surplus a real one shows, not millions either way.
 */
function balanceIncome(rows: (typeof libraryCodes.$inferInsert)[], random: Random) {
  const incomeL1 = new Set(
    rows.filter((row) => row.level === 1 && row.kind === 'income').map((row) => row.id),
  );
  const items = rows.filter((row) => row.level === 4);
  const income = items.filter((row) => incomeL1.has(row.l1Id ?? ''));
  const expenses = items
    .filter((row) => !incomeL1.has(row.l1Id ?? '') && row.isActive !== false)
    .reduce((sum, row) => sum + Number(row.unitPrice) * Number(row.quantity), 0);
  const weights = income.map(() => 0.5 + random.next());
  const share = (expenses * 1.08) / weights.reduce((sum, weight) => sum + weight, 0);
  income.forEach((row, i) => {
    row.unitPrice = (share * (weights[i] ?? 1)).toFixed(2);
    row.quantity = '1.000';
    row.isActive = true;
  });
}

/** The demo code library: about three hundred codes, deterministic for a given PRNG. */
export async function seedLibrary(db: Database, random: Random, actorId: string) {
  const units = new Map((await db.select().from(libraryUnits)).map((u) => [u.name, u.id]));
  const rows: (typeof libraryCodes.$inferInsert)[] = [];
  const audit = { createdBy: actorId, updatedBy: actorId };
  for (const [c1, d1, level2 = []] of library) {
    const l1Id = randomUUID();
    const kind = c1 === '01' ? 'income' : 'expense';
    rows.push({ id: l1Id, level: 1, code: c1, codeComb: c1, description: d1, l1Id, kind, ...audit });
    for (const [c2, d2, level3 = []] of level2) {
      const l2Id = randomUUID();
      rows.push({
        id: l2Id,
        level: 2,
        parentId: l1Id,
        l1Id,
        l2Id,
        code: c2,
        codeComb: `${c1}-${c2}`,
        description: d2,
        ...audit,
      });
      for (const [c3, d3] of level3) {
        const l3Id = randomUUID();
        const comb3 = `${c1}-${c2}-${c3}`;
        rows.push({
          id: l3Id,
          level: 3,
          parentId: l2Id,
          l1Id,
          l2Id,
          l3Id,
          code: c3,
          codeComb: comb3,
          description: d3,
          ...audit,
        });
        const count = random.int(5, 12);
        for (let i = 1; i <= count; i++) {
          const [name, unit, low, high] =
            c1 === '01' ? (items.at(-1) as (typeof items)[number]) : random.pick(items.slice(0, -1));
          const price = (low + random.next() * (high - low)).toFixed(2);
          const quantity =
            unit === 'lump sum' ? '1.000' : (random.int(1, 4000) / (unit === 't' ? 10 : 1)).toFixed(3);
          const code = String(i).padStart(2, '0');
          rows.push({
            level: 4,
            parentId: l3Id,
            l1Id,
            l2Id,
            l3Id,
            code,
            codeComb: `${comb3}-${code}`,
            description: `${name}${c1 === '01' ? ` ${i}` : ''}`,
            unitId: units.get(unit) ?? null,
            unitPrice: price,
            quantity,
            taxable: random.next() > 0.3,
            isActive: random.next() > 0.05,
            ...audit,
          });
        }
      }
    }
  }
  balanceIncome(rows, random);
  await db.insert(libraryCodes).values(rows);
  return rows.length;
}
