import type { Permission } from '@ledgerdesk/contracts';
import { sql } from 'drizzle-orm';
import { groups, userGroups, users } from '../../db/schema';

/**
 * Whether the user holds `permission`, as SQL (evaluated once per query): an administrator, or a
 * member of a group that grants it — what the auth plugin computes for a request, for a resource's
 * `scope`, which is given the actor's id only.
 */
export function holds(userId: string | null, permission: Permission) {
  if (!userId) return sql`false`;
  return sql`(exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.isAdmin})
    or exists (select 1 from ${userGroups} join ${groups} on ${groups.id} = ${userGroups.groupId}
      where ${userGroups.userId} = ${userId} and ${permission} = any(${groups.permissions})))`;
}
