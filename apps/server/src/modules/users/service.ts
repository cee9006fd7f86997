import {
  type GroupRecord,
  type groupCreate,
  type groupUpdate,
  type listQuery,
  type UserOption,
  type UserRecord,
  type userCreate,
  type userListQuery,
  userMessages,
  type userOptionsQuery,
  type userUpdate,
} from '@ledgerdesk/contracts';
import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { Database } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { groups, userGroups, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { listPage, orderingOf, type Page, searchCondition } from '../../resources/list';
import { existingIds, findById } from '../../resources/records';
import type { AccountsService } from '../accounts/service';
import { assertAcceptablePassword, conflictOfUser, usernameConflict } from '../accounts/service';
import type { Actor, AuditService } from '../audit/service';
import type { AuthService } from '../auth/service';

type UserRow = typeof users.$inferSelect;
type GroupRow = typeof groups.$inferSelect;

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
  audit: AuditService;
  auth: AuthService;
  accounts: AccountsService;
}) {
  const { db, audit, auth, accounts } = deps;

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

  function toRecord(u: UserRow, memberOf: { id: string; name: string }[]): UserRecord {
    return {
      id: u.id,
      email: u.email,
      username: u.username,
      firstName: u.firstName,
      lastName: u.lastName,
      isActive: u.isActive,
      isAdmin: u.isAdmin,
      hasPassword: u.passwordHash !== null,
      groups: memberOf,
      lastLogin: u.lastLoginAt?.toISOString() ?? null,
      createdAt: u.createdAt.toISOString(),
    };
  }

  const findUser = (executor: Database, id: string) => findById(executor, users, id);

  const assertGroupsExist = (executor: Database, ids: string[]) =>
    existingIds(executor, groups, ids, { field: 'groupIds', message: userMessages.unknownGroups });

  /**
   * Refuses a change that would leave no active administrator. The admin rows are locked first,
   * so two concurrent demotions cannot both see "another admin is left".
   */
  async function assertAdminRemains(executor: Database, target: UserRow) {
    if (!(target.isAdmin && target.isActive)) return;
    const admins = await executor
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isAdmin, true), eq(users.isActive, true)))
      .for('update');
    if (!admins.some((a) => a.id !== target.id)) throw AppError.conflict(userMessages.lastAdmin);
  }

  async function setMemberships(
    executor: Database,
    userId: string,
    groupIds: string[],
    actorId: string | null,
  ) {
    await executor.delete(userGroups).where(eq(userGroups.userId, userId));
    if (groupIds.length) {
      await executor
        .insert(userGroups)
        .values(groupIds.map((groupId) => ({ userId, groupId, createdBy: actorId, updatedBy: actorId })));
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
        members: own,
        memberCount: own.length,
        createdAt: g.createdAt.toISOString(),
      };
    });
  }

  const findGroup = (executor: Database, id: string) => findById(executor, groups, id);

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
    async options(query: z.output<typeof userOptionsQuery>): Promise<UserOption[]> {
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
      return rows.map((u) => ({
        id: u.id,
        name: `${u.firstName} ${u.lastName}`.trim() || u.email,
        email: u.email,
      }));
    },

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
        const memberships = await groupsOf(
          db,
          rows.map((r) => r.id),
        );
        return rows.map((r) => toRecord(r, memberships.get(r.id) ?? []));
      });
    },

    async getUser(id: string): Promise<UserRecord> {
      const row = await findUser(db, id);
      return toRecord(row, (await groupsOf(db, [id])).get(id) ?? []);
    },

    async createUser(input: z.output<typeof userCreate>, actor: Actor): Promise<UserRecord> {
      if (input.password)
        assertAcceptablePassword(input.password, { email: input.email, username: input.username });
      if (await accounts.usernameTaken(input.username)) throw usernameConflict();
      const passwordHash = input.password ? await hashPassword(input.password) : null;
      let created: UserRecord;
      try {
        created = await db.transaction(async (tx) => {
          const executor = tx as Database;
          const groupIds = await assertGroupsExist(executor, input.groupIds);
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
          await setMemberships(executor, row.id, groupIds, actor.id);
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
          return toRecord(row, memberOf);
        });
      } catch (error) {
        conflictOfUser(error);
      }
      if (input.sendPasswordMail) await accounts.sendPasswordMail(created, 'welcome', actor);
      return created;
    },

    async updateUser(id: string, input: z.output<typeof userUpdate>, actor: Actor): Promise<UserRecord> {
      if (input.id !== id)
        throw AppError.badRequest(userMessages.idMismatch, { id: userMessages.idMismatch });
      if (id === actor.id && !input.isActive) throw AppError.conflict(userMessages.cannotDeactivateSelf);
      try {
        return await db.transaction(async (tx) => {
          const executor = tx as Database;
          const before = await findUser(executor, id);
          if (await accounts.usernameTaken(input.username, id, executor)) throw usernameConflict();
          if (!input.isActive || !input.isAdmin) await assertAdminRemains(executor, before);
          const groupIds = await assertGroupsExist(executor, input.groupIds);
          const groupsBefore = (await groupsOf(executor, [id])).get(id) ?? [];
          const [after] = await executor
            .update(users)
            .set({
              email: input.email,
              username: input.username,
              firstName: input.firstName,
              lastName: input.lastName,
              isActive: input.isActive,
              isAdmin: input.isAdmin,
              updatedBy: actor.id,
            })
            .where(eq(users.id, id))
            .returning();
          if (!after) throw AppError.notFound();
          await setMemberships(executor, id, groupIds, actor.id);
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
          return toRecord(after, groupsAfter);
        });
      } catch (error) {
        conflictOfUser(error);
      }
    },

    async deleteUser(id: string, actor: Actor): Promise<void> {
      if (id === actor.id) throw AppError.conflict(userMessages.cannotDeleteSelf);
      await db.transaction(async (tx) => {
        const executor = tx as Database;
        const before = await findUser(executor, id);
        await assertAdminRemains(executor, before);
        const memberOf = (await groupsOf(executor, [id])).get(id) ?? [];
        await executor.delete(users).where(eq(users.id, id));
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

    async sendPasswordResetMail(id: string, actor: Actor): Promise<void> {
      const user = await findUser(db, id);
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

    async createGroup(input: z.output<typeof groupCreate>, actor: Actor): Promise<GroupRecord> {
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
              createdBy: actor.id,
              updatedBy: actor.id,
            })
            .returning();
          if (!row) throw new Error('group insert returned nothing');
          if (memberIds.length) {
            await executor.insert(userGroups).values(
              memberIds.map((userId) => ({
                userId,
                groupId: row.id,
                createdBy: actor.id,
                updatedBy: actor.id,
              })),
            );
          }
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
              members: record.members.map((m) => m.email),
            },
          });
          return record;
        });
      } catch (error) {
        conflictOfGroup(error);
      }
    },

    async updateGroup(id: string, input: z.output<typeof groupUpdate>, actor: Actor): Promise<GroupRecord> {
      if (input.id !== id)
        throw AppError.badRequest(userMessages.idMismatch, { id: userMessages.idMismatch });
      try {
        return await db.transaction(async (tx) => {
          const executor = tx as Database;
          const [before] = await describeGroups(executor, [await findGroup(executor, id)]);
          const memberIds = await assertUsersExist(executor, input.memberIds);
          const [row] = await executor
            .update(groups)
            .set({
              name: input.name,
              description: input.description,
              permissions: [...new Set(input.permissions)],
              updatedBy: actor.id,
            })
            .where(eq(groups.id, id))
            .returning();
          if (!row || !before) throw AppError.notFound();
          await executor.delete(userGroups).where(eq(userGroups.groupId, id));
          if (memberIds.length) {
            await executor.insert(userGroups).values(
              memberIds.map((userId) => ({
                userId,
                groupId: id,
                createdBy: actor.id,
                updatedBy: actor.id,
              })),
            );
          }
          const [after] = await describeGroups(executor, [row]);
          if (!after) throw AppError.notFound();
          const view = (g: GroupRecord) => ({
            name: g.name,
            description: g.description,
            permissions: g.permissions,
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
    async deleteGroup(id: string, actor: Actor): Promise<{ removedMemberships: number }> {
      return db.transaction(async (tx) => {
        const executor = tx as Database;
        const [before] = await describeGroups(executor, [await findGroup(executor, id)]);
        if (!before) throw AppError.notFound();
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
