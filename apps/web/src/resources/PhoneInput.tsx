import type { CountryRecord } from '@ledgerdesk/contracts';
import { Group, Input, Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api';
import { resourceKeys } from '../lib/query-keys';
import { countryOfNumber, localPart } from './phone';

interface PhoneInputProps {
  label: string;
  /** The whole number as stored: "+44 7287 335877". */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  description?: string;
}

/** The country list (GET /countries: reference data, the same for everyone, fetched once). */
function useCountries() {
  return useQuery({
    queryKey: resourceKeys.countries,
    queryFn: ({ signal }) =>
      api.get<{ results: CountryRecord[] }>('/countries', { query: { pageSize: 500 }, signal, auth: false }),
    select: (page) => page.results,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * A phone number as a country (flag and dial prefix, from the country list) and the number within
 * it; stored as one string, "+<prefix> <number>". A number without a known prefix is kept as typed.
 */
export function PhoneInput({
  label,
  value,
  onChange,
  onBlur,
  error,
  required,
  description,
}: PhoneInputProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const countries = useCountries();
  const list = countries.data ?? [];
  // The country picked decides between countries of one prefix, and stays picked while the number
  // is still empty (no prefix to detect it by).
  const [picked, setPicked] = useState<string | null>(null);
  const detected = useMemo(() => countryOfNumber(list, value, picked), [list, value, picked]);
  const country = detected ?? list.find((candidate) => candidate.isoCode === picked);
  const local = localPart(value, detected);

  const compose = (next: CountryRecord | undefined, number: string) =>
    onChange(next && number.trim() ? `${next.countryCode} ${number.trim()}` : number.trim());

  return (
    <Input.Wrapper
      label={label}
      error={error}
      required={required}
      description={description}
      labelProps={{ htmlFor: id }}
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        <Select
          aria-label={t('phone.country', { field: label })}
          w={150}
          searchable
          clearable
          data={list.map((entry) => ({
            value: entry.isoCode,
            label: `${entry.flag} ${entry.countryCode} ${entry.countryName}`,
          }))}
          value={country?.isoCode ?? null}
          onChange={(isoCode) => {
            setPicked(isoCode);
            compose(
              list.find((entry) => entry.isoCode === isoCode),
              local,
            );
          }}
          placeholder={t('phone.prefix')}
          error={Boolean(error)}
          comboboxProps={{ width: 300, position: 'bottom-start' }}
        />
        <TextInput
          id={id}
          type="tel"
          style={{ flex: 1 }}
          value={local}
          onChange={(event) => compose(country, event.currentTarget.value)}
          onBlur={onBlur}
          error={Boolean(error)}
        />
      </Group>
    </Input.Wrapper>
  );
}
