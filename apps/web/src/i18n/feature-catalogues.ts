import type { ResourceKey } from 'i18next';

/**
 * Every feature's catalogues (see ./index.ts), found by their place: src/features/<feature>/locales/,
 * and src/features/<feature>/<resource>/locales/ for the namespace "<feature>/<resource>".
 */
export const featureCatalogues: Record<string, () => Promise<ResourceKey>> = {
  ...import.meta.glob<ResourceKey>('../features/*/locales/*.json', { import: 'default' }),
  ...import.meta.glob<ResourceKey>('../features/*/*/locales/*.json', { import: 'default' }),
};
