import type { AuditEntry } from '@ledgerdesk/contracts';
import { Anchor, Badge, Code, Pill, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../components/DataTable';
import { DateField } from '../../components/DateField';
import { PageHeader } from '../../components/PageHeader';
import { SearchInput } from '../../components/SearchInput';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { useCan } from '../../lib/permissions';
import { useTableUrlState } from '../../lib/table-url-state';
import { ClearFiltersButton } from '../../resources/ResourceFilters';
import { AuditEntryDrawer } from './AuditEntryDrawer';
import { auditFilters, useActor, useActorOptions, useAuditEntries } from './api';

/** The entities and actions the server records today; a value from the URL is offered too. */
const knownEntities = ['user', 'group', 'session'];
const knownActions = [
  'create',
  'update',
  'delete',
  'signup',
  'login',
  'logout',
  'password.change',
  'password.reset',
  'password.set',
  'password.reset-mail',
  'password.welcome-mail',
  'session.revoke',
  'session.revoke-others',
];

function withCurrent(options: string[], current: string | undefined) {
  return current && !options.includes(current) ? [...options, current] : options;
}

const column = createColumnHelper<AuditEntry>();

/**
 * The filters share the toolbar's line: each shrinks to 120 px before one moves to the next line,
 * so that "Clear filters" fits beside them at 1440 px (two to a line on a phone).
 */
const filterWidth = { flex: '1 1 120px', minWidth: 0, maxWidth: 200 };

function ActorFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (id: string | null) => void;
}) {
  const { t } = useTranslation('audit');
  const can = useCan();
  const enabled = can('users.view');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const options = useActorOptions(debounced, enabled);
  const chosen = useActor(value, enabled);
  const data = useMemo(() => {
    const list = [...(options.data ?? [])];
    if (chosen.data && !list.some((option) => option.value === chosen.data.value)) list.unshift(chosen.data);
    return list;
  }, [options.data, chosen.data]);

  if (!enabled) return null;
  return (
    <Select
      label={t('columns.actor')}
      placeholder={t('filters.anyone')}
      data={data}
      value={value ?? null}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? t('filters.searching') : t('filters.noUserFound')}
      clearable
      style={filterWidth}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function AuditPage() {
  const { t } = useTranslation('audit');
  usePageTitle(t('title'));
  const table = useTableUrlState({ filters: auditFilters });
  const entries = useAuditEntries(table.query);
  const [params, setParams] = useSearchParams();
  const entryId = params.get('entry');
  const { filters, setFilter } = table;

  const openEntry = useCallback(
    (id: string | null) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        if (id) next.set('entry', id);
        else next.delete('entry');
        return next;
      }),
    [setParams],
  );

  const columns = useMemo(
    () => [
      column.accessor('at', {
        header: t('columns.time'),
        enableSorting: true,
        cell: ({ row, getValue }) => (
          // The keyboard way to open an entry (a click anywhere on the row does the same).
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => openEntry(row.original.id)}
            style={{ whiteSpace: 'nowrap' }}
            aria-label={t('showEntry', { time: formatDateTime(getValue()) })}
          >
            {formatDateTime(getValue())}
          </Anchor>
        ),
      }),
      column.accessor('actorLabel', {
        header: t('columns.actor'),
        meta: { grow: true },
        cell: ({ getValue }) => <Text size="sm">{getValue() || '—'}</Text>,
      }),
      column.accessor('action', {
        header: t('columns.action'),
        enableSorting: true,
        cell: ({ getValue }) => (
          <Badge variant="light" tt="none" color={getValue() === 'delete' ? 'red' : 'blue'}>
            {getValue()}
          </Badge>
        ),
      }),
      column.accessor('entity', { header: t('columns.entity'), enableSorting: true }),
      column.accessor('entityKey', {
        header: t('columns.key'),
        cell: ({ getValue }) => (
          <Code fz="xs" style={{ whiteSpace: 'nowrap' }}>
            {getValue()}
          </Code>
        ),
      }),
    ],
    [openEntry, t],
  );

  const toolbar = (
    <>
      <SearchInput placeholder={t('searchPlaceholder')} value={table.search} onChange={table.setSearch} />
      <ActorFilter value={filters.actor} onChange={(id) => setFilter('actor', id)} />
      <Select
        label={t('columns.entity')}
        placeholder={t('filters.anyEntity')}
        data={withCurrent(knownEntities, filters.entity)}
        value={filters.entity ?? null}
        onChange={(value) => setFilter('entity', value)}
        clearable
        style={filterWidth}
      />
      <Select
        label={t('columns.action')}
        placeholder={t('filters.anyAction')}
        data={withCurrent(knownActions, filters.action)}
        value={filters.action ?? null}
        onChange={(value) => setFilter('action', value)}
        clearable
        searchable
        style={filterWidth}
        comboboxProps={{ withinPortal: true }}
      />
      <DateField
        label={t('filters.from')}
        value={filters.from ?? null}
        maxDate={filters.to}
        onChange={(value) => setFilter('from', value)}
        style={filterWidth}
      />
      <DateField
        label={t('filters.to')}
        value={filters.to ?? null}
        minDate={filters.from}
        onChange={(value) => setFilter('to', value)}
        style={filterWidth}
      />
      {filters.entityKey ? (
        <Pill
          size="lg"
          withRemoveButton
          onRemove={() => setFilter('entityKey', null)}
          removeButtonProps={{ 'aria-label': t('filters.removeKey') }}
          mb={4}
        >
          {t('filters.key', { key: filters.entityKey })}
        </Pill>
      ) : null}
      <ClearFiltersButton table={table} />
    </>
  );

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />

      <DataTable
        label={t('title')}
        columns={columns}
        data={entries.data}
        state={table}
        fetching={entries.isFetching}
        error={entries.error}
        onRetry={() => void entries.refetch()}
        emptyMessage={t('empty')}
        noun={[t('noun.one'), t('noun.many')]}
        getRowId={(entry) => entry.id}
        toolbar={toolbar}
        onRowClick={(entry) => openEntry(entry.id)}
      />

      <AuditEntryDrawer
        entryId={entryId}
        fromList={entries.data?.results.find((entry) => entry.id === entryId)}
        onClose={() => openEntry(null)}
      />
    </>
  );
}

export { AuditPage as Component };
