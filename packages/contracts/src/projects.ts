import { z } from 'zod/mini';
import { listQuery, recordVersion, timestamp, versionInput } from './api';
import { isoDate, oneOf, optionalText, requiredText } from './fields';

/*
 * Projects (SPEC §3 "Project", "Project card"; §7 /projects, /add/project, /update/project,
 * /delete/project, /project/list), keyed `_id`. Lead and members are users.
 */

/** SPEC §3 names both "Inprogress" and "Progress" (project list and project cards): both are kept. */
export const projectStatuses = ['New', 'Pending', 'Inprogress', 'Progress', 'Completed'] as const;
export const projectPriorities = ['High', 'Medium', 'Low'] as const;
export const MAX_PROJECT_MEMBERS = 50;

const userRef = z.object({ id: z.uuid(), name: z.string() });

export const projectRecord = z.object({
  _id: z.uuid(),
  projectName: z.string(),
  description: z.string(),
  projectLead: z.nullable(userRef),
  members: z.array(userRef),
  percentage: z.number(),
  badge: z.enum(projectStatuses),
  priority: z.enum(projectPriorities),
  dueDate: z.nullable(z.iso.date()),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type ProjectRecord = z.infer<typeof projectRecord>;

export const projectInput = z.object({
  version: versionInput,
  projectName: requiredText('project name', 200),
  description: optionalText('description', 5000),
  projectLeadId: z._default(z.nullable(z.uuid('Unknown user.')), null),
  memberIds: z._default(
    z
      .array(z.uuid('Unknown user.'))
      .check(z.maxLength(MAX_PROJECT_MEMBERS, `At most ${MAX_PROJECT_MEMBERS} members.`)),
    [],
  ),
  percentage: z._default(
    z
      .number('The progress must be a number.')
      .check(
        z.int('The progress must be a whole number.'),
        z.minimum(0, 'The progress must be between 0 and 100.'),
        z.maximum(100, 'The progress must be between 0 and 100.'),
      ),
    0,
  ),
  badge: z._default(z.enum(projectStatuses, oneOf('The status', projectStatuses)), 'New'),
  priority: z._default(z.enum(projectPriorities, oneOf('The priority', projectPriorities)), 'Medium'),
  dueDate: z._default(z.nullable(isoDate('The due date')), null),
});
export type ProjectInput = z.input<typeof projectInput>;
/** A project back as its input: where the server's PATCH and the web edit form start from. */
export const projectInputOf = (project: ProjectRecord): ProjectInput => ({
  projectName: project.projectName,
  description: project.description,
  projectLeadId: project.projectLead?.id ?? null,
  memberIds: project.members.map((member) => member.id),
  percentage: project.percentage,
  badge: project.badge,
  priority: project.priority,
  dueDate: project.dueDate,
});

export const projectFilters = z.object({
  badge: z.optional(z.enum(projectStatuses, oneOf('badge', projectStatuses))),
  priority: z.optional(z.enum(projectPriorities, oneOf('priority', projectPriorities))),
  /** Projects this user leads or is a member of. */
  member: z.optional(z.uuid('member must be a user id.')),
  lead: z.optional(z.uuid('lead must be a user id.')),
});
export const projectListQuery = z.extend(listQuery, projectFilters.shape);
export type ProjectListQuery = z.input<typeof projectListQuery>;

export const projectMessages = {
  unknownLead: 'This user does not exist.',
  unknownMembers: 'One or more members do not exist.',
} as const;
