import type { UserOption } from '@ledgerdesk/contracts';
import { MultiSelect, type OptionsFilter, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../lib/api';
import { queryKeys } from '../lib/query-keys';

type Option = { value: string; label: string };

interface PickerProps {
  label: string;
  error?: string;
  required?: boolean;
  description?: string;
  placeholder?: string;
}

/**
 * What a search-as-you-type Select or MultiSelect needs: the search box, the options the server's
 * search finds plus the ones already picked (fetched by key, so their names show even when the
 * search does not find them), and a filter that keeps every option, since the server filtered them.
 */
function useServerSearch(
  source: string,
  picked: string[],
  find: (search: string, signal: AbortSignal) => Promise<Option[]>,
  named: (keys: string[], signal: AbortSignal) => Promise<Option[]>,
) {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, 250);
  const found = useQuery({
    queryKey: [...queryKeys.all(source), 'picker', 'search', term],
    queryFn: ({ signal }) => find(term, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const known = useQuery({
    queryKey: [...queryKeys.all(source), 'picker', 'keys', [...picked].sort()],
    queryFn: ({ signal }) => named(picked, signal),
    enabled: picked.length > 0,
    staleTime: 60_000,
  });
  const byValue = new Map<string, Option>();
  for (const option of [...(known.data ?? []), ...(found.data ?? [])]) byValue.set(option.value, option);
  const keepAll: OptionsFilter = ({ options }) => options;
  return {
    data: [...byValue.values()],
    searchable: true,
    clearable: true,
    searchValue: search,
    onSearchChange: setSearch,
    filter: keepAll,
    nothingFoundMessage: found.isFetching ? '…' : undefined,
  };
}

const toOptions = (users: UserOption[]) => users.map((user) => ({ value: user.id, label: user.name }));
const findUsers = (search: string, signal: AbortSignal) =>
  api
    .get<{ results: UserOption[] }>('/users/options/', { query: { search }, signal })
    .then((answer) => toOptions(answer.results));
const namedUsers = (ids: string[], signal: AbortSignal) =>
  api
    .get<{ results: UserOption[] }>('/users/options/', { query: { ids: ids.join(',') }, signal })
    .then((answer) => toOptions(answer.results));

interface SinglePickerProps extends PickerProps {
  value: string | null;
  onChange: (value: string | null) => void;
}
interface MultiPickerProps extends PickerProps {
  value: string[];
  onChange: (value: string[]) => void;
}

/** One colleague, found by name or email. */
export function UserPicker({ value, onChange, ...props }: SinglePickerProps) {
  const search = useServerSearch('/users/options', value ? [value] : [], findUsers, namedUsers);
  return <Select {...props} {...search} value={value} onChange={onChange} />;
}

/** Several colleagues, found by name or email. */
export function UsersPicker({ value, onChange, ...props }: MultiPickerProps) {
  const search = useServerSearch('/users/options', value, findUsers, namedUsers);
  return <MultiSelect {...props} {...search} value={value} onChange={onChange} />;
}

interface ReferencePickerProps extends SinglePickerProps {
  /** The other resource's list path ("/apps/customer"). */
  api: string;
  keyOf: (record: never) => string;
  labelOf: (record: never) => string;
  /** Choices offered before the records found (a filter's "none"). */
  extraOptions?: Option[];
}

/** A record of another resource, found by searching its list. */
export function ReferencePicker({
  api: path,
  keyOf,
  labelOf,
  value,
  onChange,
  extraOptions = [],
  ...props
}: ReferencePickerProps) {
  const toOption = (record: never) => ({ value: keyOf(record), label: labelOf(record) });
  const search = useServerSearch(
    path,
    value ? [value] : [],
    (term, signal) =>
      api
        .get<{ results: never[] }>(path, { query: { search: term, pageSize: 20 }, signal })
        .then((page) => page.results.map(toOption)),
    (keys, signal) =>
      Promise.all(
        keys
          .filter((key) => !extraOptions.some((option) => option.value === key))
          .map((key) => api.get<never>(`${path}/${key}`, { signal }).then(toOption)),
      ),
  );
  return (
    <Select
      {...props}
      {...search}
      data={[...extraOptions, ...search.data]}
      value={value}
      onChange={onChange}
    />
  );
}
