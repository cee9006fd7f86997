import type { AuditEntry } from '@ledgerdesk/contracts';
import { Anchor, Badge, Button, Code, Pill, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { SearchInput } from '../../components/SearchInput';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { useCan } from '../../lib/permissions';
import { useTableUrlState } from '../../lib/table-url-state';
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

function ActorFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (id: string | null) => void;
}) {
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
      label="Actor"
      placeholder="Anyone"
      data={data}
      value={value ?? null}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? 'Searching...' : 'No user found'}
      clearable
      w={{ base: '100%', sm: 200 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function AuditPage() {
  usePageTitle('Audit log');
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
        header: 'Time',
        enableSorting: true,
        cell: ({ row, getValue }) => (
          // The keyboard way to open an entry (a click anywhere on the row does the same).
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => openEntry(row.original.id)}
            style={{ whiteSpace: 'nowrap' }}
            aria-label={`${formatDateTime(getValue())}: show the entry`}
          >
            {formatDateTime(getValue())}
          </Anchor>
        ),
      }),
      column.accessor('actorLabel', {
        header: 'Actor',
        cell: ({ getValue }) => <Text size="sm">{getValue() || '—'}</Text>,
      }),
      column.accessor('action', {
        header: 'Action',
        enableSorting: true,
        cell: ({ getValue }) => (
          <Badge variant="light" tt="none" color={getValue() === 'delete' ? 'red' : 'blue'}>
            {getValue()}
          </Badge>
        ),
      }),
      column.accessor('entity', { header: 'Entity', enableSorting: true }),
      column.accessor('entityKey', {
        header: 'Key',
        cell: ({ getValue }) => (
          <Code fz="xs" style={{ whiteSpace: 'nowrap' }}>
            {getValue()}
          </Code>
        ),
      }),
    ],
    [openEntry],
  );

  const filtered = Boolean(table.search || Object.keys(filters).length);

  const toolbar = (
    <>
      <SearchInput placeholder="Actor, action, key" value={table.search} onChange={table.setSearch} />
      <ActorFilter value={filters.actor} onChange={(id) => setFilter('actor', id)} />
      <Select
        label="Entity"
        placeholder="Any entity"
        data={withCurrent(knownEntities, filters.entity)}
        value={filters.entity ?? null}
        onChange={(value) => setFilter('entity', value)}
        clearable
        w={{ base: 'calc(50% - 6px)', xs: 130 }}
      />
      <Select
        label="Action"
        placeholder="Any action"
        data={withCurrent(knownActions, filters.action)}
        value={filters.action ?? null}
        onChange={(value) => setFilter('action', value)}
        clearable
        searchable
        w={{ base: 'calc(50% - 6px)', xs: 170 }}
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        label="From"
        type="date"
        value={filters.from ?? ''}
        max={filters.to}
        onChange={(event) => setFilter('from', event.currentTarget.value)}
        w={{ base: 'calc(50% - 6px)', xs: 140 }}
      />
      <TextInput
        label="To"
        type="date"
        value={filters.to ?? ''}
        min={filters.from}
        onChange={(event) => setFilter('to', event.currentTarget.value)}
        w={{ base: 'calc(50% - 6px)', xs: 140 }}
      />
      {filters.entityKey ? (
        <Pill
          size="lg"
          withRemoveButton
          onRemove={() => setFilter('entityKey', null)}
          removeButtonProps={{ 'aria-label': 'Remove the key filter' }}
          mb={4}
        >
          Key: {filters.entityKey}
        </Pill>
      ) : null}
      {filtered ? (
        <Button variant="subtle" onClick={table.clearFilters}>
          Clear filters
        </Button>
      ) : null}
    </>
  );

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change made through Ledgerdesk: who, what, when and from where."
        breadcrumbs={[{ label: 'Dashboard', to: '/' }, { label: 'Administration' }, { label: 'Audit log' }]}
      />

      <DataTable
        label="Audit log"
        columns={columns}
        data={entries.data}
        state={table}
        fetching={entries.isFetching}
        error={entries.error}
        onRetry={() => void entries.refetch()}
        emptyMessage="No entries found"
        noun={['entry', 'entries']}
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
