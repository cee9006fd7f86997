import type { CountryRecord } from '@ledgerdesk/contracts';
import { describe, expect, it } from 'vitest';
import { countryOfNumber, localPart } from './phone';

const country = (isoCode: string, countryName: string, countryCode: string): CountryRecord => ({
  id: 0,
  isoCode,
  countryName,
  countryCode,
  flag: '',
});
const countries = [
  country('AG', 'Antigua and Barbuda', '+1-268'),
  country('US', 'United States', '+1'),
  country('CA', 'Canada', '+1'),
  country('GB', 'United Kingdom', '+44'),
  country('FR', 'France', '+33'),
];

describe('phone numbers', () => {
  it('find their country by the longest dial prefix', () => {
    expect(countryOfNumber(countries, '+44 7287 335877')?.isoCode).toBe('GB');
    expect(countryOfNumber(countries, '+1-268 464 1234')?.isoCode).toBe('AG');
    expect(countryOfNumber(countries, '+1 212 555 0100')?.isoCode).toBe('US');
    expect(countryOfNumber(countries, '+1 416 555 0100', 'CA')?.isoCode).toBe('CA');
    expect(countryOfNumber(countries, '07287 335877')).toBeUndefined();
  });

  it('split off the prefix, keeping the number as typed', () => {
    expect(localPart('+44 7287 335877', countries[3])).toBe('7287 335877');
    expect(localPart('+1-268 464 1234', countries[0])).toBe('464 1234');
    expect(localPart('07287 335877', undefined)).toBe('07287 335877');
  });
});
