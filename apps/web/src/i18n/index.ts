import type { Language } from '@ledgerdesk/contracts';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localStorageOrNull, PREFERENCES_STORAGE_KEY } from '../lib/layout-boot';
import { cataloguePath, supportedLanguages } from './catalogues';

export { supportedLanguages };

/**
 * The one i18next instance (see README.md beside this file for the convention). Catalogues are
 * JSON files, one per namespace and language, each its own chunk fetched the first time a
 * component asks for its namespace: `common` from src/locales/, `shell` from src/app/locales/,
 * and `<feature>` from src/features/<feature>/locales/.
 */

type Loader = () => Promise<ResourceKey>;
// The app's own namespaces and the sign-in pages' are listed here; the features' list (which grows
// with every feature) is a chunk of its own, fetched with the first other feature namespace, so the
// script of the login page stays the same size.
const appCatalogues: Record<string, Loader> = {
  ...import.meta.glob<ResourceKey>('../locales/*.json', { import: 'default' }),
  ...import.meta.glob<ResourceKey>('../app/locales/*.json', { import: 'default' }),
  ...import.meta.glob<ResourceKey>('../features/auth/locales/*.json', { import: 'default' }),
};

async function loaderOf(path: string): Promise<Loader | undefined> {
  const own = appCatalogues[path];
  if (own) return own;
  const { featureCatalogues } = await import('./feature-catalogues');
  return featureCatalogues[path];
}

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, done) {
    loaderOf(cataloguePath(language, namespace))
      // A namespace without a catalogue shows its keys rather than waiting forever.
      .then((load) => (load ? load() : {}))
      .then(
        (catalogue) => done(null, catalogue),
        // Not retried (a module that failed to load stays failed in this page): keys are shown.
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), false),
      );
  },
};

function isSupported(language: unknown): language is Language {
  return (supportedLanguages as readonly unknown[]).includes(language);
}

/**
 * The language before anyone is signed in: the one saved with the preferences of the last visit,
 * else the browser's first supported language, else English.
 */
export function detectLanguage(): Language {
  try {
    const stored: unknown = JSON.parse(localStorageOrNull()?.getItem(PREFERENCES_STORAGE_KEY) ?? 'null');
    if (typeof stored === 'object' && stored !== null && 'language' in stored && isSupported(stored.language))
      return stored.language;
  } catch {
    // Unreadable: the browser's language decides.
  }
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split('-')[0];
    if (isSupported(base)) return base;
  }
  return 'en';
}

/** The language shown now. */
export function currentLanguage(): Language {
  return isSupported(i18next.language) ? i18next.language : 'en';
}

i18next.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

void i18next
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    lng: detectLanguage(),
    supportedLngs: supportedLanguages,
    // A key missing from a translation shows the English text (a test keeps them complete).
    fallbackLng: 'en',
    load: 'languageOnly',
    ns: ['common'],
    defaultNS: 'common',
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

/** Switches the language (the catalogues it needs load on demand); `<html lang>` follows. */
export function setLanguage(language: Language): Promise<unknown> {
  return language === i18next.language ? Promise.resolve() : i18next.changeLanguage(language);
}

export { i18next as i18n };
