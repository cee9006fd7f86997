import { z } from 'zod/mini';
import { recordVersion, text, timestamp, versionInput } from './api';
import { inputOf, isoDate, requiredText } from './fields';

/*
 * Releases (SPEC §3 "Release group: title with versions"): the changelog. A group (a product line,
 * a year) holds versions, each with its date and its notes. Permission area `releases`.
 *   GET    /api/release-groups            the groups, newest version first (`-latestOn`)  releases.view
 *   POST   /api/release-groups, PATCH|DELETE /api/release-groups/:id  a group and its versions  releases.manage
 */

export const releasePaths = { groups: '/api/release-groups' } as const;

export const releaseVersion = z.object({
  version: requiredText('version', 30),
  date: isoDate('The release date'),
  /** Blank notes are dropped (a form's empty line). */
  notes: z._default(
    z
      .pipe(
        z.array(text(500, 'A note must be at most 500 characters.'), 'The notes must be a list.'),
        z.transform((notes: string[]) => notes.filter((note) => note !== '')),
      )
      .check(z.maxLength(30, 'A version has at most 30 notes.')),
    [],
  ),
});
/** A version as a group carries it (stored and answered). */
export const releaseVersionRecord = z.object({
  version: z.string(),
  date: z.iso.date(),
  notes: z.array(z.string()),
});
export type ReleaseVersion = z.infer<typeof releaseVersionRecord>;

export const releaseGroupRecord = z.object({
  id: z.uuid(),
  title: z.string(),
  /** Newest first. */
  versions: z.array(releaseVersionRecord),
  /** The date of its newest version: the changelog's order. */
  latestOn: z.iso.date(),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type ReleaseGroupRecord = z.infer<typeof releaseGroupRecord>;

export const releaseMessages = {
  versionTwice: (version: string) => `The version ${version} is listed twice.`,
} as const;

export const releaseGroupInput = z.object({
  version: versionInput,
  title: requiredText('title', 100),
  versions: z.array(releaseVersion, 'The versions must be a list.').check(
    z.minLength(1, 'Add at least one version.'),
    z.maxLength(50, 'A group has at most 50 versions.'),
    z.superRefine((versions, ctx) => {
      const seen = new Set<string>();
      versions.forEach((v, i) => {
        if (seen.has(v.version)) {
          ctx.issues.push({
            code: 'custom',
            message: releaseMessages.versionTwice(v.version),
            input: v.version,
            path: [i, 'version'],
          });
        }
        seen.add(v.version);
      });
    }),
  ),
});
export type ReleaseGroupInput = z.input<typeof releaseGroupInput>;
export const releaseGroupInputOf = inputOf(releaseGroupInput);
export const releaseGroupFilters = z.object({});
