import { afterAll, describe, expect, it, vi } from 'vitest';
import { formatDate } from './format';

// The formatters only need the language; the i18n module itself needs a browser.
vi.mock('../i18n', () => ({ currentLanguage: () => 'en' }));
// A reader west of Greenwich, where UTC midnight is still the day before.
const zone = vi.hoisted(() => {
  const before = process.env.TZ;
  process.env.TZ = 'America/Los_Angeles';
  return { before };
});
afterAll(() => {
  if (zone.before === undefined) delete process.env.TZ;
  else process.env.TZ = zone.before;
});

describe('formatDate', () => {
  it('shows a calendar day as that day whatever the reader’s time zone', () => {
    const shown = formatDate('2026-12-24');
    expect(shown).toMatch(/24/);
    expect(shown).toMatch(/2026/);
  });

  it('shows a dash for no value and the text itself when it is not a date', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('someday')).toBe('someday');
  });
});
