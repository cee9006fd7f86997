// The web app's translation keys, checked on every `npm run lint` (and so in CI):
//   1. every catalogue key exists in every language (English and French);
//   2. every key the code names in a static call — t('key'), t('ns:key'), t(['key', 'fallback']),
//      i18n.t(…), <Trans i18nKey="…"> — is defined in a namespace the call reaches;
//   3. every defined key is used: named by a call, written as a string elsewhere (a hint or a label
//      kept in a definition and translated later), or under the fixed start of a dynamic key
//      (t(`values.${field}.${value}`) uses every key under "values.").
// Dynamic keys cannot be checked; they are listed with --verbose (and counted always).
//
// A file's namespaces are those of its useTranslation(…) calls and of the `ns` option; a call in a
// file whose namespace is not written out (the resource engine's useTranslation([def.ns, 'common']))
// must find its key in every resource's namespace (those with a `one` key) or in common.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web/src');
const languages = ['en', 'fr'];
const verbose = process.argv.includes('--verbose');

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

const files = walk(web);

/** The namespace of a catalogue file: common, shell, or the feature's path ("jobs/candidates"). */
function namespaceOf(file) {
  const relative = path.relative(web, file).split(path.sep).join('/');
  if (relative.startsWith('locales/')) return 'common';
  if (relative.startsWith('app/locales/')) return 'shell';
  const match = /^features\/(.+)\/locales\/[^/]+\.json$/.exec(relative);
  return match ? match[1] : null;
}

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** "a.b.c" of every text, plural forms folded into their key. */
function keysOf(catalogue, prefix = '', out = new Set()) {
  for (const [key, value] of Object.entries(catalogue)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.add(full.replace(pluralSuffix, ''));
    else keysOf(value, full, out);
  }
  return out;
}

/** namespace → language → keys */
const catalogues = new Map();
for (const file of files.filter((f) => /\/locales\/(en|fr)\.json$/.test(f))) {
  const namespace = namespaceOf(file);
  if (!namespace) continue;
  const language = path.basename(file, '.json');
  if (!catalogues.has(namespace)) catalogues.set(namespace, new Map());
  catalogues.get(namespace).set(language, keysOf(JSON.parse(readFileSync(file, 'utf8'))));
}

const problems = [];

// 1. The same keys in every language.
for (const [namespace, byLanguage] of catalogues) {
  const all = new Set(languages.flatMap((language) => [...(byLanguage.get(language) ?? [])]));
  for (const language of languages) {
    const keys = byLanguage.get(language);
    if (!keys) {
      problems.push(`${namespace}: no ${language} catalogue`);
      continue;
    }
    for (const key of all) if (!keys.has(key)) problems.push(`${namespace}:${key} is missing in ${language}`);
  }
}

const defined = (namespace, key) => catalogues.get(namespace)?.get('en')?.has(key) ?? false;
const resourceNamespaces = [...catalogues.keys()].filter((namespace) => defined(namespace, 'one'));

// 2. Keys named in code.
const sources = files.filter(
  (f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.includes('/test/'),
);
const used = new Set(); // "ns:key"
const usedPrefixes = []; // [namespaces or null (any), prefix]
const dynamic = [];
const literals = new Set(); // every 'a.b' string written in the code
const quoted = String.raw`(['"])((?:(?!\1)[^\\\n])+)\1`;

for (const file of sources) {
  const text = readFileSync(file, 'utf8');
  const where = path.relative(root, file);
  for (const match of text.matchAll(new RegExp(quoted, 'g'))) literals.add(match[2]);

  // The file's namespaces: its useTranslation(…) calls', its TFunction<'ns'> parameters' and a
  // definition's `ns: '…'`; a useTranslation of a variable makes the file "engine" (see above). A file
  // that names none (a helper handed a `t`) may use any namespace's keys.
  const namespaces = new Set();
  let open = false;
  for (const match of text.matchAll(/useTranslation\(([^)]*)\)/g)) {
    const args = match[1].trim();
    if (!args) namespaces.add('common');
    for (const literal of args.matchAll(new RegExp(quoted, 'g'))) namespaces.add(literal[2]);
    if (/^\[?\s*[A-Za-z_$]/.test(args)) open = true;
  }
  for (const match of text.matchAll(/TFunction<\s*(['"])([\w/-]+)\1/g)) namespaces.add(match[2]);
  for (const match of text.matchAll(/\bns:\s*(['"])([\w/-]+)\1/g)) namespaces.add(match[2]);
  const anyNamespace = namespaces.size === 0 && !open;
  if (anyNamespace) for (const namespace of catalogues.keys()) namespaces.add(namespace);

  const candidatesOf = (key, options) => {
    const explicit = /^([\w/-]+):(.+)$/.exec(key);
    if (explicit) return { key: explicit[2], namespaces: [explicit[1]] };
    const ns = /\bns:\s*(['"])([\w/-]+)\1/.exec(options ?? '')?.[2];
    if (ns) return { key, namespaces: [ns] };
    return { key, namespaces: [...namespaces], open };
  };
  const found = ({ key, namespaces: within, open: engine }) =>
    within.some((namespace) => defined(namespace, key)) ||
    (engine && resourceNamespaces.every((namespace) => defined(namespace, key)));
  const markUsed = ({ key, namespaces: within, open: engine }) => {
    for (const namespace of engine ? [...within, ...resourceNamespaces] : within)
      used.add(`${namespace}:${key}`);
  };

  const calls = [
    // t('key', …), i18n.t('key', …): the options up to the closing parenthesis of a short call.
    // (A literal followed by more of an expression — t('a' in x ? 'b' : 'c') — is a dynamic key.)
    ...[...text.matchAll(new RegExp(String.raw`\bt\(\s*${quoted}\s*([,)][^)]*)`, 'g'))].map((m) => ({
      keys: [m[2]],
      options: m[3],
    })),
    // t(['key', 'fallback'], …): one of them must exist.
    ...[...text.matchAll(/\bt\(\s*\[([^\]]*)\]([^)]*)/g)].map((m) => ({
      keys: [...m[1].matchAll(new RegExp(quoted, 'g'))].map((k) => k[2]),
      options: m[2],
    })),
    ...[...text.matchAll(new RegExp(`i18nKey=${quoted}`, 'g'))].map((m) => ({ keys: [m[2]] })),
  ];
  for (const { keys, options } of calls) {
    const resolved = keys.map((key) => candidatesOf(key, options));
    if (/returnObjects/.test(options ?? '')) {
      // A whole subtree (t('keys', { returnObjects: true })): every key under it is used.
      for (const { key, namespaces: within } of resolved) usedPrefixes.push([within, `${key}.`]);
      continue;
    }
    for (const candidate of resolved) markUsed(candidate);
    if (!resolved.some(found)) {
      problems.push(
        `${where}: ${keys.join(' | ')} is not defined (namespaces: ${resolved[0].namespaces.join(', ')})`,
      );
    }
  }
  // t(`prefix.${…}`) and i18nKey={cond ? 'a' : 'b'}: the fixed start marks what it can reach.
  for (const match of text.matchAll(/\bt\(\s*`([^`]*)`/g)) {
    const template = match[1];
    const fixed = template.split('${')[0];
    dynamic.push(`${where}: \`${template}\``);
    const { key, namespaces: within, open: engine } = candidatesOf(fixed);
    usedPrefixes.push([engine ? null : within, key]);
  }
  // A key built outside a call (a navigation entry's `nav.dashboards.${name}`): its fixed start too.
  // With its namespace when it names one (`shell:nav.dashboards.${name}`).
  for (const match of text.matchAll(/`(?:([\w/-]+):)?([\w-]+(?:\.[\w-]+)*\.)\$\{/g))
    usedPrefixes.push([match[1] ? [match[1]] : null, match[2]]);
  for (const match of text.matchAll(/\bt\(\s*([A-Za-z_$][\w$.]*)\s*[,)]/g)) {
    dynamic.push(`${where}: t(${match[1]})`);
  }
}

// 3. Keys defined but used nowhere.
const unused = [];
for (const [namespace, byLanguage] of catalogues) {
  for (const key of byLanguage.get('en') ?? []) {
    if (used.has(`${namespace}:${key}`) || literals.has(key) || literals.has(`${namespace}:${key}`)) continue;
    const underPrefix = usedPrefixes.some(
      ([within, prefix]) => (within === null || within.includes(namespace)) && key.startsWith(prefix),
    );
    if (!underPrefix) unused.push(`${namespace}:${key}`);
  }
}
for (const key of unused) problems.push(`${key} is defined but not used`);

if (verbose || problems.length > 0) {
  console.log(`Dynamic keys not checked (${dynamic.length}):`);
  for (const entry of verbose ? dynamic : []) console.log(`  ${entry}`);
}
if (problems.length > 0) {
  console.error(`Translation keys: ${problems.length} problem(s)`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(
  `Translation keys: ok (${catalogues.size} namespaces, ${dynamic.length} dynamic keys not checked)`,
);
