import type { SearchHit } from '@ledgerdesk/contracts';
import { Badge, Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLibrarySearch } from './api';
import { levelLabel } from './levels';
import classes from './library.module.css';

/** A search over the codes of all four levels: choosing a hit opens it in the browser. */
export function CodeSearch({
  onChoose,
  label,
}: {
  onChoose: (hit: SearchHit) => void;
  /** A visible label; without one the box is labelled "Find a code" for assistive technology. */
  label?: string;
}) {
  const { t } = useTranslation('library');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const hits = useLibrarySearch(debounced);
  const byId = useMemo(() => new Map((hits.data ?? []).map((hit) => [hit.code.id, hit])), [hits.data]);
  const data = useMemo(
    () =>
      (hits.data ?? []).map((hit) => ({
        value: hit.code.id,
        label: `${hit.code.codeComb} ${hit.code.description}`,
      })),
    [hits.data],
  );

  return (
    <Select
      label={label}
      aria-label={label ? undefined : t('search.label')}
      placeholder={t('search.placeholder')}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      data={debounced ? data : []}
      value={null}
      onChange={(id) => {
        const hit = id ? byId.get(id) : undefined;
        if (!hit) return;
        setSearch('');
        onChoose(hit);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={!debounced ? undefined : hits.isFetching ? t('searching') : t('search.nothing')}
      renderOption={({ option }) => {
        const hit = byId.get(option.value);
        if (!hit) return option.label;
        return (
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Badge size="sm" variant="light" radius="sm" style={{ flex: 'none' }}>
              {levelLabel(hit.code.level)}
            </Badge>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" truncate="end">
                <span className={classes.mono}>{hit.code.codeComb}</span> {hit.code.description}
                {hit.isActive ? '' : ` ${t('search.inactive')}`}
              </Text>
              {hit.path.length ? (
                <Text size="xs" c="dimmed" truncate="end">
                  {hit.path.map((ref) => ref.description).join(' › ')}
                </Text>
              ) : null}
            </Stack>
          </Group>
        );
      }}
      w={{ base: '100%', sm: 360 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
