import { z } from 'zod/mini';
import { booleanQuery, listQuery, recordVersion, timestamp, versionInput } from './api';
import { labelColours, oneOf, optionalEmail, optionalPhone, requiredText } from './fields';

/*
 * Team (SPEC §3 "Team member"; §7 /teamData, /add/teamData, /update/teamData, /delete/teamData),
 * keyed `id`. A member may be linked to a user: their project and task counts are that user's.
 */

export const teamMemberRecord = z.object({
  id: z.uuid(),
  name: z.string(),
  designation: z.string(),
  email: z.string(),
  phone: z.string(),
  user: z.nullable(z.object({ id: z.uuid(), name: z.string() })),
  /** The avatar's initials ("Amara Okafor" → "AO"). */
  userShortName: z.string(),
  colour: z.enum(labelColours),
  /** Projects the linked user leads or is a member of (0 when not linked). */
  projectCount: z.number(),
  /** Tasks assigned to the linked user (0 when not linked). */
  taskCount: z.number(),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type TeamMemberRecord = z.infer<typeof teamMemberRecord>;

export const teamMemberInput = z.object({
  version: versionInput,
  name: requiredText('name', 200),
  designation: requiredText('designation', 200),
  email: optionalEmail,
  phone: optionalPhone,
  userId: z._default(z.nullable(z.uuid('Unknown user.')), null),
  colour: z._default(z.enum(labelColours, oneOf('The colour', labelColours)), 'blue'),
});
export type TeamMemberInput = z.input<typeof teamMemberInput>;
/** A team member back as its input: where the server's PATCH and the web edit form start from. */
export const teamMemberInputOf = (member: TeamMemberRecord): TeamMemberInput => ({
  name: member.name,
  designation: member.designation,
  email: member.email,
  phone: member.phone,
  userId: member.user?.id ?? null,
  colour: member.colour,
});

export const teamFilters = z.object({
  /** true: only members linked to a user; false: only those who are not. */
  linked: z.optional(booleanQuery),
});
export const teamListQuery = z.extend(listQuery, teamFilters.shape);
export type TeamListQuery = z.input<typeof teamListQuery>;

/** "Amara Okafor" → "AO", "Priya" → "PR": at most two letters. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const letters = words.length === 1 ? [...(words[0] ?? '')].slice(0, 2) : [words[0]?.[0], words.at(-1)?.[0]];
  return letters.join('').toUpperCase();
}

export const teamMessages = {
  unknownUser: 'This user does not exist.',
  userTaken: 'This user is already linked to another team member.',
} as const;
