import {
  Alert,
  Anchor,
  Box,
  Breadcrumbs,
  Button,
  Drawer,
  FileButton,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconFolderPlus,
  IconLayoutGrid,
  IconLayoutSidebar,
  IconList,
  IconTrashX,
  IconUpload,
} from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FileDropzone, FilePreview, PageDropzone, UploadQueue, useUploads } from '../../components/files';
import { PageHeader } from '../../components/PageHeader';
import { SearchInput } from '../../components/SearchInput';
import { errorMessageOf } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { useCan } from '../../lib/permissions';
import { type FileQuery, type FolderQuery, filesApi, filesKeys } from './api';
import { MoveDialog, NameDialog, ShareDialog } from './dialogs';
import classes from './files.module.css';
import { FileCard, FileTable, FolderCard, type ItemHandlers } from './ItemViews';
import { carriesItem, droppedItem, fileItem, folderItem, type Item, isView, type View } from './items';
import { Sidebar } from './Sidebar';
import { useFileActions } from './use-file-actions';

const FILES_PAGE_SIZE = 60;
const sorts = ['name', '-name', '-updatedAt', 'updatedAt', '-size', 'size'] as const;
type Sort = (typeof sorts)[number];
const isSort = (value: string | null): value is Sort => sorts.some((sort) => sort === value);
/** Folders have no size: a sort by size lists them by name. */
const folderOrdering = (sort: Sort) => (sort.endsWith('size') ? 'name' : sort);
const LAYOUT_KEY = 'ledgerdesk.files.layout';
type Layout = 'grid' | 'list';

function storedLayout(): Layout {
  try {
    return window.localStorage.getItem(LAYOUT_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
}

type Dialog =
  | { kind: 'newFolder' }
  | { kind: 'rename'; item: Item }
  | { kind: 'move'; item: Item }
  | { kind: 'share'; item: Item }
  | { kind: 'deleteForever'; item: Item }
  | { kind: 'emptyTrash' }
  | null;

/**
 * The file manager: the views and folders at the left (a drawer on a phone), the folder or view
 * at the right as cards or a table; the place, the search, the sort, the layout and the page are
 * in the address.
 */
export function FileManagerPage() {
  const { t } = useTranslation(['files', 'common']);
  const title = t('title');
  usePageTitle(title);
  const can = useCan();
  const mayManage = can('files.manage');
  const narrow = useMediaQuery('(max-width: 62em)', false, { getInitialValueInEffect: false });
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const actions = useFileActions();

  const viewParam = params.get('view');
  const view: View = isView(viewParam) ? viewParam : 'files';
  // An empty `folder=` is the top level too (not "no folder": that lists every folder reachable).
  const folderId = (view === 'files' && params.get('folder')) || null;
  const search = params.get('q') ?? '';
  const sortParam = params.get('sort');
  const sort: Sort = isSort(sortParam) ? sortParam : view === 'recent' ? '-updatedAt' : 'name';
  const layoutParam = params.get('layout');
  const layout: Layout = layoutParam === 'list' || layoutParam === 'grid' ? layoutParam : storedLayout();
  const page = Math.max(1, Number(params.get('page')) || 1);

  const change = useCallback(
    (values: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(values)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          if (!('page' in values)) next.delete('page');
          return next;
        },
        { replace: false },
      ),
    [setParams],
  );
  const goTo = (nextView: View, folder: string | null = null) => {
    change({ view: nextView === 'files' ? null : nextView, folder, q: null });
    setSidebarOpen(false);
  };

  // What the main area lists.
  const searching = search.trim() !== '';
  const folderQuery: FolderQuery | null = searching
    ? { search, ordering: folderOrdering(sort), pageSize: 100 }
    : view === 'files'
      ? { parentId: folderId ?? 'root', ordering: folderOrdering(sort), pageSize: 200 }
      : view === 'shared'
        ? { shared: true, ordering: folderOrdering(sort), pageSize: 200 }
        : view === 'trash'
          ? { trashed: true, ordering: folderOrdering(sort), pageSize: 200 }
          : null;
  const fileQuery: FileQuery = {
    ...(searching
      ? { search }
      : view === 'files'
        ? { folderId: folderId ?? 'root' }
        : view === 'starred'
          ? { starred: true }
          : view === 'shared'
            ? { shared: true }
            : view === 'trash'
              ? { trashed: true }
              : {}),
    ordering: sort,
    page,
    pageSize: FILES_PAGE_SIZE,
  };

  const folders = useQuery({
    queryKey: filesKeys.folders(folderQuery ?? {}),
    queryFn: ({ signal }) => filesApi.folders(folderQuery ?? {}, signal),
    enabled: folderQuery !== null,
    placeholderData: keepPreviousData,
  });
  const files = useQuery({
    queryKey: view === 'recent' && !searching ? filesKeys.recent() : filesKeys.files(fileQuery),
    queryFn: async ({ signal }) => {
      if (view === 'recent' && !searching) {
        const recent = await filesApi.recent(signal);
        return {
          count: recent.results.length,
          page: 1,
          pageSize: recent.results.length,
          results: recent.results,
        };
      }
      return filesApi.files(fileQuery, signal);
    },
    placeholderData: keepPreviousData,
  });
  const current = useQuery({
    queryKey: filesKeys.folder(folderId ?? ''),
    queryFn: ({ signal }) => filesApi.folder(folderId ?? '', signal),
    enabled: folderId !== null,
  });

  const currentFolder = folderId ? current.data : undefined;
  const folderItems = useMemo(
    () => (folderQuery ? (folders.data?.results ?? []) : []).map(folderItem),
    [folderQuery, folders.data],
  );
  const fileItems = useMemo(() => (files.data?.results ?? []).map(fileItem), [files.data]);
  const fileRecords = useMemo(() => fileItems.map((item) => item.record), [fileItems]);

  // Uploads go into the folder shown (or the top level), one request per file.
  const mayUploadHere =
    mayManage && view === 'files' && !searching && (currentFolder?.access ?? 'owner') !== 'view';
  const uploads = useUploads((file, options) => filesApi.upload(file, folderId, options), {
    onUploaded: () => client.invalidateQueries({ queryKey: filesKeys.all }),
  });

  const [previewIndex, setPreviewIndex] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const placeName = currentFolder?.name ?? t('nav.myFiles');

  const findItem = (dropped: { type: 'file' | 'folder'; id: string }): Item | undefined =>
    dropped.type === 'file'
      ? fileItems.find((item) => item.record.id === dropped.id)
      : folderItems.find((item) => item.record.id === dropped.id);

  const handlers: ItemHandlers = {
    mayManage,
    inTrash: view === 'trash',
    open: (item) => {
      if (item.type === 'folder') goTo('files', item.record.id);
      else setPreviewIndex(fileItems.findIndex((candidate) => candidate.record.id === item.record.id));
    },
    rename: (item) => setDialog({ kind: 'rename', item }),
    move: (item) => setDialog({ kind: 'move', item }),
    share: (item) => setDialog({ kind: 'share', item }),
    star: (item) => {
      if (item.type === 'file') void actions.star(item.record);
    },
    trash: (item) => void actions.trash(item),
    restore: (item) => void actions.restore(item),
    deleteForever: (item) => setDialog({ kind: 'deleteForever', item }),
    drop: (dropped, folder) => {
      const item = findItem(dropped);
      if (item) void actions.move(item, folder);
    },
  };

  const openIds = currentFolder?.path.map((step) => step.id) ?? [];
  const sidebar = (
    <Sidebar
      view={view}
      folderId={folderId}
      openIds={openIds}
      onView={(next) => goTo(next)}
      onFolder={(folder) => goTo('files', folder.id)}
      onDropItem={handlers.drop}
    />
  );

  const heading = searching
    ? t('searchResults', { search })
    : view === 'files'
      ? placeName
      : t(`nav.${view}`);
  const loading = (folderQuery !== null && folders.isPending) || files.isPending;
  const failed = folders.error ?? files.error ?? (folderId ? current.error : null);
  const empty = !loading && !failed && folderItems.length === 0 && fileItems.length === 0;
  const pages = files.data ? Math.ceil(files.data.count / FILES_PAGE_SIZE) : 1;

  return (
    <>
      <PageHeader
        title={title}
        actions={
          mayManage && (
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconFolderPlus size={18} />}
                onClick={() => setDialog({ kind: 'newFolder' })}
                disabled={!mayUploadHere}
              >
                {t('actions.newFolder')}
              </Button>
              <FileButton onChange={(picked) => uploads.add(picked)} multiple disabled={!mayUploadHere}>
                {(props) => (
                  <Button leftSection={<IconUpload size={18} />} {...props} disabled={!mayUploadHere}>
                    {t('actions.upload')}
                  </Button>
                )}
              </FileButton>
            </Group>
          )
        }
      />
      <PageDropzone
        active={mayUploadHere}
        onDrop={uploads.add}
        label={t('dropHere', { folder: placeName })}
      />
      <div className={classes.layout}>
        {narrow ? (
          <Drawer
            opened={sidebarOpen}
            onClose={() => setSidebarOpen(false)}
            title={t('nav.label')}
            size="xs"
            closeButtonProps={{ 'aria-label': t('common:actions.close') }}
          >
            {sidebar}
          </Drawer>
        ) : (
          <aside className={classes.sidebar} aria-label={t('nav.label')}>
            {sidebar}
          </aside>
        )}
        <section className={classes.main} aria-labelledby="files-heading">
          <Stack gap="md">
            <Group justify="space-between" gap="sm" wrap="wrap" align="center">
              <Group gap="xs" wrap="nowrap" miw={0} style={{ flex: 1 }}>
                {narrow && (
                  <Button
                    variant="default"
                    size="sm"
                    px="xs"
                    onClick={() => setSidebarOpen(true)}
                    aria-label={t('nav.open')}
                  >
                    <IconLayoutSidebar size={18} />
                  </Button>
                )}
                <Stack gap={2} miw={0}>
                  {view === 'files' && !searching && currentFolder && (
                    <Breadcrumbs separatorMargin={6} className={classes.crumbs}>
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        onClick={() => goTo('files')}
                        {...dropProps(handlers, { id: null, name: t('nav.myFiles') })}
                      >
                        {t('nav.myFiles')}
                      </Anchor>
                      {currentFolder.path.map((step) => (
                        <Anchor
                          key={step.id}
                          component="button"
                          type="button"
                          size="sm"
                          onClick={() => goTo('files', step.id)}
                          {...dropProps(handlers, step)}
                        >
                          {step.name}
                        </Anchor>
                      ))}
                      <Text size="sm" c="dimmed" span>
                        {currentFolder.name}
                      </Text>
                    </Breadcrumbs>
                  )}
                  <Title order={2} size="h3" id="files-heading" className={classes.heading}>
                    {heading}
                  </Title>
                </Stack>
              </Group>
              {view === 'trash' && mayManage && !empty && (
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconTrashX size={16} />}
                  onClick={() => setDialog({ kind: 'emptyTrash' })}
                >
                  {t('actions.emptyTrash')}
                </Button>
              )}
            </Group>
            <Group gap="sm" wrap="wrap" justify="space-between" className={classes.toolbar}>
              <Box className={classes.search}>
                <SearchInput
                  value={search}
                  onChange={(value) => change({ q: value })}
                  label={t('search')}
                  placeholder={t('searchPlaceholder')}
                />
              </Box>
              <Group gap="sm" wrap="nowrap" align="flex-end">
                <Select
                  label={t('sort.label')}
                  data={sorts.map((value) => ({ value, label: t(`sort.${value.replace('-', 'desc_')}`) }))}
                  value={sort}
                  onChange={(value) => change({ sort: value })}
                  allowDeselect={false}
                  w={200}
                />
                <SegmentedControl
                  aria-label={t('layout.label')}
                  value={layout}
                  onChange={(value) => {
                    try {
                      window.localStorage.setItem(LAYOUT_KEY, value);
                    } catch {
                      // Not remembered: the address still holds it.
                    }
                    change({ layout: value, page: String(page) });
                  }}
                  data={[
                    {
                      value: 'grid',
                      label: (
                        <>
                          <IconLayoutGrid size={16} aria-hidden />
                          <VisuallyHidden>{t('layout.grid')}</VisuallyHidden>
                        </>
                      ),
                    },
                    {
                      value: 'list',
                      label: (
                        <>
                          <IconList size={16} aria-hidden />
                          <VisuallyHidden>{t('layout.list')}</VisuallyHidden>
                        </>
                      ),
                    },
                  ]}
                />
              </Group>
            </Group>

            <UploadQueue uploads={uploads} />

            {failed ? (
              <Alert color="red" title={t('errors.load')}>
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{errorMessageOf(failed)}</Text>
                  <Button size="xs" variant="light" color="red" onClick={() => void actions.refresh()}>
                    {t('common:actions.tryAgain')}
                  </Button>
                </Stack>
              </Alert>
            ) : loading ? (
              <LoadingSkeleton layout={layout} />
            ) : empty ? (
              <EmptyState view={view} searching={searching} mayUpload={mayUploadHere} onDrop={uploads.add} />
            ) : layout === 'list' ? (
              <FileTable files={fileItems} folders={folderItems} handlers={handlers} />
            ) : (
              <Stack gap="lg">
                {folderItems.length > 0 && (
                  <div>
                    <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb="xs">
                      {t('sections.folders')}
                    </Text>
                    <div className={classes.folderGrid}>
                      {folderItems.map((item) => (
                        <FolderCard key={item.record.id} item={item} handlers={handlers} />
                      ))}
                    </div>
                  </div>
                )}
                {fileItems.length > 0 && (
                  <div>
                    <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb="xs">
                      {t('sections.files')}
                    </Text>
                    <div className={classes.fileGrid}>
                      {fileItems.map((item) => (
                        <FileCard key={item.record.id} item={item} handlers={handlers} />
                      ))}
                    </div>
                  </div>
                )}
              </Stack>
            )}
            {pages > 1 && (
              <Group justify="center">
                <Pagination
                  total={pages}
                  value={page}
                  onChange={(next) => change({ page: String(next) })}
                  getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
                />
              </Group>
            )}
          </Stack>
        </section>
      </div>

      <FilePreview
        files={fileRecords}
        index={previewIndex}
        onIndexChange={setPreviewIndex}
        onClose={() => setPreviewIndex(null)}
      />
      {dialog?.kind === 'newFolder' && (
        <NameDialog
          opened
          title={t('dialogs.newFolderTitle')}
          initial=""
          confirmLabel={t('actions.create')}
          onSubmit={(name) => actions.createFolder(name, folderId)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          opened
          title={t('dialogs.renameTitle', { name: dialog.item.record.name })}
          initial={dialog.item.record.name}
          confirmLabel={t('actions.rename')}
          onSubmit={(name) => actions.rename(dialog.item, name)}
          onClose={() => setDialog(null)}
        />
      )}
      <MoveDialog
        item={dialog?.kind === 'move' ? dialog.item : null}
        onMove={(folder) => (dialog?.kind === 'move' ? actions.move(dialog.item, folder) : Promise.resolve())}
        onClose={() => setDialog(null)}
      />
      <ShareDialog item={dialog?.kind === 'share' ? dialog.item : null} onClose={() => setDialog(null)} />
      <ConfirmDialog
        opened={dialog?.kind === 'deleteForever' || dialog?.kind === 'emptyTrash'}
        title={dialog?.kind === 'emptyTrash' ? t('dialogs.emptyTrashTitle') : t('dialogs.deleteForeverTitle')}
        confirmLabel={dialog?.kind === 'emptyTrash' ? t('actions.emptyTrash') : t('actions.deleteForever')}
        onConfirm={async () => {
          if (dialog?.kind === 'deleteForever') await actions.deleteForever(dialog.item);
          if (dialog?.kind === 'emptyTrash') await actions.emptyTrash();
          setDialog(null);
        }}
        onClose={() => setDialog(null)}
      >
        {dialog?.kind === 'deleteForever'
          ? t('dialogs.deleteForeverText', { name: dialog.item.record.name })
          : t('dialogs.emptyTrashText')}
      </ConfirmDialog>
    </>
  );
}

/** A breadcrumb is a drop target too: a file dragged onto "My files" goes to the top level. */
function dropProps(handlers: ItemHandlers, folder: { id: string | null; name: string }) {
  return {
    onDragOver: (event: React.DragEvent) => {
      if (carriesItem(event)) event.preventDefault();
    },
    onDrop: (event: React.DragEvent) => {
      const dropped = droppedItem(event);
      if (!dropped) return;
      event.preventDefault();
      handlers.drop(dropped, folder);
    },
  };
}

/** Names for the placeholders of a loading list. */
const placeholders = (count: number) => Array.from({ length: count }, (_, at) => `placeholder-${at}`);

function LoadingSkeleton({ layout }: { layout: Layout }) {
  const { t } = useTranslation('files');
  if (layout === 'list')
    return (
      <Stack gap="xs" aria-busy aria-label={t('loading')}>
        {placeholders(6).map((key) => (
          <Skeleton key={key} height={36} radius="sm" />
        ))}
      </Stack>
    );
  return (
    <Stack gap="lg" aria-busy aria-label={t('loading')}>
      <div className={classes.folderGrid}>
        {placeholders(4).map((key) => (
          <Skeleton key={key} height={72} radius="md" />
        ))}
      </div>
      <div className={classes.fileGrid}>
        {placeholders(8).map((key) => (
          <Skeleton key={key} height={170} radius="md" />
        ))}
      </div>
    </Stack>
  );
}

function EmptyState({
  view,
  searching,
  mayUpload,
  onDrop,
}: {
  view: View;
  searching: boolean;
  mayUpload: boolean;
  onDrop: (files: File[]) => void;
}) {
  const { t } = useTranslation('files');
  if (mayUpload) return <FileDropzone onDrop={onDrop} label={t('empty.folder')} />;
  return (
    <Stack align="center" gap={4} py={48} className={classes.empty}>
      <Text fw={600}>{searching ? t('empty.search') : t(`empty.${view}`)}</Text>
      <Text size="sm" c="dimmed" ta="center" maw={420}>
        {searching ? t('empty.searchHint') : t(`empty.${view}Hint`)}
      </Text>
    </Stack>
  );
}

export { FileManagerPage as Component };
