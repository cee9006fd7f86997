import type { ManagedFile, ManagedFolder } from '@ledgerdesk/contracts';

/** A file or a folder of the manager, as the actions take them. */
export type FileItem = { type: 'file'; record: ManagedFile };
export type FolderItem = { type: 'folder'; record: ManagedFolder };
export type Item = FileItem | FolderItem;

export const fileItem = (record: ManagedFile): FileItem => ({ type: 'file', record });
export const folderItem = (record: ManagedFolder): FolderItem => ({ type: 'folder', record });

/** The drag of an item onto a folder carries its type and id under this type. */
export const DRAG_TYPE = 'application/x-ledgerdesk-file-item';

export function dragStartOf(item: Item) {
  return (event: React.DragEvent) => {
    event.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ type: item.type, id: item.record.id }));
    event.dataTransfer.effectAllowed = 'move';
  };
}

/** What a drop carries, if it is one of ours. */
export function droppedItem(event: React.DragEvent): { type: 'file' | 'folder'; id: string } | null {
  const raw = event.dataTransfer.getData(DRAG_TYPE);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { type?: unknown; id?: unknown };
    return (value.type === 'file' || value.type === 'folder') && typeof value.id === 'string'
      ? { type: value.type, id: value.id }
      : null;
  } catch {
    return null;
  }
}

/** Whether a drag is one of ours (its data can only be read on drop). */
export const carriesItem = (event: React.DragEvent) => event.dataTransfer.types.includes(DRAG_TYPE);

/** The views of the left column; `files` is My files (a folder or the top level). */
export const views = ['files', 'starred', 'recent', 'shared', 'trash'] as const;
export type View = (typeof views)[number];
export const isView = (value: string | null): value is View => views.some((view) => view === value);
