import { i18n } from '../../i18n';

const browsers: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/([\d]+)/, 'Edge'],
  [/OPR\/([\d]+)/, 'Opera'],
  [/Firefox\/([\d]+)/, 'Firefox'],
  [/FxiOS\/([\d]+)/, 'Firefox'],
  [/CriOS\/([\d]+)/, 'Chrome'],
  [/(?:Headless)?Chrom(?:e|ium)\/([\d]+)/, 'Chrome'],
  [/Version\/([\d]+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const systems: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome 131 on Linux" from a User-Agent header; something readable for anything else. */
export function describeDevice(userAgent: string): string {
  if (!userAgent) return i18n.t('profile:device.unknown');
  let browser: string | undefined;
  for (const [pattern, name] of browsers) {
    const match = pattern.exec(userAgent);
    if (match) {
      browser = match[1] ? `${name} ${match[1]}` : name;
      break;
    }
  }
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return i18n.t('profile:device.browserOn', { browser, system });
  if (browser) return browser;
  if (system) return i18n.t('profile:device.aBrowserOn', { system });
  // A script or tool (curl/8.5.0, node-fetch...): its own name.
  return userAgent.split(/[\s(]/)[0] || i18n.t('profile:device.unknown');
}
