import { afterAll, describe, expect, it, vi } from 'vitest';
import { formatDate, formatFigure } from './format';

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

describe('formatFigure', () => {
  it('writes each currency of the dashboards in its own sign and precision, never a dollar for another', () => {
    expect(formatFigure(1234.5, 'money')).toBe('$1,234.50');
    expect(formatFigure(1234.5, 'euro')).toBe('€1,234.50');
    expect(formatFigure(0.012345678, 'btc')).toBe('0.01234568 BTC');
    expect(formatFigure(12.3456, 'eth')).toBe('12.35 ETH');
    // The axes' short forms keep their unit too.
    expect(formatFigure(12_000, 'euro', { compact: true })).toBe('€12K');
    expect(formatFigure(12_000, 'eth', { compact: true })).toBe('12K ETH');
  });
});
