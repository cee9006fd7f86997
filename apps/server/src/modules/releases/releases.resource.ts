import {
  type ReleaseGroupRecord,
  type ReleaseVersion,
  releaseGroupFilters,
  releaseGroupInput,
  releaseGroupInputOf,
  releaseGroupRecord,
  releasePaths,
} from '@ledgerdesk/contracts';
import { releaseGroups } from '../../db/schema';
import type { ResourceDefinition } from '../../resources/engine';

/** Newest first: by date, then as listed. */
const newestFirst = (versions: ReleaseVersion[]) =>
  versions
    .map((v, i) => ({ v, i }))
    .sort((a, b) => b.v.date.localeCompare(a.v.date) || a.i - b.i)
    .map(({ v }) => v);

/**
 * Release groups (/api/release-groups, SPEC §3 "Release group: title with versions"): the
 * changelog, newest version first; each group's versions are kept newest first.
 */
export function releaseGroupResource(): ResourceDefinition<
  typeof releaseGroups,
  ReleaseGroupRecord,
  typeof releaseGroupInput,
  typeof releaseGroupFilters
> {
  return {
    entity: 'releaseGroup',
    label: 'Release Group',
    area: 'releases',
    path: releasePaths.groups,
    table: releaseGroups,
    record: releaseGroupRecord,
    input: releaseGroupInput,
    filters: releaseGroupFilters,
    where: () => [],
    search: [releaseGroups.title],
    sortable: {
      latestOn: releaseGroups.latestOn,
      title: releaseGroups.title,
      createdAt: releaseGroups.createdAt,
    },
    defaultOrdering: '-latestOn',
    toRecords: async (_db, rows) =>
      rows.map((g) => ({
        id: g.id,
        title: g.title,
        versions: g.versions,
        latestOn: g.latestOn,
        createdAt: g.createdAt.toISOString(),
        updatedAt: g.updatedAt.toISOString(),
        version: g.version,
      })),
    toColumns: (input) => {
      const versions = newestFirst(input.versions);
      // The input has at least one version (the contract's rule).
      return { title: input.title, versions, latestOn: versions[0]?.date ?? '' };
    },
    toInput: releaseGroupInputOf,
    csv: {
      id: (g) => g.id,
      title: (g) => g.title,
      latestOn: (g) => g.latestOn,
      versions: (g) => g.versions.map((v) => v.version).join(' '),
    },
  };
}
