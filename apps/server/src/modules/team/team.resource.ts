import {
  initialsOf,
  type TeamMemberRecord,
  teamFilters,
  teamMemberInput,
  teamMemberInputOf,
  teamMemberRecord,
  teamMessages,
} from '@ledgerdesk/contracts';
import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { projects, tasks, teamMembers, users as usersTable } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ResourceDefinition } from '../../resources/engine';
import { type UsersService, userNameOf } from '../users/service';

/**
 * Team (SPEC §7 /teamData and its /add, /update, /delete spellings; the key of a delete in the
 * `teamdata` header). A member linked to a user shows that user's project and task counts.
 */
export function teamResource(
  users: UsersService,
): ResourceDefinition<typeof teamMembers, TeamMemberRecord, typeof teamMemberInput, typeof teamFilters> {
  return {
    entity: 'teamMember',
    label: 'Team Member',
    area: 'team',
    path: '/api/teamData',
    aliases: {
      add: '/api/add/teamData',
      update: '/api/update/teamData',
      delete: { path: '/api/delete/teamData', header: 'teamdata' },
    },
    table: teamMembers,
    record: teamMemberRecord,
    input: teamMemberInput,
    filters: teamFilters,
    where: (f) => [
      f.linked === undefined
        ? undefined
        : f.linked
          ? isNotNull(teamMembers.userId)
          : isNull(teamMembers.userId),
    ],
    // The same expression as team_members_search_idx, so that the trigram index serves the search.
    search: [sql`(${teamMembers.name} || ' ' || ${teamMembers.designation} || ' ' || ${teamMembers.email})`],
    sortable: {
      name: teamMembers.name,
      designation: teamMembers.designation,
      email: teamMembers.email,
      user: userNameOf(teamMembers.userId),
      createdAt: teamMembers.createdAt,
    },
    defaultOrdering: 'name',
    async toRecords(db, rows) {
      const userIds = rows.flatMap((m) => (m.userId ? [m.userId] : []));
      const [names, counts] = await Promise.all([users.namesOf(db, userIds), countsOf(db, userIds)]);
      return rows.map((m) => ({
        id: m.id,
        name: m.name,
        designation: m.designation,
        email: m.email,
        phone: m.phone,
        user: m.userId ? { id: m.userId, name: names.get(m.userId) ?? '' } : null,
        userShortName: initialsOf(m.name),
        colour: m.colour as TeamMemberRecord['colour'],
        projectCount: (m.userId && counts.get(m.userId)?.projectCount) || 0,
        taskCount: (m.userId && counts.get(m.userId)?.taskCount) || 0,
        createdAt: m.createdAt.toISOString(),
        updatedAt: m.updatedAt.toISOString(),
        version: m.version,
      }));
    },
    toColumns: (input) => input,
    toInput: teamMemberInputOf,
    async validate(db, input, id) {
      if (!input.userId) return;
      await users.assertUsersExist(db, [input.userId], {
        field: 'userId',
        message: teamMessages.unknownUser,
      });
      const [taken] = await db
        .select({ id: teamMembers.id })
        .from(teamMembers)
        .where(and(eq(teamMembers.userId, input.userId), id ? ne(teamMembers.id, id) : undefined))
        .limit(1);
      if (taken) throw AppError.conflict(teamMessages.userTaken, { userId: teamMessages.userTaken });
    },
    // Two creates for the same user at once both pass `validate`; the index refuses the second.
    conflicts: { team_members_user_key: { field: 'userId', message: teamMessages.userTaken } },
    csv: {
      id: (m) => m.id,
      name: (m) => m.name,
      designation: (m) => m.designation,
      email: (m) => m.email,
      phone: (m) => m.phone,
      user: (m) => m.user?.name ?? '',
      projectCount: (m) => String(m.projectCount),
      taskCount: (m) => String(m.taskCount),
    },
  };
}

/**
 * Each user's project count (lead or member) and task count (assignee), for a page of members in
 * one query; the array conditions use the GIN indexes on member_ids and assignee_ids.
 */
async function countsOf(db: Database, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, { projectCount: number; taskCount: number }>();
  // Written with explicit aliases: Drizzle leaves columns unqualified in a single-table select,
  // and an unqualified "id" inside the subqueries would be the project's or task's own.
  const rows = await db
    .select({
      id: sql<string>`u.id`,
      projectCount: sql<number>`(select count(*)::int from ${projects} p where p.lead_id = u.id or p.member_ids @> array[u.id])`,
      taskCount: sql<number>`(select count(*)::int from ${tasks} t where t.assignee_ids @> array[u.id])`,
    })
    .from(sql`${usersTable} u`)
    .where(inArray(sql`u.id`, userIds));
  return new Map(rows.map((r) => [r.id, r]));
}
