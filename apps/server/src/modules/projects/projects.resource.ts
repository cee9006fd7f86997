import {
  type ProjectRecord,
  projectFilters,
  projectInput,
  projectInputOf,
  projectMessages,
  projectPriorities,
  projectRecord,
  projectStatuses,
} from '@ledgerdesk/contracts';
import { arrayContains, eq, or, sql } from 'drizzle-orm';
import { priorityRankOf, rankOf } from '../../db/rank';
import { projects } from '../../db/schema';
import type { ResourceDefinition } from '../../resources/engine';
import { releaseProjectTasks } from '../tasks/service';
import { type UsersService, userNameOf } from '../users/service';

/**
 * Projects (SPEC §7): canonical paths under /api/projects, and the spec's own spellings
 * /add/project, /update/project (key in the body), /delete/project (key in the `project` header)
 * and GET /project/list on the same handlers.
 */
export function projectResource(
  users: UsersService,
): ResourceDefinition<typeof projects, ProjectRecord, typeof projectInput, typeof projectFilters> {
  return {
    entity: 'project',
    label: 'Project',
    area: 'projects',
    path: '/api/projects',
    aliases: {
      list: ['/api/project/list'],
      add: '/api/add/project',
      update: '/api/update/project',
      delete: { path: '/api/delete/project', header: 'project' },
    },
    table: projects,
    record: projectRecord,
    input: projectInput,
    filters: projectFilters,
    where: (f) => [
      f.badge ? eq(projects.status, f.badge) : undefined,
      f.priority ? eq(projects.priority, f.priority) : undefined,
      f.lead ? eq(projects.leadId, f.lead) : undefined,
      f.member ? or(eq(projects.leadId, f.member), arrayContains(projects.memberIds, [f.member])) : undefined,
    ],
    // The same expression as projects_search_idx, so that the trigram index serves the search.
    search: [sql`(${projects.name} || ' ' || ${projects.description})`],
    sortable: {
      projectName: projects.name,
      projectLead: userNameOf(projects.leadId),
      percentage: projects.percentage,
      badge: rankOf(projects.status, projectStatuses),
      priority: priorityRankOf(projects.priority, projectPriorities),
      dueDate: projects.dueDate,
      createdAt: projects.createdAt,
    },
    defaultOrdering: '-createdAt',
    async toRecords(db, rows) {
      const names = await users.namesOf(
        db,
        rows.flatMap((p) => [...(p.leadId ? [p.leadId] : []), ...p.memberIds]),
      );
      const ref = (id: string) => ({ id, name: names.get(id) ?? '' });
      return rows.map((p) => ({
        _id: p.id,
        projectName: p.name,
        description: p.description,
        projectLead: p.leadId ? ref(p.leadId) : null,
        // Users deleted since are left out (the lead's column is cleared by its foreign key).
        members: p.memberIds.filter((id) => names.has(id)).map(ref),
        percentage: p.percentage,
        badge: p.status as ProjectRecord['badge'],
        priority: p.priority as ProjectRecord['priority'],
        dueDate: p.dueDate,
        createdAt: p.createdAt.toISOString(),
        updatedAt: p.updatedAt.toISOString(),
        version: p.version,
      }));
    },
    toColumns: (input) => ({
      name: input.projectName,
      description: input.description,
      leadId: input.projectLeadId,
      memberIds: [...new Set(input.memberIds)],
      percentage: input.percentage,
      status: input.badge,
      priority: input.priority,
      dueDate: input.dueDate,
    }),
    toInput: projectInputOf,
    async validate(db, input) {
      if (input.projectLeadId) {
        await users.assertUsersExist(db, [input.projectLeadId], {
          field: 'projectLeadId',
          message: projectMessages.unknownLead,
        });
      }
      await users.assertUsersExist(db, input.memberIds, {
        field: 'memberIds',
        message: projectMessages.unknownMembers,
      });
    },
    // Its board goes with it: its tasks first go to the default board.
    beforeDelete: releaseProjectTasks,
    csv: {
      id: (p) => p._id,
      projectName: (p) => p.projectName,
      projectLead: (p) => p.projectLead?.name ?? '',
      members: (p) => p.members.map((m) => m.name).join('; '),
      percentage: (p) => String(p.percentage),
      badge: (p) => p.badge,
      priority: (p) => p.priority,
      dueDate: (p) => p.dueDate ?? '',
    },
  };
}
