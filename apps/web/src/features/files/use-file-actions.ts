import type { ManagedFile } from '@ledgerdesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { filesApi, filesKeys } from './api';
import type { Item } from './items';

/**
 * The file manager's changes, each followed by a toast and a refresh of every view. Trashing offers
 * Undo (a restore).
 */
export function useFileActions() {
  const { t } = useTranslation('files');
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: filesKeys.all });

  async function attempt<T>(run: () => Promise<T>, success: string | null): Promise<T | undefined> {
    try {
      const result = await run();
      if (success) notifySuccess(success);
      return result;
    } catch (error) {
      notifyError(errorMessageOf(error));
      return undefined;
    } finally {
      await refresh();
    }
  }

  const nameOf = (item: Item) => item.record.name;

  return {
    refresh,
    createFolder: (name: string, parentId: string | null) =>
      attempt(() => filesApi.createFolder(name, parentId), t('toasts.folderCreated', { name })),
    rename: (item: Item, name: string) =>
      attempt<unknown>(
        () =>
          item.type === 'file'
            ? filesApi.changeFile(item.record, { name })
            : filesApi.changeFolder(item.record, { name }),
        t('toasts.renamed', { name }),
      ),
    /** Into a folder (null: the top level). */
    move: (item: Item, folder: { id: string | null; name: string }) => {
      if (item.type === 'folder' && item.record.id === folder.id) return Promise.resolve(undefined);
      return attempt<unknown>(
        () =>
          item.type === 'file'
            ? filesApi.changeFile(item.record, { folderId: folder.id })
            : filesApi.changeFolder(item.record, { parentId: folder.id }),
        t('toasts.moved', { name: nameOf(item), folder: folder.name }),
      );
    },
    star: (file: ManagedFile) =>
      attempt(
        () => filesApi.changeFile(file, { starred: !file.starred }),
        file.starred ? t('toasts.unstarred', { name: file.name }) : t('toasts.starred', { name: file.name }),
      ),
    trash: async (item: Item) => {
      const done = await attempt(() => filesApi.trash(item.type, item.record.id), null);
      if (done === undefined) return;
      notifySuccess(t('toasts.trashed', { name: nameOf(item) }), {
        action: {
          label: t('actions.undo'),
          onClick: () =>
            void attempt(
              () => filesApi.restore(item.type, item.record.id),
              t('toasts.restored', { name: nameOf(item) }),
            ),
        },
      });
    },
    restore: (item: Item) =>
      attempt(
        () => filesApi.restore(item.type, item.record.id),
        t('toasts.restored', { name: nameOf(item) }),
      ),
    deleteForever: (item: Item) =>
      attempt(
        () => filesApi.deleteForever(item.type, item.record.id),
        t('toasts.deleted', { name: nameOf(item) }),
      ),
    emptyTrash: () => attempt(() => filesApi.emptyTrash(), t('toasts.trashEmptied')),
  };
}

export type FileActions = ReturnType<typeof useFileActions>;
