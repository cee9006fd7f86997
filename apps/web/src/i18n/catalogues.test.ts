import { describe, expect, it } from 'vitest';
import { cataloguePath, supportedLanguages } from './catalogues';

/**
 * Every namespace has a catalogue per language with the same keys, the plural forms each language
 * needs, and the same {{placeholders}}: a translation cannot fall behind the English text unseen.
 */

type Catalogue = { [key: string]: string | Catalogue };
const files = {
  ...import.meta.glob<Catalogue>('../locales/*.json', { eager: true, import: 'default' }),
  ...import.meta.glob<Catalogue>('../app/locales/*.json', { eager: true, import: 'default' }),
  ...import.meta.glob<Catalogue>('../features/*/locales/*.json', { eager: true, import: 'default' }),
  ...import.meta.glob<Catalogue>('../features/*/*/locales/*.json', { eager: true, import: 'default' }),
};

function namespaceOf(path: string): string {
  if (path.startsWith('../locales/')) return 'common';
  if (path.startsWith('../app/locales/')) return 'shell';
  // "../features/jobs/locales/en.json" → jobs; "../features/jobs/candidates/locales/en.json" → jobs/candidates
  return path.slice('../features/'.length, path.lastIndexOf('/locales/'));
}

/** "a.b.c" → text, for every string of the catalogue. */
function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [inner, text] of flatten(value, path)) out.set(inner, text);
  }
  return out;
}

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** Keys without their plural suffix, and for each plural key the forms it has. */
function shape(catalogue: Catalogue) {
  const plain = new Set<string>();
  const plurals = new Map<string, Set<string>>();
  const placeholders = new Map<string, string>();
  for (const [key, text] of flatten(catalogue)) {
    const match = pluralSuffix.exec(key);
    const base = match ? key.slice(0, match.index) : key;
    if (match?.[1]) plurals.set(base, (plurals.get(base) ?? new Set()).add(match[1]));
    else plain.add(base);
    const names = [...text.matchAll(/\{\{\s*([\w.]+)/g)].map((found) => found[1]);
    // The count of a plural shows in some forms only ("un utilisateur"); the other names must match.
    const kept = names.filter((name) => !(match && name === 'count'));
    placeholders.set(
      base,
      [...new Set([...(placeholders.get(base)?.split(',') ?? []), ...kept])].filter(Boolean).sort().join(','),
    );
  }
  return { plain, plurals, placeholders };
}

const namespaces = [...new Set(Object.keys(files).map(namespaceOf))].sort();

describe('translation catalogues', () => {
  it('finds the catalogues', () => {
    expect(namespaces).toContain('common');
  });

  for (const namespace of namespaces) {
    describe(namespace, () => {
      const english = files[cataloguePath('en', namespace)];

      it('has a catalogue in every language', () => {
        for (const language of supportedLanguages)
          expect(files[cataloguePath(language, namespace)], `${namespace} ${language}`).toBeDefined();
      });

      for (const language of supportedLanguages.filter((candidate) => candidate !== 'en')) {
        it(`has in ${language} the keys and placeholders of en`, () => {
          const translated = files[cataloguePath(language, namespace)];
          if (!english || !translated) throw new Error(`${namespace}: a catalogue is missing`);
          const en = shape(english);
          const other = shape(translated);
          expect([...other.plain].sort()).toEqual([...en.plain].sort());
          expect([...other.plurals.keys()].sort()).toEqual([...en.plurals.keys()].sort());
          expect(Object.fromEntries(other.placeholders)).toEqual(Object.fromEntries(en.placeholders));
        });
      }

      for (const language of supportedLanguages) {
        it(`has in ${language} every plural form the language uses`, () => {
          const catalogue = files[cataloguePath(language, namespace)];
          if (!catalogue) throw new Error(`${namespace}: no ${language} catalogue`);
          const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories.sort();
          for (const [key, forms] of shape(catalogue).plurals)
            expect([...forms].sort(), `${namespace}:${key} in ${language}`).toEqual(needed);
        });
      }
    });
  }
});
