import type { Language } from '@ledgerdesk/contracts';

/** The languages of the app; the contracts' `languages` (kept apart: they would bring in zod). */
export const supportedLanguages = ['en', 'fr'] as const satisfies readonly Language[];

/**
 * Where namespace `namespace` keeps its catalogue for `language` (relative to this folder, as
 * import.meta.glob names the files): `common` in src/locales/, `shell` in src/app/locales/, every
 * other namespace in src/features/<namespace>/locales/ — "jobs/candidates" in a folder of its feature.
 */
export function cataloguePath(language: string, namespace: string): string {
  if (namespace === 'common') return `../locales/${language}.json`;
  if (namespace === 'shell') return `../app/locales/${language}.json`;
  return `../features/${namespace}/locales/${language}.json`;
}
