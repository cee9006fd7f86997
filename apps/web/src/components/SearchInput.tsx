import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface SearchInputProps {
  /** The search in effect (from the URL). */
  value: string;
  /** Called once typing pauses for `delay` ms, or at once on Enter and on clearing. */
  onChange: (value: string) => void;
  /** The visible label (default "Search", in the current language). */
  label?: string;
  placeholder?: string;
  delay?: number;
}

/** A search box that waits for a pause in typing before it searches. */
export function SearchInput({ value, onChange, label, placeholder, delay = 350 }: SearchInputProps) {
  const { t } = useTranslation();
  const shown = label ?? t('actions.search');
  const [draft, setDraft] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(onChange);
  latest.current = onChange;

  // The URL changed by other means (back button, "clear filters"): show what is in effect.
  useEffect(() => {
    setDraft((current) => (current.trim() === value ? current : value));
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (next: string) => {
    clearTimeout(timer.current);
    if (next.trim() !== value) latest.current(next.trim());
  };

  return (
    <TextInput
      type="search"
      label={shown}
      placeholder={placeholder ?? shown}
      value={draft}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      rightSection={
        draft ? (
          <CloseButton
            size="sm"
            aria-label={t('actions.clearSearch')}
            onClick={() => {
              setDraft('');
              commit('');
            }}
          />
        ) : null
      }
      onChange={(event) => {
        const next = event.currentTarget.value;
        setDraft(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => commit(next), delay);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(event.currentTarget.value);
      }}
      w={{ base: '100%', sm: 240 }}
    />
  );
}
