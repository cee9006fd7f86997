import type { Permission } from '@ledgerdesk/contracts';
import { count, eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { groups, userGroups, users } from '../db/schema';
import { generatePassword, hashPassword } from '../lib/passwords';
import { syncCountries } from '../modules/countries/service';
import { seedApiKeys } from './api-keys';
import { seedAuditHistory } from './audit-history';
import { seedCalendar } from './calendar';
import { seedChat } from './chat';
import { seedCrm } from './crm';
import { seedEcommerce } from './ecommerce';
import { seedFiles } from './files';
import { seedInvoices } from './invoices';
import { seedJobs } from './jobs';
import { seedLibrary } from './library';
import { seedMail } from './mail';
import { seedNft } from './nft';
import { seedNotifications } from './notifications';
import { seedProductPhotos } from './product-photos';
import { seedProjects } from './projects';
import { createRandom } from './random';
import { storeBytesIn } from './stored-bytes';
import { seedTasks } from './tasks';
import { seedTeam } from './team';
import { seedTickets } from './tickets';
import { seedTodos } from './todos';

export type SeedResult = {
  /** Set when the first admin was created with a generated password: shown to the operator once. */
  generatedAdmin?: { email: string; password: string };
  createdAdmin: boolean;
  seededDemo: boolean;
};

const DEMO_SEED = 20_260_101;

const demoGroups: { name: string; description: string; permissions: Permission[] }[] = [
  {
    name: 'Budget officers',
    description: 'Maintain the code library',
    // Also the file manager: the administrator's "Budgets 2026" folder is shared with them.
    // Chat and mail for every group that may change something (not the read-only ones).
    permissions: [
      'library.view',
      'library.manage',
      'files.view',
      'files.manage',
      'chat.use',
      'mail.use',
      'nft.view',
      'nft.manage',
    ],
  },
  {
    name: 'Auditors',
    description: 'Read everything, change nothing',
    permissions: ['users.view', 'groups.view', 'library.view', 'audit.view', 'nft.view'],
  },
  { name: 'Viewers', description: 'Read the code library', permissions: ['library.view'] },
];

const firstNames = [
  'Amara',
  'Bruno',
  'Chen',
  'Dana',
  'Elif',
  'Farid',
  'Greta',
  'Hiro',
  'Ines',
  'Jonas',
  'Kemi',
  'Lucia',
  'Mateo',
  'Nora',
  'Omar',
  'Priya',
];
const lastNames = [
  'Okafor',
  'Silva',
  'Wei',
  'Kowalski',
  'Yilmaz',
  'Haddad',
  'Lindqvist',
  'Tanaka',
  'Moreau',
  'Becker',
  'Adeyemi',
  'Rossi',
  'Garcia',
  'Novak',
  'Farouk',
  'Raman',
];

/**
 * Runs on an empty database only: the first admin (from ADMIN_EMAIL/ADMIN_PASSWORD or generated)
 * and, when SEED_DEMO is on, the deterministic demo set. A database that has any user is left alone,
 * so a restart never seeds twice.
 */
export async function seedDatabase(db: Database, config: Config): Promise<SeedResult> {
  // Reference data, not demo data: brought up to date on every start, empty database or not.
  await syncCountries(db);
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return { createdAdmin: false, seededDemo: false };

  const email = config.adminEmail ?? 'admin@example.com';
  const password = config.adminPassword ?? generatePassword();
  const passwordHash = await hashPassword(password);

  await db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(users)
      .values({ email, username: 'admin', firstName: 'Ada', lastName: 'Admin', passwordHash, isAdmin: true })
      .returning({ id: users.id });
    if (!admin) throw new Error('could not create the first admin');
    await tx.update(users).set({ createdBy: admin.id, updatedBy: admin.id }).where(eq(users.id, admin.id));
    if (!config.seedDemo) return;

    const random = createRandom(DEMO_SEED);
    const createdGroups = await tx
      .insert(groups)
      .values(demoGroups.map((g) => ({ ...g, createdBy: admin.id, updatedBy: admin.id })))
      .returning({ id: groups.id });
    // Demo people have no password: an administrator sets one or sends them a reset mail.
    const demoUsers = firstNames.map((first, i) => {
      const last = lastNames[(i * 7) % lastNames.length] ?? 'Doe';
      return {
        email: `${first}.${last}@ledgerdesk.example`.toLowerCase(),
        username: `${first}${last[0]}`.toLowerCase(),
        firstName: first,
        lastName: last,
        isActive: random.next() > 0.15,
        createdBy: admin.id,
        updatedBy: admin.id,
      };
    });
    const createdUsers = await tx.insert(users).values(demoUsers).returning({ id: users.id });
    await seedLibrary(tx as Database, random, admin.id);
    await seedCrm(
      tx as Database,
      createdUsers.map((u) => u.id),
      admin.id,
    );
    await seedTickets(
      tx as Database,
      createdUsers.map((u) => u.id),
      admin.id,
    );
    const userIds = createdUsers.map((u) => u.id);
    await seedInvoices(tx as Database, admin.id);
    await seedProjects(tx as Database, userIds, admin.id);
    // After the projects: some tasks are on their boards.
    await seedTasks(tx as Database, random, userIds, admin.id);
    await seedTeam(
      tx as Database,
      demoUsers.map((u, i) => ({
        id: userIds[i] ?? '',
        name: `${u.firstName} ${u.lastName}`,
        email: u.email,
      })),
      admin.id,
    );
    await seedTodos(tx as Database, admin.id);
    const shop = await seedEcommerce(tx as Database, admin.id, userIds);
    const put = storeBytesIn(config.dataDir);
    await seedProductPhotos(tx as Database, {
      put,
      ownerId: admin.id,
      products: shop.pictures,
    });
    await seedJobs(tx as Database, admin.id);
    await seedApiKeys(tx as Database, admin.id);
    await seedCalendar(
      tx as Database,
      admin.id,
      userIds,
      createdGroups.map((g) => g.id),
    );
    await seedFiles(tx as Database, put, {
      adminId: admin.id,
      colleagueId: userIds[0],
      groupId: createdGroups[0]?.id,
    });
    await seedNotifications(tx as Database, admin.id);
    await seedMail(tx as Database, put, [
      { id: admin.id, name: 'Ada Admin', email },
      ...demoUsers.map((u, i) => ({
        id: userIds[i] ?? '',
        name: `${u.firstName} ${u.lastName}`,
        email: u.email,
      })),
    ]);
    await tx.insert(userGroups).values(
      createdUsers.map((u) => ({
        userId: u.id,
        groupId: random.pick(createdGroups).id,
        createdBy: admin.id,
      })),
    );
    await seedChat(tx as Database, { adminId: admin.id, userIds: createdUsers.map((u) => u.id) });
    await seedNft(tx as Database, { put, adminId: admin.id, userIds });
    // Last, so that the draws above stay as they were: the history tells of the records seeded.
    await seedAuditHistory(
      tx as Database,
      random,
      [
        { id: admin.id, email, active: true },
        ...demoUsers.map((u, i) => ({ id: userIds[i] ?? '', email: u.email, active: u.isActive })),
      ],
      new Date(),
    );
  });

  return {
    createdAdmin: true,
    seededDemo: config.seedDemo,
    ...(config.adminPassword ? {} : { generatedAdmin: { email, password } }),
  };
}
