import type { CodeLevel, CodeRecord } from '@ledgerdesk/contracts';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  Progress,
  Select,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowsMove,
  IconDownload,
  IconEye,
  IconEyeOff,
  IconFolderOpen,
  IconPencil,
  IconPlus,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import {
  type ColumnDef,
  createColumnHelper,
  type OnChangeFn,
  type RowSelectionState,
} from '@tanstack/react-table';
import { type ComponentType, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { SearchInput } from '../../components/SearchInput';
import { i18n } from '../../i18n';
import { errorMessageOf } from '../../lib/api';
import {
  formatBytes,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatQuantity,
} from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { usePageTitle } from '../../lib/page-title';
import { useCan } from '../../lib/permissions';
import { useTableUrlState } from '../../lib/table-url-state';
import { ClearFiltersButton, isFiltered } from '../../resources/ResourceFilters';
import { actionsColumn, DeleteMenuItem } from '../../resources/ResourceTable';
import {
  type BlockedCode,
  blockedCodesOf,
  codeFilters,
  exportCodes,
  exportLibrary,
  useBulkDelete,
  useBulkSetActive,
  useCode,
  useCodes,
  useUpdateCode,
} from './api';
import { CodeFormModal, type CodeFormState } from './CodeFormModal';
import { CodePicker } from './CodePicker';
import { DeleteCodeDialog } from './DeleteCodeDialog';
import { LibraryTabs } from './LibraryTabs';
import { browserUrl, codeLabel, levelLabel, parentLevel, toRef, updateBodyOf } from './levels';
import classes from './library.module.css';
import { MoveCodeModal } from './MoveCodeModal';

const column = createColumnHelper<CodeRecord>();

/**
 * The width of a column of codes, figures, badges or dates, which never wrap: as narrow as its
 * content, so that the space left goes to the description.
 */
const SNUG = '1%';

/** Saves the CSV of a code and the codes below it. */
async function exportSubtree(record: CodeRecord) {
  try {
    const saved = await exportLibrary(toRef(record));
    notifySuccess(i18n.t('library:export.saved', { file: saved.fileName, size: formatBytes(saved.size) }), {
      title: i18n.t('library:export.ready'),
    });
  } catch (error) {
    notifyError(errorMessageOf(error), { title: i18n.t('library:export.failed') });
  }
}

type BulkDeleteState = { step: 'confirm' } | { step: 'cascade'; blocked: BlockedCode[] } | null;

function LevelListPage({ level }: { level: CodeLevel }) {
  const { t } = useTranslation('library');
  const title = t('tabs.level', { level: levelLabel(level) });
  usePageTitle(title);
  const can = useCan();
  const mayManage = can('library.manage');
  const navigate = useNavigate();
  const table = useTableUrlState({ filters: codeFilters });
  const codes = useCodes(level, table.query);
  const above = parentLevel(level);
  const parentFilter = useCode(table.filters.parent);

  const [form, setForm] = useState<CodeFormState>({ mode: 'closed' });
  const [toMove, setToMove] = useState<CodeRecord | null>(null);
  const [toDelete, setToDelete] = useState<CodeRecord | null>(null);
  const [bulkDelete, setBulkDelete] = useState<BulkDeleteState>(null);
  const [exportState, setExportState] = useState<{ received: number } | null>(null);
  const exportAbort = useRef<AbortController | null>(null);
  const update = useUpdateCode(level);
  const removeMany = useBulkDelete(level);
  const setActiveMany = useBulkSetActive(level);

  // The selection, kept across pages: the rows themselves, for the bulk actions.
  const [selected, setSelected] = useState<Map<string, CodeRecord>>(() => new Map());
  const rowSelection = useMemo<RowSelectionState>(
    () => Object.fromEntries([...selected.keys()].map((id) => [id, true])),
    [selected],
  );
  const onSelectionChange: OnChangeFn<RowSelectionState> = (updater) => {
    const next = typeof updater === 'function' ? updater(rowSelection) : updater;
    const shown = new Map((codes.data?.results ?? []).map((record) => [record.id, record]));
    setSelected((previous) => {
      const kept = new Map<string, CodeRecord>();
      for (const [id, on] of Object.entries(next)) {
        const record = on ? (shown.get(id) ?? previous.get(id)) : undefined;
        if (record) kept.set(id, record);
      }
      return kept;
    });
  };
  // Selected rows shown again after a change: keep their current state.
  useEffect(() => {
    const results = codes.data?.results;
    if (!results) return;
    setSelected((previous) => {
      if (!results.some((record) => previous.has(record.id))) return previous;
      const next = new Map(previous);
      for (const record of results) if (next.has(record.id)) next.set(record.id, record);
      return next;
    });
  }, [codes.data]);
  const selectedRows = [...selected.values()];
  const clearSelection = () => setSelected(new Map());

  /** Saves the chosen codes, or the list as filtered (`null`), as CSV made by the server. */
  const exportRows = async (chosen: CodeRecord[] | null) => {
    const controller = new AbortController();
    exportAbort.current = controller;
    setExportState({ received: 0 });
    try {
      const saved = await exportCodes(level, chosen ? { chosen } : { query: table.query }, {
        signal: controller.signal,
        onProgress: ({ received }) => setExportState({ received }),
      });
      notifySuccess(t('export.saved', { file: saved.fileName, size: formatBytes(saved.size) }), {
        title: t('export.ready'),
      });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError'))
        notifyError(errorMessageOf(error), { title: t('export.failed') });
    } finally {
      exportAbort.current = null;
      setExportState(null);
    }
  };

  const columns = useMemo(() => {
    // biome-ignore lint/suspicious/noExplicitAny: columns of different value types in one list (TanStack's own idiom).
    const list: ColumnDef<CodeRecord, any>[] = [
      column.accessor('codeComb', {
        header: t('fields.code'),
        enableSorting: true,
        meta: { width: SNUG },
        cell: ({ row }) => (
          <Anchor
            component={Link}
            to={browserUrl(row.original.id)}
            className={classes.mono}
            fw={700}
            size="sm"
            style={{ whiteSpace: 'nowrap' }}
          >
            {row.original.codeComb}
          </Anchor>
        ),
      }),
      column.accessor('description', {
        header: t('fields.description'),
        enableSorting: true,
        meta: { grow: true },
        // The parent under the description, not in a column of its own: the list fits 1280 px.
        cell: ({ row }) => {
          const { description, parent } = row.original;
          return (
            <div className={classes.described}>
              <Text size="sm" lineClamp={2} title={description}>
                {description}
              </Text>
              {parent ? (
                <Text
                  size="xs"
                  c="dimmed"
                  truncate="end"
                  className={classes.parentLine}
                  title={`${parent.codeComb} ${parent.description}`}
                >
                  <VisuallyHidden>{t('list.parent', { level: levelLabel(above ?? 1) })}: </VisuallyHidden>
                  <span className={classes.mono}>{parent.codeComb}</span> {parent.description}
                </Text>
              ) : null}
            </div>
          );
        },
      }),
    ];
    if (level === 4) {
      list.push(
        column.accessor('unitPrice', {
          header: t('fields.unitPrice'),
          meta: { align: 'right', width: SNUG },
          cell: ({ getValue }) => <span className={classes.figure}>{formatMoney(getValue())}</span>,
        }),
        // The unit beside the quantity it counts ("12.500 m³"): one column less.
        column.accessor('quantity', {
          header: t('fields.quantity'),
          meta: { align: 'right', width: SNUG },
          cell: ({ row }) => (
            <span className={classes.figure}>
              {formatQuantity(row.original.quantity)}
              {row.original.unit ? ` ${row.original.unit.name}` : ''}
            </span>
          ),
        }),
        column.accessor('amount', {
          header: t('fields.amount'),
          enableSorting: true,
          meta: { align: 'right', width: SNUG },
          cell: ({ getValue }) => (
            <Text size="sm" fw={600} className={classes.figure}>
              {formatMoney(getValue())}
            </Text>
          ),
        }),
      );
    } else {
      list.push(
        column.accessor('total', {
          header: t('fields.total'),
          meta: { align: 'right', width: SNUG },
          cell: ({ getValue }) => (
            <Text size="sm" fw={600} className={classes.figure}>
              {formatMoney(getValue())}
            </Text>
          ),
        }),
        column.accessor('childCount', {
          header: t('tabs.level', { level: levelLabel(level + 1) }),
          meta: { align: 'right', width: SNUG },
          cell: ({ getValue }) => <span className={classes.figure}>{formatNumber(getValue())}</span>,
        }),
      );
    }
    list.push(
      column.accessor('isActive', {
        header: t('list.status'),
        enableSorting: true,
        meta: { width: SNUG },
        cell: ({ getValue }) =>
          getValue() ? (
            <Badge color="teal" c="teal.9" bg="teal.0" variant="light">
              {t('active')}
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              {t('inactive')}
            </Badge>
          ),
      }),
      // The day in the cell, the time in its tooltip: a date and time would not fit beside the figures.
      column.accessor('updatedAt', {
        header: t('list.updated'),
        enableSorting: true,
        meta: { width: SNUG },
        cell: ({ getValue }) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }} title={formatDateTime(getValue())}>
            {formatDate(getValue())}
          </Text>
        ),
      }),
      actionsColumn<CodeRecord>(
        t,
        (record) => record.codeComb,
        (record) => (
          <>
            <Menu.Item
              leftSection={<IconFolderOpen size={16} aria-hidden="true" />}
              onClick={() => navigate(browserUrl(record.id))}
            >
              {t('list.openInBrowser')}
            </Menu.Item>
            {mayManage ? (
              <>
                <Menu.Item
                  leftSection={<IconPencil size={16} aria-hidden="true" />}
                  onClick={() => setForm({ mode: 'edit', record })}
                >
                  {t('common:actions.edit')}
                </Menu.Item>
                {level > 1 ? (
                  <Menu.Item
                    leftSection={<IconArrowsMove size={16} aria-hidden="true" />}
                    onClick={() => setToMove(record)}
                  >
                    {t('common:actions.move')}
                  </Menu.Item>
                ) : null}
                <Menu.Item
                  leftSection={
                    record.isActive ? (
                      <IconEyeOff size={16} aria-hidden="true" />
                    ) : (
                      <IconEye size={16} aria-hidden="true" />
                    )
                  }
                  onClick={() => update.mutate(updateBodyOf(record, { isActive: !record.isActive }))}
                >
                  {record.isActive ? t('deactivate') : t('activate')}
                </Menu.Item>
              </>
            ) : null}
            <Menu.Item
              leftSection={<IconDownload size={16} aria-hidden="true" />}
              onClick={() => void exportSubtree(record)}
            >
              {level === 4 ? t('list.exportCsv') : t('list.exportSubtreeCsv')}
            </Menu.Item>
            {mayManage ? (
              <>
                <Menu.Divider />
                <DeleteMenuItem onClick={() => setToDelete(record)} />
              </>
            ) : null}
          </>
        ),
        220,
      ),
    );
    return list;
  }, [level, above, mayManage, navigate, update.mutate, t]);

  const toolbar = (
    <>
      <SearchInput
        placeholder={t('list.searchPlaceholder')}
        value={table.search}
        onChange={table.setSearch}
      />
      {above ? (
        <CodePicker
          level={above}
          label={t('list.parent', { level: levelLabel(above) })}
          placeholder={t('list.anyParent', { level: levelLabel(above) })}
          value={table.filters.parent ?? null}
          onChange={(id) => table.setFilter('parent', id)}
          clearable
          w={{ base: '100%', sm: 260 }}
        />
      ) : null}
      <Select
        label={t('list.status')}
        placeholder={t('list.anyStatus')}
        data={[
          { value: 'true', label: t('active') },
          { value: 'false', label: t('inactive') },
        ]}
        value={table.filters.isActive ?? null}
        onChange={(value) => table.setFilter('isActive', value)}
        clearable
        w={{ base: '100%', sm: 150 }}
      />
      <ClearFiltersButton table={table} />
    </>
  );

  const banner =
    selected.size > 0 ? (
      <Group
        gap="xs"
        px="md"
        py="xs"
        bg="var(--mantine-primary-color-light)"
        role="region"
        aria-label={t('list.selectedCodes')}
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Text size="sm" fw={600} mr="sm" aria-live="polite">
          {t('list.selected', { count: selected.size })}
        </Text>
        {mayManage ? (
          <>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconEye size={14} aria-hidden="true" />}
              loading={setActiveMany.isPending && setActiveMany.variables?.isActive === true}
              onClick={() =>
                setActiveMany.mutate({ records: selectedRows, isActive: true }, { onSuccess: clearSelection })
              }
            >
              {t('activate')}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconEyeOff size={14} aria-hidden="true" />}
              loading={setActiveMany.isPending && setActiveMany.variables?.isActive === false}
              onClick={() =>
                setActiveMany.mutate(
                  { records: selectedRows, isActive: false },
                  { onSuccess: clearSelection },
                )
              }
            >
              {t('deactivate')}
            </Button>
          </>
        ) : null}
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} aria-hidden="true" />}
          onClick={() => void exportRows(selectedRows)}
        >
          {t('list.exportSelected')}
        </Button>
        {mayManage ? (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden="true" />}
            onClick={() => setBulkDelete({ step: 'confirm' })}
          >
            {t('common:actions.delete')}
          </Button>
        ) : null}
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconX size={14} aria-hidden="true" />}
          onClick={clearSelection}
        >
          {t('list.clearSelection')}
        </Button>
      </Group>
    ) : null;

  const blockedCount =
    bulkDelete?.step === 'cascade' ? bulkDelete.blocked.reduce((sum, item) => sum + item.descendants, 0) : 0;

  return (
    <>
      <PageHeader
        title={title}
        description={
          level === 4 ? t('list.itemsDescription') : t('list.levelDescription', { level: levelLabel(level) })
        }
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconDownload size={18} aria-hidden="true" />}
              onClick={() => void exportRows(null)}
              disabled={!codes.data || codes.data.count === 0}
            >
              {t('export.csv')}
            </Button>
            {mayManage ? (
              <Button
                leftSection={<IconPlus size={18} aria-hidden="true" />}
                onClick={() =>
                  setForm({
                    mode: 'add',
                    level,
                    parent: parentFilter.data && level > 1 ? toRef(parentFilter.data) : null,
                  })
                }
              >
                {t('addCode', { level: levelLabel(level) })}
              </Button>
            ) : null}
          </>
        }
      />
      <LibraryTabs />

      <DataTable
        label={title}
        columns={columns}
        data={codes.data}
        state={table}
        fetching={codes.isFetching}
        error={codes.error}
        onRetry={() => void codes.refetch()}
        emptyMessage={
          isFiltered(table) ? t('list.noMatch', { level: levelLabel(level) }) : t('columns.empty')
        }
        noun={[t('list.noun', { level: levelLabel(level) }), title]}
        getRowId={(record) => record.id}
        toolbar={toolbar}
        onRowClick={(record) => navigate(browserUrl(record.id))}
        selection={{
          state: rowSelection,
          onChange: onSelectionChange,
          rowLabel: (record) => codeLabel(record),
        }}
        banner={banner}
      />

      <CodeFormModal state={form} onClose={() => setForm({ mode: 'closed' })} />
      <MoveCodeModal record={toMove} onClose={() => setToMove(null)} />
      <DeleteCodeDialog
        record={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={(record) =>
          setSelected((previous) => {
            if (!previous.has(record.id)) return previous;
            const next = new Map(previous);
            next.delete(record.id);
            return next;
          })
        }
      />

      <ConfirmDialog
        opened={bulkDelete !== null}
        title={
          bulkDelete?.step === 'cascade'
            ? t('list.cascadeTitle')
            : t('list.deleteTitle', { count: selected.size, level: levelLabel(level) })
        }
        confirmLabel={
          bulkDelete?.step === 'cascade'
            ? t('delete.confirmCodes', { count: selected.size + blockedCount })
            : t('common:actions.delete')
        }
        pending={removeMany.isPending}
        onClose={() => setBulkDelete(null)}
        onConfirm={() => {
          // All or none: the whole selection each time, with the codes below them once confirmed.
          const cascade = bulkDelete?.step === 'cascade';
          removeMany.mutate(
            { records: selectedRows, cascade },
            {
              onSuccess: () => {
                setBulkDelete(null);
                clearSelection();
              },
              onError: (error) => {
                const blocked = cascade ? null : blockedCodesOf(error, selectedRows);
                setBulkDelete(blocked?.length ? { step: 'cascade', blocked } : null);
              },
            },
          );
        }}
      >
        {bulkDelete?.step === 'cascade' ? (
          <Stack gap="xs">
            <Text size="sm">
              {t('list.kept', {
                count: bulkDelete.blocked.length,
                below: t('codeCount', { count: blockedCount }),
              })}
            </Text>
            <Paper withBorder p="xs" radius="sm" mah={180} style={{ overflowY: 'auto' }}>
              <Stack gap={2}>
                {bulkDelete.blocked.map(({ record, descendants }) => (
                  <Text key={record.id} size="sm">
                    <span className={classes.mono}>{record.codeComb}</span> {record.description}:{' '}
                    {t('list.below', { count: descendants })}
                  </Text>
                ))}
              </Stack>
            </Paper>
            <Text size="sm">{t('list.cascadeQuestion')}</Text>
          </Stack>
        ) : (
          t('list.deleteQuestion', { count: selected.size })
        )}
      </ConfirmDialog>

      <Modal
        opened={exportState !== null}
        onClose={() => exportAbort.current?.abort()}
        title={t('list.exporting', { what: title })}
        closeButtonProps={{ 'aria-label': t('list.cancelExport') }}
        centered
      >
        {exportState ? (
          <Stack gap="sm">
            {/* A streamed CSV announces no size: the bar runs until the file is complete. */}
            <Progress value={100} aria-label={t('list.exportProgress')} size="lg" striped animated />
            <Text size="sm" className={classes.progressLabel} aria-live="polite">
              {exportState.received
                ? t('export.received', { size: formatBytes(exportState.received) })
                : t('export.preparing')}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => exportAbort.current?.abort()}>
                {t('common:actions.cancel')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}

/** The list page of each level (routes /library/l1 … /library/l4). */
export const levelListPages: Record<CodeLevel, ComponentType> = {
  1: function L1CodesPage() {
    return <LevelListPage level={1} />;
  },
  2: function L2CodesPage() {
    return <LevelListPage level={2} />;
  },
  3: function L3CodesPage() {
    return <LevelListPage level={3} />;
  },
  4: function L4CodesPage() {
    return <LevelListPage level={4} />;
  },
};
