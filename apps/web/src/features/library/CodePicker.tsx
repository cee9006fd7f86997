import type { CodeLevel } from '@ledgerdesk/contracts';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Ref, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCode, useCodeOptions } from './api';
import { codeLabel, levelLabel } from './levels';

interface CodePickerProps
  extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'> {
  /** The level of the codes offered. */
  level: CodeLevel;
  value: string | null;
  onChange: (id: string | null) => void;
  /** A code not to offer (moving a code under itself is refused anyway). */
  exclude?: string;
  ref?: Ref<HTMLInputElement>;
}

/** Chooses a code of one level, searched on the server as the user types (full code or description). */
export function CodePicker({ level, value, onChange, exclude, ref, ...props }: CodePickerProps) {
  const { t } = useTranslation('library');
  const [search, setSearch] = useState('');
  const chosen = useCode(value);
  const chosenLabel = chosen.data ? codeLabel(chosen.data) : undefined;
  // The box shows the chosen code's label: that is no search, offer the first codes instead.
  const term = search === chosenLabel ? '' : search.trim();
  const [debounced] = useDebouncedValue(term, 250);
  const options = useCodeOptions(level, debounced);

  const data = useMemo(() => {
    const list = (options.data ?? [])
      .filter((code) => code.id !== exclude)
      .map((code) => ({ value: code.id, label: codeLabel(code) }));
    if (chosen.data && !list.some((option) => option.value === chosen.data.id))
      list.unshift({ value: chosen.data.id, label: codeLabel(chosen.data) });
    return list;
  }, [options.data, chosen.data, exclude]);

  return (
    <Select
      ref={ref}
      placeholder={t('picker.placeholder', { level: levelLabel(level) })}
      {...props}
      data={data}
      value={value}
      onChange={(id) => onChange(id)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={
        options.isFetching ? t('searching') : t('picker.nothing', { level: levelLabel(level) })
      }
      comboboxProps={{ withinPortal: true, ...props.comboboxProps }}
    />
  );
}
