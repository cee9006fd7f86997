import type {
  FileShare,
  GroupOptions,
  ManagedFile,
  ManagedFolder,
  ShareInput,
  StorageSummary,
} from '@ledgerdesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { uploadFiles } from '../../lib/upload';

/** A page of a list answer. */
export interface Page<T> {
  count: number;
  page: number;
  pageSize: number;
  results: T[];
}
interface Saved<T> {
  successMessage: string;
  data: T;
}

/** Every view of the file manager lives under one root: a change refreshes them all. */
const all = queryKeys.all('/files');
export const filesKeys = {
  all,
  folders: (query: FolderQuery) => [...all, 'folders', query] as const,
  folder: (id: string) => [...all, 'folder', id] as const,
  files: (query: FileQuery) => [...all, 'files', query] as const,
  recent: () => [...all, 'recent'] as const,
  summary: () => [...all, 'summary'] as const,
  shares: (type: ItemType, id: string) => [...all, 'shares', type, id] as const,
  groups: () => [...all, 'groups'] as const,
};

export type ItemType = 'file' | 'folder';

export interface FolderQuery {
  parentId?: string;
  shared?: boolean;
  trashed?: boolean;
  search?: string;
  ordering?: string;
  pageSize?: number;
}
export interface FileQuery {
  folderId?: string;
  starred?: boolean;
  shared?: boolean;
  trashed?: boolean;
  search?: string;
  ordering?: string;
  page?: number;
  pageSize?: number;
}

const folderPath = (id: string) => `/files/folders/${id}`;
const itemPath = (type: ItemType, id: string) => (type === 'file' ? `/files/${id}` : folderPath(id));

export const filesApi = {
  folders: (query: FolderQuery, signal?: AbortSignal) =>
    api.get<Page<ManagedFolder>>('/files/folders', { query: { ...query }, signal }),
  folder: (id: string, signal?: AbortSignal) => api.get<ManagedFolder>(folderPath(id), { signal }),
  files: (query: FileQuery, signal?: AbortSignal) =>
    api.get<Page<ManagedFile>>('/files', { query: { ...query }, signal }),
  recent: (signal?: AbortSignal) =>
    api.get<{ results: ManagedFile[] }>('/files/recent', { query: { limit: 12 }, signal }),
  summary: (signal?: AbortSignal) => api.get<StorageSummary>('/files/summary', { signal }),
  groups: (signal?: AbortSignal) => api.get<GroupOptions>('/users/group-options/', { signal }),
  shares: (type: ItemType, id: string, signal?: AbortSignal) =>
    api.get<{ results: FileShare[] }>(`${itemPath(type, id)}/shares`, { signal }),

  /** One file per request (its own progress and cancel), into a folder or the top level. */
  upload: (
    file: File,
    folderId: string | null,
    options: { onProgress: (loaded: number, total: number) => void; signal: AbortSignal },
  ) => uploadFiles<{ files: ManagedFile[] }>('/files', file, { ...options, fields: { folderId } }),
  createFolder: (name: string, parentId: string | null) =>
    api.post<Saved<ManagedFolder>>('/files/folders', { name, parentId }),
  changeFile: (file: ManagedFile, change: { name?: string; folderId?: string | null; starred?: boolean }) =>
    api.patch<Saved<ManagedFile>>(`/files/${file.id}`, { ...change, version: file.version }),
  changeFolder: (folder: ManagedFolder, change: { name?: string; parentId?: string | null }) =>
    api.patch<Saved<ManagedFolder>>(folderPath(folder.id), { ...change, version: folder.version }),
  trash: (type: ItemType, id: string) => api.delete<Saved<{ id: string }>>(itemPath(type, id)),
  restore: (type: ItemType, id: string) => api.post<Saved<unknown>>(`${itemPath(type, id)}/restore`),
  deleteForever: (type: ItemType, id: string) =>
    api.delete<Saved<{ id: string }>>(`${itemPath(type, id)}/forever`),
  emptyTrash: () => api.delete<Saved<{ deleted: number }>>('/files/trash'),
  share: (type: ItemType, id: string, input: ShareInput) =>
    api.post<Saved<{ results: FileShare[] }>>(`${itemPath(type, id)}/shares`, input),
  unshare: (type: ItemType, id: string, shareId: string) =>
    api.delete<Saved<{ results: FileShare[] }>>(`${itemPath(type, id)}/shares/${shareId}`),
};

/** A change to the file manager, refreshing every view of it once done. */
export function useFilesMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => client.invalidateQueries({ queryKey: all }),
  });
}
