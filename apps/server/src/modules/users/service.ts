import {
  type GroupOptions,
  type GroupRecord,
  type groupCreate,
  type groupUpdate,
  isPermission,
  type listQuery,
  type UserOption,
  type UserRecord,
  type userCreate,
  type userListQuery,
  userMessages,
  type userOptionsQuery,
  type userUpdate,
} from '@ledgerdesk/contracts';
import { and, asc, eq, exists, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod/mini';
import type { Database } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { groups, twoStepSecrets, userGroups, users } from '../../db/schema';
import type { Actor, AuditLog } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { Storage } from '../../lib/storage';
import { changedValues, isStale, nextVersion } from '../../lib/versions';
import { type AuthUser, can } from '../../plugins/auth';
import { deleteAttachmentsOf } from '../../resources/attachments';
import { listPage, orderingOf, type Page, searchCondition } from '../../resources/list';
import { existingIds, findById } from '../../resources/records';
import { qualified } from '../../resources/refs';
import type { AccountsService } from '../accounts/service';
import { assertAcceptablePassword, conflictOfUser } from '../accounts/service';
import type { AuthService } from '../auth/service';
import { AVATAR_FILES, avatarUrls } from './avatars';

type UserRow = typeof users.$inferSelect;
type GroupRow = typeof groups.$inferSelect;

/*
 * Nobody grants what they do not hold (ARCHITECTURE.md "Writes"), as Keycloak's fine-grained admin
 * permissions do. An administrator may do anything but change their own rights. Anyone else
 * manages only users whose rights they hold themselves (so never an administrator: taking over an
 * account that may do more, by changing its e-mail, is a grant too), grants only permissions they
 * hold (through a group's permissions, or by adding a member to a group), and leaves alone the
 * groups they belong to. No one changes their own groups or admin flag.
 */
const holdsAll = (caller: AuthUser, granted: readonly string[]) =>
  granted.every((permission) => isPermission(permission) && can(caller, permission));

function assertMayManage(caller: AuthUser, target: UserRow, targetPermissions: readonly string[]) {
  if (caller.isAdmin) return;
  if (target.isAdmin) throw AppError.forbidden(userMessages.adminOnly);
  if (!holdsAll(caller, targetPermissions)) throw AppError.forbidden(userMessages.outranked);
}

function assertMayGrant(caller: AuthUser, granted: readonly string[]) {
  if (!holdsAll(caller, granted)) throw AppError.forbidden(userMessages.grantNotHeld);
}

/** The elements of `after` not in `before`. */
const addedTo = <T>(before: readonly T[], after: readonly T[]) => after.filter((x) => !before.includes(x));

/**
 * The display name (as the service's namesOf writes it) of the user `userId` refers to, as SQL: for
 * ordering another area's list by the person it shows. NULL when there is no such user.
 */
export function userNameOf(userId: PgColumn): SQL<string> {
  return sql<string>`(select coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email}) from ${users} where ${users.id} = ${qualified(userId)})`;
}

const fullName = sql`(${users.firstName} || ' ' || ${users.lastName})`;
const userSortable = {
  email: users.email,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  lastLogin: users.lastLoginAt,
  createdAt: users.createdAt,
};

/** The fields of a user an audit entry shows. */
const auditedUser = (u: UserRow, groupNames: string[]) => ({
  email: u.email,
  username: u.username,
  firstName: u.firstName,
  lastName: u.lastName,
  isActive: u.isActive,
  isAdmin: u.isAdmin,
  groups: groupNames,
});

export function createUsersService(deps: {
  db: Database;
  audit: AuditLog;
  auth: AuthService;
  accounts: AccountsService;
  storage: Storage;
}) {
  const { db, audit, auth, accounts, storage } = deps;

  async function groupsOf(executor: Database, userIds: string[]) {
    const byUser = new Map<string, { id: string; name: string }[]>();
    if (userIds.length === 0) return byUser;
    const rows = await executor
      .select({ userId: userGroups.userId, id: groups.id, name: groups.name })
      .from(userGroups)
      .innerJoin(groups, eq(groups.id, userGroups.groupId))
      .where(inArray(userGroups.userId, userIds))
      .orderBy(groups.name);
    for (const { userId, id, name } of rows)
      byUser.set(userId, [...(byUser.get(userId) ?? []), { id, name }]);
    return byUser;
  }

  /** One user's avatar URL (null: none). */
  const avatarOf = async (executor: Database, id: string) =>
    (await avatarUrls(storage, executor, [id])).get(id) ?? null;

  /** The ids among `userIds` of users with two-step verification on. */
  async function twoStepOf(executor: Database, userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await executor
      .select({ userId: twoStepSecrets.userId })
      .from(twoStepSecrets)
      .where(and(inArray(twoStepSecrets.userId, userIds), isNotNull(twoStepSecrets.confirmedAt)));
    return new Set(rows.map((r) => r.userId));
  }

  function toRecord(
    u: UserRow,
    memberOf: { id: string; name: string }[],
    avatarUrl: string | null,
    twoStepEnabled = false,
  ): UserRecord {
    return {
      id: u.id,
      email: u.email,
      username: u.username,
      firstName: u.firstName,
      lastName: u.lastName,
      isActive: u.isActive,
      isAdmin: u.isAdmin,
      hasPassword: u.passwordHash !== null,
      twoStepEnabled,
      groups: memberOf,
      lastLogin: u.lastLoginAt?.toISOString() ?? null,
      avatarUrl,
      createdAt: u.createdAt.toISOString(),
      version: u.version,
    };
  }

  const findUser = (executor: Database, id: string) => findById(executor, users, id);

  /*
   * Rows are locked FOR NO KEY UPDATE (what an UPDATE takes), not FOR UPDATE: a membership inserted
   * by another transaction only needs a KEY SHARE lock on its user and group, which this leaves
   * free, so a user update and a group update adding the same membership cannot deadlock.
   */

  /** The user row, locked until the transaction ends: concurrent updates of it queue up. */
  async function lockUser(executor: Database, id: string): Promise<UserRow> {
    const [row] = await executor.select().from(users).where(eq(users.id, id)).for('no key update');
    if (!row) throw AppError.notFound();
    return row;
  }

  /** The permissions each group grants. */
  async function permissionsOfGroups(executor: Database, groupIds: string[]): Promise<string[]> {
    if (groupIds.length === 0) return [];
    const rows = await executor
      .select({ permissions: groups.permissions })
      .from(groups)
      .where(inArray(groups.id, groupIds));
    return [...new Set(rows.flatMap((g) => g.permissions))];
  }

  const assertGroupsExist = (executor: Database, ids: string[]) =>
    existingIds(executor, groups, ids, { field: 'groupIds', message: userMessages.unknownGroups });

  /**
   * Locks the active administrators' rows, always in the same order: a change that may remove one
   * takes these locks before any other, so that two concurrent demotions neither both see "another
   * admin is left" nor deadlock on each other's rows.
   */
  const lockAdmins = (executor: Database) =>
    executor
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isAdmin, true), eq(users.isActive, true)))
      .orderBy(users.id)
      .for('no key update');

  /** Refuses a change that would leave no active administrator (after lockAdmins). */
  async function assertAdminRemains(executor: Database, target: UserRow) {
    if (!(target.isAdmin && target.isActive)) return;
    const admins = await lockAdmins(executor);
    if (!admins.some((a) => a.id !== target.id)) throw AppError.conflict(userMessages.lastAdmin);
  }

  async function addMemberships(
    executor: Database,
    rows: { userId: string; groupId: string }[],
    actorId: string | null,
  ) {
    if (rows.length) {
      // A membership added meanwhile from the other side (the user's form, the group's) is the same one.
      await executor
        .insert(userGroups)
        .values(rows.map((m) => ({ ...m, createdBy: actorId, updatedBy: actorId })))
        .onConflictDoNothing();
    }
  }

  async function describeGroups(executor: Database, rows: GroupRow[]): Promise<GroupRecord[]> {
    const ids = rows.map((g) => g.id);
    const members = ids.length
      ? await executor
          .select({ groupId: userGroups.groupId, id: users.id, email: users.email, username: users.username })
          .from(userGroups)
          .innerJoin(users, eq(users.id, userGroups.userId))
          .where(inArray(userGroups.groupId, ids))
          .orderBy(users.email)
      : [];
    return rows.map((g) => {
      const own = members
        .filter((m) => m.groupId === g.id)
        .map(({ id, email, username }) => ({ id, email, username }));
      return {
        id: g.id,
        name: g.name,
        description: g.description,
        permissions: g.permissions as GroupRecord['permissions'],
        requireTwoStep: g.requireTwoStep,
        members: own,
        memberCount: own.length,
        createdAt: g.createdAt.toISOString(),
        version: g.version,
      };
    });
  }

  const findGroup = (executor: Database, id: string) => findById(executor, groups, id);

  async function lockGroup(executor: Database, id: string): Promise<GroupRow> {
    const [row] = await executor.select().from(groups).where(eq(groups.id, id)).for('no key update');
    if (!row) throw AppError.notFound();
    return row;
  }

  const assertUsersExist = (executor: Database, ids: string[]) =>
    existingIds(executor, users, ids, { field: 'memberIds', message: userMessages.unknownUsers });

  function conflictOfGroup(error: unknown): never {
    if (uniqueViolation(error) !== null) {
      throw AppError.conflict(userMessages.groupNameTaken, { name: userMessages.groupNameTaken });
    }
    throw error;
  }

  return {
    /** Display names of users, for other areas that refer to them (assignees, owners, ...). */
    async namesOf(executor: Database, ids: string[]): Promise<Map<string, string>> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const rows = await executor
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.id, unique));
      return new Map(rows.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim() || u.email]));
    },

    /** Active users to pick from, by name or email (at most 20), or exactly `ids`. */
    async options(query: z.output<typeof userOptionsQuery>, caller: AuthUser): Promise<UserOption[]> {
      const showEmail = can(caller, 'users.view');
      const rows = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(
          query.ids
            ? query.ids.length
              ? inArray(users.id, query.ids)
              : sql`false`
            : and(eq(users.isActive, true), searchCondition(query.search, [users.email, fullName])),
        )
        .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email))
        .limit(query.ids ? 100 : 20);
      const avatars = await avatarUrls(
        storage,
        db,
        rows.map((u) => u.id),
      );
      return rows.map((u) => ({
        id: u.id,
        name: `${u.firstName} ${u.lastName}`.trim() || u.email,
        email: showEmail ? u.email : null,
        avatarUrl: avatars.get(u.id) ?? null,
      }));
    },

    /** Every group, by name, to pick from (to share an event, a file or a folder with). */
    groupOptions: (): Promise<GroupOptions['results']> =>
      db.select({ id: groups.id, name: groups.name }).from(groups).orderBy(asc(groups.name)),

    /** The ids without repeats, after checking each names a user; else a 400 on `field`. */
    assertUsersExist: (executor: Database, ids: string[], error: { field: string; message: string }) =>
      existingIds(executor, users, ids, error),

    async listUsers(query: z.output<typeof userListQuery>): Promise<Page<UserRecord>> {
      const where = and(
        searchCondition(query.search, [users.email, users.username, fullName]),
        query.isActive === undefined ? undefined : eq(users.isActive, query.isActive),
        query.isAdmin === undefined ? undefined : eq(users.isAdmin, query.isAdmin),
        query.group
          ? exists(
              db
                .select({ one: sql`1` })
                .from(userGroups)
                .where(and(eq(userGroups.userId, users.id), eq(userGroups.groupId, query.group))),
            )
          : undefined,
      );
      const order = orderingOf(query.ordering, userSortable, 'email', users.id);
      return listPage(db, users, { where, order, query }, async (rows) => {
        const ids = rows.map((r) => r.id);
        const memberships = await groupsOf(db, ids);
        const avatars = await avatarUrls(storage, db, ids);
        const twoStep = await twoStepOf(db, ids);
        return rows.map((r) =>
          toRecord(r, memberships.get(r.id) ?? [], avatars.get(r.id) ?? null, twoStep.has(r.id)),
        );
      });
    },

    /** The user's avatar (signed thumbnail URL), null when they have none. */
    avatarOf: (id: string) => avatarOf(db, id),
    /** The avatars of several users (signed thumbnail URLs), by id; those without one are left out. */
    avatarsOf: (executor: Database, ids: string[]) => avatarUrls(storage, executor, ids),

    async getUser(id: string): Promise<UserRecord> {
      const row = await findUser(db, id);
      return toRecord(
        row,
        (await groupsOf(db, [id])).get(id) ?? [],
        await avatarOf(db, id),
        (await twoStepOf(db, [id])).has(id),
      );
    },

    /** 404 for an unknown user; 403 unless the caller may manage them (see assertMayManage). */
    async assertMayManageUser(id: string, caller: AuthUser): Promise<void> {
      const user = await findUser(db, id);
      const memberOf = (await groupsOf(db, [id])).get(id) ?? [];
      assertMayManage(
        caller,
        user,
        await permissionsOfGroups(
          db,
          memberOf.map((g) => g.id),
        ),
      );
    },

    async createUser(
      input: z.output<typeof userCreate>,
      caller: AuthUser,
      actor: Actor,
    ): Promise<UserRecord> {
      if (input.isAdmin && !caller.isAdmin) throw AppError.forbidden(userMessages.adminOnly);
      if (input.password)
        assertAcceptablePassword(input.password, { email: input.email, username: input.username });
      const passwordHash = input.password ? await hashPassword(input.password) : null;
      let created: UserRecord;
      try {
        created = await db.transaction(async (tx) => {
          const executor = tx as Database;
          await accounts.assertUsernameFree(executor, input.username);
          const groupIds = await assertGroupsExist(executor, input.groupIds);
          assertMayGrant(caller, await permissionsOfGroups(executor, groupIds));
          const [row] = await executor
            .insert(users)
            .values({
              email: input.email,
              username: input.username,
              firstName: input.firstName,
              lastName: input.lastName,
              isActive: input.isActive,
              isAdmin: input.isAdmin,
              passwordHash,
              createdBy: actor.id,
              updatedBy: actor.id,
            })
            .returning();
          if (!row) throw new Error('user insert returned nothing');
          await addMemberships(
            executor,
            groupIds.map((groupId) => ({ userId: row.id, groupId })),
            actor.id,
          );
          const memberOf = (await groupsOf(executor, [row.id])).get(row.id) ?? [];
          await audit.record(executor, actor, {
            action: 'create',
            entity: 'user',
            key: row.id,
            after: auditedUser(
              row,
              memberOf.map((g) => g.name),
            ),
          });
          return toRecord(row, memberOf, null);
        });
      } catch (error) {
        conflictOfUser(error);
      }
      if (input.sendPasswordMail) await accounts.sendPasswordMail(created, 'welcome', actor);
      return created;
    },

    /**
     * Merges `input` onto the stored user (a field left out keeps its value) and writes only what
     * changed; with `expected`, refuses (409 with the current record) when another update came first.
     */
    async updateUser(
      id: string,
      input: z.output<typeof userUpdate>,
      caller: AuthUser,
      actor: Actor,
      expected?: number,
    ): Promise<UserRecord> {
      if (input.id !== id)
        throw AppError.badRequest(userMessages.idMismatch, { id: userMessages.idMismatch });
      const self = id === caller.id;
      if (self && caller.apiKey) throw AppError.forbidden(userMessages.apiKeyOwnAccount);
      try {
        return await db.transaction(async (tx) => {
          const executor = tx as Database;
          if (input.isAdmin === false || input.isActive === false) await lockAdmins(executor);
          const before = await lockUser(executor, id);
          const groupsBefore = (await groupsOf(executor, [id])).get(id) ?? [];
          if (isStale(expected, before.version))
            throw AppError.stale(toRecord(before, groupsBefore, await avatarOf(executor, id)));
          const { id: _id, version: _version, groupIds: wanted, ...fields } = input;
          const changes = changedValues(users, before, fields);
          const idsBefore = groupsBefore.map((g) => g.id);
          const groupIds = wanted === undefined ? idsBefore : await assertGroupsExist(executor, wanted);
          const joined = addedTo(idsBefore, groupIds);
          const left = addedTo(groupIds, idsBefore);

          if (self && changes.isActive === false) throw AppError.conflict(userMessages.cannotDeactivateSelf);
          if (self && (changes.isAdmin !== undefined || joined.length || left.length))
            throw AppError.forbidden(userMessages.ownGroups);
          assertMayManage(caller, before, await permissionsOfGroups(executor, idsBefore));
          if (changes.isAdmin !== undefined && !caller.isAdmin)
            throw AppError.forbidden(userMessages.adminOnly);
          assertMayGrant(caller, await permissionsOfGroups(executor, joined));
          if (changes.isActive === false || changes.isAdmin === false)
            await assertAdminRemains(executor, before);
          if (changes.username !== undefined)
            await accounts.assertUsernameFree(executor, changes.username, id);
          if (Object.keys(changes).length === 0 && joined.length === 0 && left.length === 0)
            return toRecord(before, groupsBefore, await avatarOf(executor, id));

          const [after] = await executor
            .update(users)
            .set({ ...changes, updatedBy: actor.id, version: nextVersion(users.version) })
            .where(and(eq(users.id, id), eq(users.version, before.version)))
            .returning();
          if (!after) throw AppError.stale(toRecord(before, groupsBefore, await avatarOf(executor, id)));
          if (left.length)
            await executor
              .delete(userGroups)
              .where(and(eq(userGroups.userId, id), inArray(userGroups.groupId, left)));
          await addMemberships(
            executor,
            joined.map((groupId) => ({ userId: id, groupId })),
            actor.id,
          );
          // A deactivated user is signed out everywhere at once.
          if (before.isActive && !after.isActive) await auth.revokeSessions(executor, id, actor);
          const groupsAfter = (await groupsOf(executor, [id])).get(id) ?? [];
          await audit.record(executor, actor, {
            action: 'update',
            entity: 'user',
            key: id,
            before: auditedUser(
              before,
              groupsBefore.map((g) => g.name),
            ),
            after: auditedUser(
              after,
              groupsAfter.map((g) => g.name),
            ),
          });
          return toRecord(
            after,
            groupsAfter,
            await avatarOf(executor, id),
            (await twoStepOf(executor, [id])).has(id),
          );
        });
      } catch (error) {
        conflictOfUser(error);
      }
    },

    async deleteUser(id: string, caller: AuthUser, actor: Actor): Promise<void> {
      if (id === caller.id) throw AppError.conflict(userMessages.cannotDeleteSelf);
      await db.transaction(async (tx) => {
        const executor = tx as Database;
        await lockAdmins(executor);
        const before = await lockUser(executor, id);
        const memberOf = (await groupsOf(executor, [id])).get(id) ?? [];
        assertMayManage(
          caller,
          before,
          await permissionsOfGroups(
            executor,
            memberOf.map((g) => g.id),
          ),
        );
        await assertAdminRemains(executor, before);
        await executor.delete(users).where(eq(users.id, id));
        // An avatar someone else uploaded is not theirs (it would outlive them): it goes too.
        await deleteAttachmentsOf(executor, AVATAR_FILES, [id]);
        await audit.record(executor, actor, {
          action: 'delete',
          entity: 'user',
          key: id,
          before: auditedUser(
            before,
            memberOf.map((g) => g.name),
          ),
        });
      });
    },

    async sendPasswordResetMail(id: string, caller: AuthUser, actor: Actor): Promise<void> {
      const user = await findUser(db, id);
      const memberOf = (await groupsOf(db, [id])).get(id) ?? [];
      assertMayManage(
        caller,
        user,
        await permissionsOfGroups(
          db,
          memberOf.map((g) => g.id),
        ),
      );
      if (!user.isActive)
        throw AppError.conflict('This account is deactivated: activate it before sending a reset mail.');
      await accounts.sendPasswordMail(user, 'reset', actor);
    },

    async listGroups(query: z.output<typeof listQuery>): Promise<Page<GroupRecord>> {
      // Qualified by hand: Drizzle leaves column names unqualified in a one-table select.
      const memberCount = sql<number>`(select count(*)::int from user_groups ug where ug.group_id = groups.id)`;
      const where = searchCondition(query.search, [groups.name, groups.description]);
      const order = orderingOf(
        query.ordering,
        { name: groups.name, createdAt: groups.createdAt, memberCount },
        'name',
        groups.id,
      );
      return listPage(db, groups, { where, order, query }, (rows) => describeGroups(db, rows));
    },

    async getGroup(id: string): Promise<GroupRecord> {
      const [record] = await describeGroups(db, [await findGroup(db, id)]);
      if (!record) throw AppError.notFound();
      return record;
    },

    async createGroup(
      input: z.output<typeof groupCreate>,
      caller: AuthUser,
      actor: Actor,
    ): Promise<GroupRecord> {
      assertMayGrant(caller, input.permissions);
      if (input.memberIds.includes(caller.id)) throw AppError.forbidden(userMessages.ownGroups);
      try {
        return await db.transaction(async (tx) => {
          const executor = tx as Database;
          const memberIds = await assertUsersExist(executor, input.memberIds);
          const [row] = await executor
            .insert(groups)
            .values({
              name: input.name,
              description: input.description,
              permissions: [...new Set(input.permissions)],
              requireTwoStep: input.requireTwoStep,
              createdBy: actor.id,
              updatedBy: actor.id,
            })
            .returning();
          if (!row) throw new Error('group insert returned nothing');
          await addMemberships(
            executor,
            memberIds.map((userId) => ({ userId, groupId: row.id })),
            actor.id,
          );
          const [record] = await describeGroups(executor, [row]);
          if (!record) throw new Error('group vanished');
          await audit.record(executor, actor, {
            action: 'create',
            entity: 'group',
            key: row.id,
            after: {
              name: record.name,
              description: record.description,
              permissions: record.permissions,
              requireTwoStep: record.requireTwoStep,
              members: record.members.map((m) => m.email),
            },
          });
          return record;
        });
      } catch (error) {
        conflictOfGroup(error);
      }
    },

    /** As updateUser: merges onto the stored group, writes only what changed, checks `expected`. */
    async updateGroup(
      id: string,
      input: z.output<typeof groupUpdate>,
      caller: AuthUser,
      actor: Actor,
      expected?: number,
    ): Promise<GroupRecord> {
      if (input.id !== id)
        throw AppError.badRequest(userMessages.idMismatch, { id: userMessages.idMismatch });
      try {
        return await db.transaction(async (tx) => {
          const executor = tx as Database;
          const row = await lockGroup(executor, id);
          const [before] = await describeGroups(executor, [row]);
          if (!before) throw AppError.notFound();
          if (isStale(expected, row.version)) throw AppError.stale(before);
          const membersBefore = before.members.map((m) => m.id);
          if (!caller.isAdmin && membersBefore.includes(caller.id))
            throw AppError.forbidden(userMessages.ownGroup);

          const permissions = input.permissions ? [...new Set(input.permissions)] : row.permissions;
          const memberIds =
            input.memberIds === undefined ? membersBefore : await assertUsersExist(executor, input.memberIds);
          const joined = addedTo(membersBefore, memberIds);
          const left = addedTo(memberIds, membersBefore);
          if (joined.includes(caller.id) || left.includes(caller.id))
            throw AppError.forbidden(userMessages.ownGroups);
          assertMayGrant(caller, addedTo(row.permissions, permissions));
          // A new member receives every permission of the group.
          if (joined.length) assertMayGrant(caller, permissions);

          const changes = changedValues(groups, row, {
            name: input.name,
            description: input.description,
            requireTwoStep: input.requireTwoStep,
          });
          const samePermissions =
            permissions.length === row.permissions.length &&
            addedTo(row.permissions, permissions).length === 0;
          if (!samePermissions) Object.assign(changes, { permissions });
          if (Object.keys(changes).length === 0 && joined.length === 0 && left.length === 0) return before;

          const [updatedRow] = await executor
            .update(groups)
            .set({ ...changes, updatedBy: actor.id, version: nextVersion(groups.version) })
            .where(and(eq(groups.id, id), eq(groups.version, row.version)))
            .returning();
          if (!updatedRow) throw AppError.stale(before);
          if (left.length)
            await executor
              .delete(userGroups)
              .where(and(eq(userGroups.groupId, id), inArray(userGroups.userId, left)));
          await addMemberships(
            executor,
            joined.map((userId) => ({ userId, groupId: id })),
            actor.id,
          );
          const [after] = await describeGroups(executor, [updatedRow]);
          if (!after) throw AppError.notFound();
          const view = (g: GroupRecord) => ({
            name: g.name,
            description: g.description,
            permissions: g.permissions,
            requireTwoStep: g.requireTwoStep,
            members: g.members.map((m) => m.email),
          });
          await audit.record(executor, actor, {
            action: 'update',
            entity: 'group',
            key: id,
            before: view(before),
            after: view(after),
          });
          return after;
        });
      } catch (error) {
        conflictOfGroup(error);
      }
    },

    /** Deletes the group; its memberships go with it (the UI confirms when it has members). */
    async deleteGroup(id: string, caller: AuthUser, actor: Actor): Promise<{ removedMemberships: number }> {
      return db.transaction(async (tx) => {
        const executor = tx as Database;
        const [before] = await describeGroups(executor, [await lockGroup(executor, id)]);
        if (!before) throw AppError.notFound();
        if (!caller.isAdmin && before.members.some((m) => m.id === caller.id))
          throw AppError.forbidden(userMessages.ownGroup);
        await executor.delete(groups).where(eq(groups.id, id));
        await audit.record(executor, actor, {
          action: 'delete',
          entity: 'group',
          key: id,
          before: {
            name: before.name,
            description: before.description,
            permissions: before.permissions,
            members: before.members.map((m) => m.email),
          },
        });
        return { removedMemberships: before.memberCount };
      });
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
