import { flagOf } from '@ledgerdesk/contracts';
import { describe, expect, it } from 'vitest';
import { countryList } from '../../src/modules/countries/data';

// The country list fixes the defects SPEC §3 names: a wrong prefix, prefixes without '+',
// irregular ids.
const byCode = new Map(countryList.map(([iso, name, dial], i) => [iso, { id: i + 1, name, dial }]));

describe('the country list', () => {
  it('has about 250 entries with ids 1..n and no gaps', () => {
    expect(countryList.length).toBeGreaterThanOrEqual(245);
    expect(countryList.length).toBeLessThanOrEqual(255);
    // Ids are the positions in the list: sorted by name, 1, 2, 3, ...
    const names = countryList.map(([, name]) => name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect([...byCode.values()].map((c) => c.id)).toEqual(countryList.map((_, i) => i + 1));
  });

  it('has unique two-letter ISO codes and unique names', () => {
    expect(byCode.size).toBe(countryList.length);
    for (const [iso] of countryList) expect(iso).toMatch(/^[A-Z]{2}$/);
    expect(new Set(countryList.map(([, name]) => name)).size).toBe(countryList.length);
  });

  it('writes every prefix with its + (NANP members as +1-xxx)', () => {
    for (const [iso, , dial] of countryList) {
      expect(dial, iso).toMatch(/^\+\d/);
      expect(dial, iso).toMatch(/^\+\d{1,3}$|^\+1-\d{3}$/);
    }
  });

  it('gives Antigua and Barbuda its own prefix, not Afghanistan’s', () => {
    expect(byCode.get('AG')).toMatchObject({ name: 'Antigua and Barbuda', dial: '+1-268' });
    expect(byCode.get('AF')?.dial).toBe('+93');
  });

  it.each([
    ['FR', '+33'],
    ['DE', '+49'],
    ['IN', '+91'],
    ['BR', '+55'],
    ['JP', '+81'],
    ['ZA', '+27'],
    ['US', '+1'],
    ['GB', '+44'],
    ['NG', '+234'],
    ['AU', '+61'],
    ['MX', '+52'],
    ['EG', '+20'],
    ['CA', '+1'],
    ['JM', '+1-876'],
  ])('%s dials %s', (iso, dial) => {
    expect(byCode.get(iso)?.dial).toBe(dial);
  });

  it('makes flags from the ISO code', () => {
    expect(flagOf('FR')).toBe('🇫🇷');
    expect(flagOf('gb')).toBe('🇬🇧');
  });
});
