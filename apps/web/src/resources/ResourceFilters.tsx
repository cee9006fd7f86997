import { Box, Button, Select } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../components/SearchInput';
import type { TableUrlState } from '../lib/table-url-state';
import { valueLabel } from './ResourceForm';
import type { ResourceDefinition } from './types';

/** Whether the list is narrowed by a search or a filter. */
export const isFiltered = (table: Pick<TableUrlState<string>, 'search' | 'filters'>) =>
  Boolean(table.search) || Object.keys(table.filters).length > 0;

/**
 * A resource list's search box, its filters as selects and "Clear filters", all kept in the URL
 * (the table's toolbar; card views use it too).
 */
export function ResourceFilters<Rec, Values>({
  def,
  table,
}: {
  def: ResourceDefinition<Rec, Values>;
  table: TableUrlState;
}) {
  const { t } = useTranslation([def.ns, 'common']);
  return (
    <>
      <SearchInput
        value={table.search}
        onChange={table.setSearch}
        label={t('common:resource.search')}
        placeholder={t('common:resource.searchPlaceholder', { many: t('many') })}
      />
      {(def.filters ?? []).map((filter) => {
        const bound = {
          label: t(`fields.${filter.name}`),
          value: table.filters[filter.name] ?? null,
          onChange: (value: string | null) => table.setFilter(filter.name, value),
        };
        return (
          // Two to a line on a phone.
          <Box key={filter.name} w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', sm: 170 }}>
            {'input' in filter ? (
              <filter.input {...bound} />
            ) : (
              <Select
                {...bound}
                placeholder={t('common:resource.any')}
                data={filter.options.map((option) => ({
                  value: option,
                  label: valueLabel(t, filter.name, option),
                }))}
                clearable
              />
            )}
          </Box>
        );
      })}
      <ClearFiltersButton table={table} />
    </>
  );
}

/** "Clear filters" at the end of a list's toolbar, while a search or a filter narrows the list. */
export function ClearFiltersButton<Filter extends string>({ table }: { table: TableUrlState<Filter> }) {
  const { t } = useTranslation('common');
  if (!isFiltered(table)) return null;
  return (
    <Button
      variant="subtle"
      px="xs"
      leftSection={<IconX size={16} aria-hidden="true" />}
      onClick={table.clearFilters}
    >
      {t('resource.clearFilters')}
    </Button>
  );
}
