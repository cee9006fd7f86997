import { type ReleaseGroupInput, type ReleaseGroupRecord, releaseGroupInput } from '@ledgerdesk/contracts';
import type { ResourceDefinition } from '../../resources/types';

/** Release groups on the web engine: the changelog's list and mutation hooks, and its form (in a dialog). */
export const releaseGroups: ResourceDefinition<ReleaseGroupRecord, ReleaseGroupInput> = {
  ns: 'releases',
  api: '/release-groups',
  route: '/releases',
  area: 'releases',
  keyOf: (group) => group.id,
  titleOf: (group) => group.title,
  columns: [{ id: 'title' }, { id: 'latestOn' }],
  input: releaseGroupInput,
  fields: [{ name: 'title', kind: 'text', required: true, wide: true }],
  emptyValues: { title: '', versions: [] },
  toInput: (group) => ({ title: group.title, versions: group.versions, version: group.version }),
};
