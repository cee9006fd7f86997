import { nftCategories, nftFileTypes, nftItemOrderings, nftSales } from '@ledgerdesk/contracts';
import {
  Button,
  Chip,
  CloseButton,
  Collapse,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../components/SearchInput';
import { type TableUrlState, useTableUrlState } from '../../lib/table-url-state';
import { ClearFiltersButton } from '../../resources/ResourceFilters';
import { ETH_PATTERN } from './format';
import classes from './nft.module.css';

export const itemFilterNames = [
  'category',
  'fileType',
  'sales',
  'minPrice',
  'maxPrice',
  'creator',
  'collection',
] as const;
export type ItemFilter = (typeof itemFilterNames)[number];
export type ItemsTable = TableUrlState<ItemFilter>;

/** The items' filters, ordering and page, in the URL (explore, the marketplace, the auctions). */
export function useItemsTable(defaultPageSize = 12) {
  return useTableUrlState({ filters: itemFilterNames, orderings: nftItemOrderings, defaultPageSize });
}

/** The orderings offered, as the list call takes them; the first is the server's default. */
const orderings = ['-createdAt', 'price', '-price', '-likes', 'endsAt', '-highestBid'] as const;

/** Newest first, price up or down, most liked, ending soonest, highest bid. */
export function OrderingSelect({ table }: { table: ItemsTable }) {
  const { t } = useTranslation('nft');
  return (
    <Select
      label={t('filters.ordering')}
      value={table.ordering ?? '-createdAt'}
      onChange={(value) => table.setOrdering(value === '-createdAt' ? undefined : (value ?? undefined))}
      data={orderings.map((value) => ({ value, label: t(`orderings.${value}`) }))}
      allowDeselect={false}
      w={{ base: '100%', xs: 200 }}
    />
  );
}

/** The categories as chips, one at a time ("All" removes the filter). */
export function CategoryChips({ table }: { table: ItemsTable }) {
  const { t } = useTranslation('nft');
  return (
    <Chip.Group
      value={table.filters.category ?? 'all'}
      onChange={(value) => table.setFilter('category', value === 'all' ? null : String(value))}
    >
      <Group gap="xs" role="radiogroup" aria-label={t('fields.category')} className={classes.chips}>
        {['all', ...nftCategories].map((category) => (
          <Chip key={category} value={category} size="sm" type="radio">
            {category === 'all' ? t('filters.all') : t(`values.category.${category}`)}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

/** An amount typed by the reader, put in the URL when they pause or leave the box (a decimal only). */
function PriceInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation('nft');
  const [draft, setDraft] = useState(value ?? '');
  useEffect(() => setDraft(value ?? ''), [value]);
  const valid = draft.trim() === '' || ETH_PATTERN.test(draft.trim());
  useEffect(() => {
    if (!valid || draft.trim() === (value ?? '')) return;
    const timer = setTimeout(() => onChange(draft.trim() || null), 500);
    return () => clearTimeout(timer);
  }, [draft, valid, value, onChange]);
  return (
    <TextInput
      label={label}
      value={draft}
      onChange={(event) => setDraft(event.currentTarget.value)}
      inputMode="decimal"
      rightSection={
        <Text size="xs" c="dimmed" aria-hidden="true">
          ETH
        </Text>
      }
      rightSectionWidth={40}
      error={valid ? undefined : t('filters.priceInvalid')}
    />
  );
}

/**
 * Explore's filters: search, category, file type, sale (on auction, has offers) and price range;
 * and, when a link chose them (a creator's card, a collection of the ranking), the creator or the
 * collection, named (`names`, from the items found) with a way to remove it.
 */
export function ItemFilters({
  table,
  names,
}: {
  table: ItemsTable;
  names: { creator?: string; collection?: string };
}) {
  const { t } = useTranslation(['nft', 'common']);
  // Beside the grid on a wide screen; above it on a narrow one, folded under a button but the search.
  const narrow = useMediaQuery('(max-width: 62em)') ?? false;
  const [opened, setOpened] = useState(false);
  const chosen = (['category', 'fileType', 'sales', 'minPrice', 'maxPrice'] as const).filter(
    (name) => table.filters[name],
  ).length;
  const select = (name: 'category' | 'fileType' | 'sales', options: readonly string[]) => (
    <Select
      label={t(`fields.${name}`)}
      placeholder={t('common:resource.any')}
      value={table.filters[name] ?? null}
      onChange={(value) => table.setFilter(name, value)}
      data={options.map((value) => ({ value, label: t(`values.${name}.${value}`) }))}
      clearable
    />
  );
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={t('filters.title')}
      className={classes.filters}
    >
      <Stack gap="sm">
        {(['creator', 'collection'] as const).map((name) =>
          table.filters[name] ? (
            <Group key={name} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" truncate>
                {t(`filters.${name}`, { name: names[name] ?? '…' })}
              </Text>
              <CloseButton
                size="sm"
                aria-label={t('filters.remove', { filter: t(`fields.${name}`) })}
                onClick={() => table.setFilter(name, null)}
              />
            </Group>
          ) : null,
        )}
        <SearchInput
          value={table.search}
          onChange={table.setSearch}
          label={t('common:resource.search')}
          placeholder={t('filters.searchPlaceholder')}
        />
        {narrow ? (
          <Button
            variant="default"
            onClick={() => setOpened((open) => !open)}
            aria-expanded={opened}
            aria-controls="item-filters"
            rightSection={
              <IconChevronDown
                size={16}
                aria-hidden="true"
                style={{ transform: opened ? 'rotate(180deg)' : undefined }}
              />
            }
          >
            {chosen > 0 ? t('filters.more', { chosen }) : t('filters.title')}
          </Button>
        ) : null}
        <Collapse expanded={!narrow || opened} id="item-filters">
          <Stack gap="sm">
            {select('category', nftCategories)}
            {select('fileType', nftFileTypes)}
            {select('sales', nftSales)}
            <Group grow gap="xs" align="flex-start">
              <PriceInput
                label={t('filters.minPrice')}
                value={table.filters.minPrice}
                onChange={(value) => table.setFilter('minPrice', value)}
              />
              <PriceInput
                label={t('filters.maxPrice')}
                value={table.filters.maxPrice}
                onChange={(value) => table.setFilter('maxPrice', value)}
              />
            </Group>
          </Stack>
        </Collapse>
        <ClearFiltersButton table={table} />
      </Stack>
    </Paper>
  );
}
