import { apiKeyMessages, userMessages } from '@ledgerdesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, groups, userGroups, users } from '../../src/db/schema';
import { newApiKeySecret, storedFormOf } from '../../src/modules/api-keys/service';
import { ADMIN, createTestContext, type Method, type TestContext } from '../context';

/**
 * The escalation matrix: every route that grants a right (or hands over an account that holds
 * rights) × every kind of caller, with the exact status each one gets. "Nobody grants what they do
 * not hold": only administrators touch the admin flag or an administrator; a manager manages only
 * users whose rights they hold, grants only permissions they hold and leaves alone the groups they
 * belong to; no one changes their own groups or admin flag; an API key acts as its owner but cannot
 * change its own account or mint keys.
 */

const personas = [
  'admin',
  'usersManager',
  'groupsManager',
  'adminKey',
  'usersManagerKey',
  'groupsManagerKey',
  'noPermission',
] as const;
type Persona = (typeof personas)[number];

/** What each caller holds (besides the admin, who holds everything). */
const heldBy = {
  usersManager: ['users.view', 'users.manage'],
  groupsManager: ['groups.view', 'groups.manage', 'users.view'],
} as const;

let ctx: TestContext;
const tokens = {} as Record<Persona, string>;
const ids = {} as Record<'admin' | 'usersManager' | 'groupsManager' | 'noPermission', string>;
let counter = 0;

/** A user straight in the database (no password: nobody signs in as them), in `groupIds`. */
async function newUser(options: { isAdmin?: boolean; groupIds?: string[] } = {}): Promise<string> {
  counter += 1;
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      email: `target${counter}@test.local`,
      username: `target${counter}`,
      firstName: 'Target',
      lastName: String(counter),
      isAdmin: options.isAdmin ?? false,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  if (options.groupIds?.length)
    await ctx.database.db
      .insert(userGroups)
      .values(options.groupIds.map((groupId) => ({ userId: row.id, groupId })));
  return row.id;
}

async function newGroup(permissions: string[], memberIds: string[] = []): Promise<string> {
  counter += 1;
  const [row] = await ctx.database.db
    .insert(groups)
    .values({ name: `matrix group ${counter}`, permissions })
    .returning({ id: groups.id });
  if (!row) throw new Error('group insert returned nothing');
  if (memberIds.length)
    await ctx.database.db.insert(userGroups).values(memberIds.map((userId) => ({ userId, groupId: row.id })));
  return row.id;
}

async function newKey(userId: string): Promise<string> {
  const secret = newApiKeySecret();
  await ctx.database.db.insert(apiKeys).values({ name: 'matrix', userId, ...storedFormOf(secret) });
  return secret;
}

const ownerOf = (persona: Persona) =>
  ids[persona.replace(/Key$/, '') as 'admin' | 'usersManager' | 'groupsManager' | 'noPermission'];

/** `ok` for the callers listed, 403 for every other one. */
const only = (ok: number, allowed: Persona[]) =>
  Object.fromEntries(personas.map((p) => [p, allowed.includes(p) ? ok : 403])) as Record<Persona, number>;

type Call = { method: Method; url: string; body?: object };
type Row = {
  name: string;
  /** Makes what the call acts on (fresh for each case), as the caller `persona` sees it. */
  setup: (persona: Persona) => Promise<Call>;
  expected: Record<Persona, number>;
  /** The message of a refusal by one of the rules here (rather than by the route's permission). */
  says?: Partial<Record<Persona, string>>;
};

const { adminOnly, outranked, grantNotHeld, ownGroups, ownGroup, apiKeyOwnAccount } = userMessages;
/** The same message for a caller and their API key. */
const both = (persona: 'admin' | 'usersManager' | 'groupsManager', message: string) => ({
  [persona]: message,
  [`${persona}Key`]: message,
});

const rows: Row[] = [
  // Adding users.
  {
    name: 'add an administrator',
    setup: async () => ({
      method: 'POST',
      url: '/api/users/user/',
      body: newUserBody({ isAdmin: true }),
    }),
    expected: only(201, ['admin', 'adminKey']),
    says: both('usersManager', adminOnly),
  },
  {
    name: 'add a user into a group granting what the caller lacks (audit.view)',
    setup: async () => ({
      method: 'POST',
      url: '/api/users/user/',
      body: newUserBody({ groupIds: [await newGroup(['audit.view'])] }),
    }),
    expected: only(201, ['admin', 'adminKey']),
    says: both('usersManager', grantNotHeld),
  },
  {
    name: 'add a user into a group granting what the caller holds (users.view)',
    setup: async () => ({
      method: 'POST',
      url: '/api/users/user/',
      body: newUserBody({ groupIds: [await newGroup(['users.view'])] }),
    }),
    expected: only(201, ['admin', 'adminKey', 'usersManager', 'usersManagerKey']),
  },
  // Changing users.
  {
    name: 'make a user an administrator',
    setup: async () => {
      const id = await newUser();
      return { method: 'PUT', url: `/api/users/user/${id}/`, body: { id, isAdmin: true } };
    },
    expected: only(200, ['admin', 'adminKey']),
    says: both('usersManager', adminOnly),
  },
  {
    name: 'make yourself an administrator',
    setup: async (persona) => {
      const id = ownerOf(persona);
      return { method: 'PUT', url: `/api/users/user/${id}/`, body: { id, isAdmin: true } };
    },
    // The admin is one already: nothing changes. Everyone else is refused.
    expected: { ...only(200, ['admin']), adminKey: 403 },
    says: { usersManager: ownGroups, usersManagerKey: apiKeyOwnAccount, adminKey: apiKeyOwnAccount },
  },
  {
    name: "change an administrator's e-mail (to then receive their reset mail)",
    setup: async () => {
      const id = await newUser({ isAdmin: true });
      return { method: 'PUT', url: `/api/users/user/${id}/`, body: { id, email: `taken${id}@evil.test` } };
    },
    expected: only(200, ['admin', 'adminKey']),
    says: both('usersManager', adminOnly),
  },
  {
    name: 'deactivate an administrator',
    setup: async () => {
      const id = await newUser({ isAdmin: true });
      return { method: 'PUT', url: `/api/users/user/${id}/`, body: { id, isActive: false } };
    },
    expected: only(200, ['admin', 'adminKey']),
    says: both('usersManager', adminOnly),
  },
  {
    name: "change an administrator's groups",
    setup: async () => {
      const id = await newUser({ isAdmin: true });
      const groupIds = [await newGroup(['users.view'])];
      return { method: 'PUT', url: `/api/users/user/${id}/`, body: { id, groupIds } };
    },
    expected: only(200, ['admin', 'adminKey']),
    says: both('usersManager', adminOnly),
  },
  {
    name: 'change the e-mail of a user holding nothing more than the caller (users.view)',
    setup: async () => {
      const id = await newUser({ groupIds: [await newGroup(['users.view'])] });
      return { method: 'PUT', url: `/api/users/user/${id}/`, body: { id, email: `moved${id}@test.local` } };
    },
    expected: only(200, ['admin', 'adminKey', 'usersManager', 'usersManagerKey']),
  },
  {
    name: 'change the e-mail of a user holding what the caller lacks (audit.view)',
    setup: async () => {
      const id = await newUser({ groupIds: [await newGroup(['audit.view'])] });
      return { method: 'PUT', url: `/api/users/user/${id}/`, body: { id, email: `moved${id}@test.local` } };
    },
    expected: only(200, ['admin', 'adminKey']),
    says: both('usersManager', outranked),
  },
  {
    name: 'put a user into a group granting what the caller lacks (audit.view)',
    setup: async () => {
      const id = await newUser();
      const groupIds = [await newGroup(['audit.view'])];
      return { method: 'PUT', url: `/api/users/user/${id}/`, body: { id, groupIds } };
    },
    expected: only(200, ['admin', 'adminKey']),
    says: both('usersManager', grantNotHeld),
  },
  {
    name: 'put a user into a group granting what the caller holds (users.manage)',
    setup: async () => {
      const id = await newUser();
      const groupIds = [await newGroup(['users.manage'])];
      return { method: 'PUT', url: `/api/users/user/${id}/`, body: { id, groupIds } };
    },
    expected: only(200, ['admin', 'adminKey', 'usersManager', 'usersManagerKey']),
  },
  {
    name: 'put yourself into another group',
    setup: async (persona) => {
      const id = ownerOf(persona);
      const own = (await ctx.call(tokens.admin, 'GET', `/api/users/user/${id}/`)).json();
      const groupIds = [...own.groups.map((g: { id: string }) => g.id), await newGroup(['users.view'])];
      return { method: 'PUT', url: `/api/users/user/${id}/`, body: { id, groupIds } };
    },
    expected: only(200, []),
    says: {
      admin: ownGroups,
      usersManager: ownGroups,
      adminKey: apiKeyOwnAccount,
      usersManagerKey: apiKeyOwnAccount,
    },
  },
  {
    name: 'change your own e-mail through the users list',
    setup: async (persona) => {
      const id = ownerOf(persona);
      // Sessions are already open: a new sign-in address does not end them.
      return {
        method: 'PUT',
        url: `/api/users/user/${id}/`,
        body: { id, email: `self${++counter}@test.local` },
      };
    },
    // With a session, as any other field of one's own; never with a key (it could then reset the password).
    expected: only(200, ['admin', 'usersManager']),
    says: { adminKey: apiKeyOwnAccount, usersManagerKey: apiKeyOwnAccount },
  },
  {
    name: 'delete an administrator',
    setup: async () => {
      const id = await newUser({ isAdmin: true });
      return { method: 'DELETE', url: `/api/users/user/${id}/` };
    },
    expected: only(200, ['admin', 'adminKey']),
    says: both('usersManager', adminOnly),
  },
  {
    name: 'delete a user holding nothing more than the caller',
    setup: async () => ({ method: 'DELETE', url: `/api/users/user/${await newUser()}/` }),
    expected: only(200, ['admin', 'adminKey', 'usersManager', 'usersManagerKey']),
  },
  {
    name: 'mail an administrator a password reset link',
    setup: async () => ({
      method: 'POST',
      url: `/api/users/user/${await newUser({ isAdmin: true })}/reset-password/`,
    }),
    expected: only(200, ['admin', 'adminKey']),
    says: both('usersManager', adminOnly),
  },
  {
    name: 'mail a user holding what the caller lacks a password reset link',
    setup: async () => ({
      method: 'POST',
      url: `/api/users/user/${await newUser({ groupIds: [await newGroup(['groups.manage'])] })}/reset-password/`,
    }),
    expected: only(200, ['admin', 'adminKey']),
    says: both('usersManager', outranked),
  },
  // Groups.
  {
    name: 'add a group granting what the caller lacks (users.manage)',
    setup: async () => ({
      method: 'POST',
      url: '/api/users/group/',
      body: { name: `new group ${++counter}`, permissions: ['users.manage'] },
    }),
    expected: only(201, ['admin', 'adminKey']),
    says: both('groupsManager', grantNotHeld),
  },
  {
    name: 'add a group granting what the caller holds (groups.view)',
    setup: async () => ({
      method: 'POST',
      url: '/api/users/group/',
      body: { name: `new group ${++counter}`, permissions: ['groups.view'] },
    }),
    expected: only(201, ['admin', 'adminKey', 'groupsManager', 'groupsManagerKey']),
  },
  {
    name: 'add a group with yourself as a member',
    setup: async (persona) => ({
      method: 'POST',
      url: '/api/users/group/',
      body: { name: `new group ${++counter}`, memberIds: [ownerOf(persona)] },
    }),
    expected: only(201, []),
    says: { ...both('admin', ownGroups), ...both('groupsManager', ownGroups) },
  },
  {
    name: 'give a group a permission the caller lacks (audit.view)',
    setup: async () => {
      const id = await newGroup(['groups.view']);
      return {
        method: 'PUT',
        url: `/api/users/group/${id}/`,
        body: { id, permissions: ['groups.view', 'audit.view'] },
      };
    },
    expected: only(200, ['admin', 'adminKey']),
    says: both('groupsManager', grantNotHeld),
  },
  {
    name: 'give a group a permission the caller holds (groups.manage)',
    setup: async () => {
      const id = await newGroup([]);
      return { method: 'PUT', url: `/api/users/group/${id}/`, body: { id, permissions: ['groups.manage'] } };
    },
    expected: only(200, ['admin', 'adminKey', 'groupsManager', 'groupsManagerKey']),
  },
  {
    name: 'add a member to a group granting what the caller lacks (users.manage)',
    setup: async () => {
      const id = await newGroup(['users.manage']);
      return { method: 'PUT', url: `/api/users/group/${id}/`, body: { id, memberIds: [await newUser()] } };
    },
    expected: only(200, ['admin', 'adminKey']),
    says: both('groupsManager', grantNotHeld),
  },
  {
    name: 'add a member to a group granting what the caller holds (groups.view)',
    setup: async () => {
      const id = await newGroup(['groups.view']);
      return { method: 'PUT', url: `/api/users/group/${id}/`, body: { id, memberIds: [await newUser()] } };
    },
    expected: only(200, ['admin', 'adminKey', 'groupsManager', 'groupsManagerKey']),
  },
  {
    name: 'add yourself to a group',
    setup: async (persona) => {
      const id = await newGroup([]);
      return { method: 'PUT', url: `/api/users/group/${id}/`, body: { id, memberIds: [ownerOf(persona)] } };
    },
    expected: only(200, []),
    says: { ...both('admin', ownGroups), ...both('groupsManager', ownGroups) },
  },
  {
    name: 'rename a group you belong to',
    setup: async (persona) => {
      const id = await newGroup(['groups.view'], [ownerOf(persona)]);
      return { method: 'PUT', url: `/api/users/group/${id}/`, body: { id, name: `renamed ${++counter}` } };
    },
    // The administrator's rights do not come from groups.
    expected: only(200, ['admin', 'adminKey']),
    says: both('groupsManager', ownGroup),
  },
  {
    name: 'remove a member from a group you belong to',
    setup: async (persona) => {
      const other = await newUser();
      const id = await newGroup(['groups.view'], [ownerOf(persona), other]);
      return { method: 'PUT', url: `/api/users/group/${id}/`, body: { id, memberIds: [ownerOf(persona)] } };
    },
    expected: only(200, ['admin', 'adminKey']),
    says: both('groupsManager', ownGroup),
  },
  {
    name: 'delete a group you belong to',
    setup: async (persona) => ({
      method: 'DELETE',
      url: `/api/users/group/${await newGroup(['groups.view'], [ownerOf(persona)])}/`,
    }),
    expected: only(200, ['admin', 'adminKey']),
    says: both('groupsManager', ownGroup),
  },
  {
    name: 'delete a group you do not belong to',
    setup: async () => ({ method: 'DELETE', url: `/api/users/group/${await newGroup(['audit.view'])}/` }),
    expected: only(200, ['admin', 'adminKey', 'groupsManager', 'groupsManagerKey']),
  },
  // What only a signed-in session may do.
  {
    name: 'create an API key',
    setup: async () => ({ method: 'POST', url: '/api/apps/api-key', body: { name: `key ${++counter}` } }),
    expected: only(201, ['admin']),
    says: {
      adminKey: apiKeyMessages.sessionOnly,
      usersManagerKey: apiKeyMessages.sessionOnly,
      groupsManagerKey: apiKeyMessages.sessionOnly,
    },
  },
  {
    name: 'change your password (with a wrong current one: the session gets as far as checking it)',
    setup: async () => ({
      method: 'POST',
      url: '/api/users/me/password/',
      body: { currentPassword: 'not-the-password', newPassword: 'brand-new-password-77' },
    }),
    expected: {
      admin: 400,
      usersManager: 400,
      groupsManager: 400,
      noPermission: 400,
      adminKey: 403,
      usersManagerKey: 403,
      groupsManagerKey: 403,
    },
    says: {
      adminKey: apiKeyMessages.sessionOnly,
      usersManagerKey: apiKeyMessages.sessionOnly,
      groupsManagerKey: apiKeyMessages.sessionOnly,
    },
  },
];

function newUserBody(fields: Record<string, unknown>) {
  counter += 1;
  return {
    email: `new${counter}@test.local`,
    username: `new${counter}`,
    firstName: 'New',
    password: 'granite-sparrow-44',
    ...fields,
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  tokens.admin = await ctx.login(ADMIN.email, ADMIN.password);
  const [admin] = await ctx.database.db.select().from(users).where(eq(users.email, ADMIN.email));
  if (!admin) throw new Error('no admin');
  ids.admin = admin.id;
  const people = {
    usersManager: { email: 'users.manager@test.local', permissions: [...heldBy.usersManager] },
    groupsManager: { email: 'groups.manager@test.local', permissions: [...heldBy.groupsManager] },
    noPermission: { email: 'nobody@test.local', permissions: [] },
  };
  for (const [persona, person] of Object.entries(people) as [
    keyof typeof people,
    (typeof people)[keyof typeof people],
  ][]) {
    ids[persona] = await ctx.createUser({
      email: person.email,
      password: 'matrix-password-1',
      permissions: person.permissions,
    });
    tokens[persona] = await ctx.login(person.email, 'matrix-password-1');
  }
  tokens.adminKey = await newKey(ids.admin);
  tokens.usersManagerKey = await newKey(ids.usersManager);
  tokens.groupsManagerKey = await newKey(ids.groupsManager);
});
afterAll(() => ctx.close());

const cases = rows.flatMap((row) =>
  personas.map((persona) => ({ ...row, persona, status: row.expected[persona] })),
);

describe('escalation matrix', () => {
  it.each(cases)('$name, as $persona → $status', async ({ setup, persona, status, says }) => {
    const { method, url, body } = await setup(persona);
    const res = await ctx.call(tokens[persona], method, url, body);
    expect(res.statusCode, res.body).toBe(status);
    const message = says?.[persona];
    if (message) expect(res.json().errorMessage).toBe(message);
  });
});
