import { fileKindOf } from '@ledgerdesk/contracts';
import type { Database } from '../db/client';
import { fileShares, files, folders } from '../db/schema';
import { csv, pdf, picture, utf8 } from './file-contents';
import type { PutBytes, StoredBytes } from './stored-bytes';

type DemoFile = { name: string; bytes: () => Promise<Buffer>; starred?: boolean; minutesAgo: number };
type DemoFolder = { name: string; files?: DemoFile[]; folders?: DemoFolder[]; share?: 'group' | 'user' };

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const budgetLines: [string, number][] = [
  ['Salaries', 182_000],
  ['Rent and utilities', 24_500],
  ['IT and software', 13_200],
  ['Travel', 6_800],
  ['Training', 4_100],
  ['Marketing', 9_750],
];
const quarterly = (base: number, q: number) => Math.round(base * (1 + 0.015 * q));

const invoice = (number: string, customer: string, amount: number) =>
  pdf(
    `Invoice ${number}`,
    [`Billed to: ${customer}`, 'Issued: 2 November 2026 · Due: 2 December 2026', 'Payment by bank transfer.'],
    [
      ['Description', 'Quantity', 'Amount (EUR)'],
      ['Consulting, budget review', '1', amount.toFixed(2)],
      ['VAT 20%', '', (amount * 0.2).toFixed(2)],
      ['Total', '', (amount * 1.2).toFixed(2)],
    ],
  );

/** The administrator's demo tree: what a budgeting office keeps. */
const adminTree: DemoFolder[] = [
  {
    name: 'Documents',
    folders: [
      {
        name: 'Budgets 2026',
        share: 'group',
        files: [
          {
            name: 'Budget 2026 - overview.csv',
            minutesAgo: 95,
            starred: true,
            bytes: async () =>
              csv([
                ['Line', 'Q1', 'Q2', 'Q3', 'Q4'],
                ...budgetLines.map(([line, base]) => [line, ...[0, 1, 2, 3].map((q) => quarterly(base, q))]),
              ]),
          },
          {
            name: 'Monthly cash forecast.csv',
            minutesAgo: 600,
            bytes: async () =>
              csv([
                ['Month', 'Receipts', 'Payments', 'Balance'],
                ...months.map((month, i) => [month, 80_000 + i * 1_250, 76_500 + i * 900, 12_000 + i * 350]),
              ]),
          },
          {
            name: 'Budget 2026.pdf',
            minutesAgo: 1_440,
            starred: true,
            bytes: () =>
              pdf(
                'Budget 2026',
                [
                  'The budget the board approved on 14 October 2026.',
                  'Totals are per year, in euros, before the mid-year review.',
                ],
                [
                  ['Line', '2025', '2026'],
                  ...budgetLines.map(([line, base]) => [
                    line,
                    Math.round(base * 3.9).toLocaleString('en-GB'),
                    Math.round(base * 4.1).toLocaleString('en-GB'),
                  ]),
                ],
              ),
          },
          {
            name: 'Assumptions.txt',
            minutesAgo: 2_880,
            bytes: async () =>
              utf8(
                'Budget 2026: assumptions\n\n- Inflation 2.1%\n- Two hires in Q2 (finance, IT)\n- Rent indexed in January\n- No change to the travel policy\n',
              ),
          },
        ],
      },
      {
        name: 'Invoices',
        files: [
          {
            name: 'INV-2026-0141.pdf',
            minutesAgo: 300,
            bytes: () => invoice('INV-2026-0141', 'Northwind Traders', 4_250),
          },
          {
            name: 'INV-2026-0142.pdf',
            minutesAgo: 320,
            bytes: () => invoice('INV-2026-0142', 'Contoso Ltd', 1_980),
          },
          {
            name: 'INV-2026-0143.pdf',
            minutesAgo: 4_000,
            bytes: () => invoice('INV-2026-0143', 'Fabrikam SA', 7_600),
          },
          {
            name: 'Invoices 2026.csv',
            minutesAgo: 310,
            bytes: async () =>
              csv([
                ['Number', 'Customer', 'Amount', 'Status'],
                ['INV-2026-0141', 'Northwind Traders', 5_100, 'Unpaid'],
                ['INV-2026-0142', 'Contoso Ltd', 2_376, 'Paid'],
                ['INV-2026-0143', 'Fabrikam SA', 9_120, 'Overdue'],
              ]),
          },
        ],
      },
      {
        name: 'Contracts',
        files: [
          {
            name: 'Office lease.pdf',
            minutesAgo: 20_000,
            bytes: () =>
              pdf('Office lease', [
                'Between Lyon Offices SARL (the landlord) and Ledgerdesk (the tenant).',
                'Premises: 2nd floor, 12 rue de la République, Lyon.',
                'Term: 1 January 2026 to 31 December 2028. Rent indexed every January.',
              ]),
          },
          {
            name: 'Supplier agreement - Acme.txt',
            minutesAgo: 9_000,
            bytes: async () =>
              utf8(
                'Supplier agreement — Acme Office Supplies\n\nTerm: 12 months from 1 March 2026.\nDelivery within 3 working days; payment at 30 days.\nContact: procurement@acme.example\n',
              ),
          },
        ],
      },
      { name: 'Reports', folders: [{ name: 'Archive 2025' }] },
    ],
  },
  {
    name: 'Media',
    folders: [
      {
        name: 'Photos',
        files: [
          {
            name: 'Team offsite.jpg',
            minutesAgo: 45,
            starred: true,
            bytes: () => picture('Team offsite', ['#2563eb', '#7c3aed'], 'jpeg'),
          },
          {
            name: 'Office Lyon.jpg',
            minutesAgo: 5_000,
            bytes: () => picture('Lyon office', ['#0d9488', '#0ea5e9'], 'jpeg'),
          },
          {
            name: 'Board room.png',
            minutesAgo: 7_000,
            bytes: () => picture('Board room', ['#f59e0b', '#ef4444'], 'png'),
          },
        ],
      },
      {
        name: 'Logos',
        files: [
          {
            name: 'Ledgerdesk logo.png',
            minutesAgo: 30_000,
            bytes: () => picture('Ledgerdesk', ['#1f3a5f', '#3b82f6'], 'png', { width: 320, height: 160 }),
          },
        ],
      },
    ],
  },
];
const adminRootFiles: DemoFile[] = [
  {
    name: 'Welcome.txt',
    minutesAgo: 60_000,
    bytes: async () =>
      utf8(
        'Welcome to the file manager.\n\nDrop files anywhere to upload them, star the ones you use often, and share a folder with a colleague or a group.\n',
      ),
  },
  {
    name: 'Meeting notes 2026-11-02.md',
    minutesAgo: 30,
    bytes: async () =>
      utf8(
        '# Budget committee — 2 November 2026\n\n- Q3 closed 1.2% under budget\n- Travel freeze lifted\n- Next review: 7 December\n',
      ),
  },
];
/** A colleague's folder, shared with the administrator: "Shared with me" is not empty. */
const colleagueTree: DemoFolder[] = [
  {
    name: 'Sales deck',
    share: 'user',
    files: [
      {
        name: 'Pipeline Q4.csv',
        minutesAgo: 200,
        bytes: async () =>
          csv([
            ['Deal', 'Stage', 'Amount'],
            ['Northwind renewal', 'Proposal', 24_000],
            ['Contoso expansion', 'Negotiation', 56_000],
            ['Fabrikam pilot', 'Qualified', 8_500],
          ]),
      },
      {
        name: 'Customer visit.jpg',
        minutesAgo: 260,
        bytes: () => picture('Customer visit', ['#16a34a', '#65a30d'], 'jpeg'),
      },
    ],
  },
];

/** The seed's clock: files were changed some minutes before this. */
const NOW = Date.parse('2026-11-02T12:00:00Z');

/**
 * The demo file manager: the administrator's tree (budgets, invoices, contracts, photos…) with
 * real small files made now, their "Budgets 2026" shared with a group, and a colleague's folder
 * shared with the administrator. The bytes go through the storage (`put`), deduplicated as uploads.
 */
export async function seedFiles(
  db: Database,
  put: PutBytes,
  people: { adminId: string; colleagueId: string | undefined; groupId: string | undefined },
) {
  const shares: (typeof fileShares.$inferInsert)[] = [];
  const fileRows: (typeof files.$inferInsert)[] = [];

  const addFiles = async (ownerId: string, folderId: string | null, list: DemoFile[] = []) => {
    // Made side by side, stored one after the other (`db` is the seed's transaction: one connection).
    const contents = await Promise.all(list.map((file) => file.bytes()));
    const made: { file: DemoFile; stored: StoredBytes }[] = [];
    for (const [index, file] of list.entries())
      made.push({ file, stored: await put(db, contents[index] as Buffer) });
    for (const { file, stored } of made) {
      const at = new Date(NOW - file.minutesAgo * 60_000);
      fileRows.push({
        name: file.name,
        blobHash: stored.hash,
        size: stored.size,
        mime: stored.mime,
        kind: fileKindOf(stored.mime),
        folderId,
        ownerId,
        starred: file.starred ?? false,
        createdAt: at,
        updatedAt: at,
        createdBy: ownerId,
        updatedBy: ownerId,
      });
    }
  };
  const addTree = async (ownerId: string, parentId: string | null, tree: DemoFolder[]) => {
    for (const node of tree) {
      const [row] = await db
        .insert(folders)
        .values({ name: node.name, parentId, ownerId, createdBy: ownerId, updatedBy: ownerId })
        .returning({ id: folders.id });
      if (!row) throw new Error('folder insert returned nothing');
      if (node.share === 'group' && people.groupId) {
        shares.push({ folderId: row.id, groupId: people.groupId, access: 'view', createdBy: ownerId });
      }
      if (node.share === 'user' && ownerId !== people.adminId) {
        shares.push({ folderId: row.id, userId: people.adminId, access: 'edit', createdBy: ownerId });
      }
      await addFiles(ownerId, row.id, node.files);
      await addTree(ownerId, row.id, node.folders ?? []);
    }
  };
  await addTree(people.adminId, null, adminTree);
  await addFiles(people.adminId, null, adminRootFiles);
  if (people.colleagueId) await addTree(people.colleagueId, null, colleagueTree);
  await db.insert(files).values(fileRows);
  if (shares.length > 0) await db.insert(fileShares).values(shares);
}
