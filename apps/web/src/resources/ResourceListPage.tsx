import { Button, Checkbox, Group, Menu, Paper, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconColumns, IconDownload, IconEye, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import type { RowSelectionState } from '@tanstack/react-table';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmDelete, ConfirmDialog } from '../components/ConfirmDialog';
import { PageHeader } from '../components/PageHeader';
import { errorMessageOf } from '../lib/api';
import { notifyError } from '../lib/notify';
import { usePageTitle } from '../lib/page-title';
import { useCan } from '../lib/permissions';
import { useTableUrlState } from '../lib/table-url-state';
import { downloadFile } from '../lib/transfer';
import { AddRecordButton } from './AddRecordButton';
import { useResourceList, useResourceMutations } from './api';
import { ResourceFilters } from './ResourceFilters';
import { actionsColumn, DeleteMenuItem, ResourceTable, resourceColumns } from './ResourceTable';
import type { ResourceDefinition } from './types';

interface ResourceListPageProps<Rec, Values> {
  def: ResourceDefinition<Rec, Values>;
  /** Shown between the heading and the table (an area's widgets: counters, totals). */
  children?: ReactNode;
}

/**
 * `<route>`: the resource's list, drawn from its definition — server paging, ordering, search and
 * filters kept in the URL, columns the user may hide, row selection with bulk delete, CSV export of
 * the current filter, and Add / View / Edit / Delete for those who may.
 */
export function ResourceListPage<Rec, Values>({ def, children }: ResourceListPageProps<Rec, Values>) {
  const { t } = useTranslation([def.ns, 'common']);
  const title = t('title');
  usePageTitle(title);
  const can = useCan();
  const navigate = useNavigate();
  const mayManage = can(`${def.area}.manage`);
  const filterNames = useMemo(() => (def.filters ?? []).map((filter) => filter.name), [def.filters]);
  const orderings = useMemo(
    () => def.columns.filter((column) => column.sortable).map((column) => column.id),
    [def.columns],
  );
  const table = useTableUrlState({ filters: filterNames, orderings });
  const list = useResourceList(def, table.query);
  const { remove, bulkRemove } = useResourceMutations(def);

  const [hidden, setHidden] = useLocalStorage<string[]>({
    key: `ledgerdesk.columns.${def.api}`,
    defaultValue: def.columns.filter((column) => column.hidden).map((column) => column.id),
  });
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [toDelete, setToDelete] = useState<Rec | null>(null);
  const [bulkConfirm, setBulkConfirm] = useState(false);
  const [exporting, setExporting] = useState(false);
  const selectedKeys = Object.keys(selection).filter((key) => selection[key]);

  const columns = useMemo(
    () => [
      ...resourceColumns(
        def.columns.filter((column) => !hidden.includes(column.id)),
        t,
      ),
      actionsColumn<Rec>(t, def.titleOf, (record) => {
        const key = def.keyOf(record);
        return (
          <>
            <Menu.Item
              component={Link}
              to={`${def.route}/${key}`}
              leftSection={<IconEye size={16} aria-hidden="true" />}
            >
              {t('common:resource.view')}
            </Menu.Item>
            {mayManage ? (
              <>
                <Menu.Item
                  component={Link}
                  to={`${def.route}/${key}/edit`}
                  leftSection={<IconPencil size={16} aria-hidden="true" />}
                >
                  {t('common:resource.edit')}
                </Menu.Item>
                <DeleteMenuItem onClick={() => setToDelete(record)} />
              </>
            ) : null}
          </>
        );
      }),
    ],
    [def, hidden, mayManage, t],
  );

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { page: _page, pageSize: _pageSize, ...filters } = table.query;
      await downloadFile(`${def.api}/export`, { query: filters });
    } catch (error) {
      notifyError(errorMessageOf(error), { title: t('common:resource.exportFailed') });
    } finally {
      setExporting(false);
    }
  };

  const toolbar = (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <ResourceFilters def={def} table={table} />
      <Menu position="bottom-end" closeOnItemClick={false} withinPortal>
        <Menu.Target>
          {/* On a phone every column is on the cards: nothing to choose. */}
          <Button
            variant="default"
            leftSection={<IconColumns size={16} aria-hidden="true" />}
            ml="auto"
            visibleFrom="sm"
          >
            {t('common:resource.columns')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {def.columns.map((column) => (
            <Menu.Item key={column.id} component="div">
              <Checkbox
                label={t(`fields.${column.id}`)}
                checked={!hidden.includes(column.id)}
                onChange={(event) => {
                  const show = event.currentTarget.checked;
                  setHidden((previous) =>
                    show ? previous.filter((id) => id !== column.id) : [...previous, column.id],
                  );
                }}
              />
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );

  const banner =
    mayManage && selectedKeys.length > 0 ? (
      <Paper withBorder p="xs" px="md" radius="md" bg="var(--mantine-color-blue-light)">
        <Group gap="sm">
          <Text size="sm" fw={600}>
            {t('common:resource.selected', { count: selectedKeys.length })}
          </Text>
          <Button
            size="xs"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden="true" />}
            onClick={() => setBulkConfirm(true)}
          >
            {t('common:resource.delete')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconX size={14} aria-hidden="true" />}
            onClick={() => setSelection({})}
          >
            {t('common:resource.clearSelection')}
          </Button>
        </Group>
      </Paper>
    ) : null;

  return (
    <>
      <PageHeader
        title={title}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconDownload size={18} aria-hidden="true" />}
              onClick={() => void exportCsv()}
              loading={exporting}
              disabled={!list.data || list.data.count === 0}
            >
              {t('common:resource.export')}
            </Button>
            <AddRecordButton def={def} />
          </>
        }
      />
      {children}
      <ResourceTable
        def={def}
        table={table}
        list={list}
        columns={columns}
        toolbar={toolbar}
        onRowClick={(record) => navigate(`${def.route}/${def.keyOf(record)}`)}
        selection={
          mayManage
            ? { state: selection, onChange: setSelection, rowLabel: (record) => def.titleOf(record) }
            : undefined
        }
        banner={banner}
      />
      <ConfirmDelete
        record={toDelete}
        entity={t('one')}
        nameOf={def.titleOf}
        pending={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={(record) => {
          const key = def.keyOf(record);
          remove.mutate(key, {
            onSuccess: () =>
              setSelection((previous) => {
                const { [key]: _removed, ...rest } = previous;
                return rest;
              }),
            onSettled: () => setToDelete(null),
          });
        }}
      />
      <ConfirmDialog
        opened={bulkConfirm}
        title={t('common:resource.bulkDeleteTitle', { count: selectedKeys.length })}
        confirmLabel={t('common:resource.delete')}
        pending={bulkRemove.isPending}
        onClose={() => setBulkConfirm(false)}
        onConfirm={() =>
          bulkRemove.mutate(selectedKeys, {
            onSuccess: () => setSelection({}),
            onSettled: () => setBulkConfirm(false),
          })
        }
      >
        {t('common:resource.bulkDeleteQuestion', { count: selectedKeys.length, many: t('many') })}
      </ConfirmDialog>
    </>
  );
}
