import {
  type bulkDeleted,
  type bulkUpdated,
  type CodeBulkDelete,
  type CodeBulkUpdate,
  type CodeCreate,
  type CodeLevel,
  type CodeListQuery,
  type CodeRecord,
  type CodeRef,
  type CodeUpdate,
  type codeRecord,
  errorCodes,
  type ImportEvent,
  type ImportRowError,
  type ImportSummary,
  type LibrarySelectionExport,
  type ListQuery,
  libraryMessages,
  messages,
  type Rollup,
  type SearchHit,
  type UnitRecord,
  type unitInput,
  type unitRecord,
  type unitUpdate,
} from '@ledgerdesk/contracts';
import {
  type InfiniteData,
  keepPreviousData,
  type Query,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { i18n } from '../../i18n';
import { api, errorMessageOf, isApiError } from '../../lib/api';
import { hasMorePages, type ListResponse, type MutationResponse } from '../../lib/list';
import { notifyError, notifySuccess } from '../../lib/notify';
import { resourceKeys } from '../../lib/query-keys';
import { staleRecordOf } from '../../lib/stale-record';
import type { ListParams } from '../../lib/table-url-state';
import { type DownloadProgress, downloadFile, ndjsonReader, uploadWithProgress } from '../../lib/transfer';
import { levelLabel } from './levels';

type CodeList = ListResponse<typeof codeRecord>;
type CodeSaved = MutationResponse<typeof codeRecord>;
type Deleted = MutationResponse<z.ZodMiniObject<{ deleted: z.ZodMiniNumber }>>;
type UnitSaved = MutationResponse<typeof unitRecord>;
type UnitFields = z.input<typeof unitInput>;
type UnitUpdate = z.input<typeof unitUpdate>;
/** The answer of an import preview (POST ?dryRun=true). */
export type ImportPreview = ImportSummary & { errors: ImportRowError[] };

/** The filters of the code lists (the contract's list query beyond paging, ordering and search). */
export const codeFilters = ['parent', 'isActive'] as const satisfies readonly Exclude<
  keyof CodeListQuery,
  keyof ListQuery
>[];
export type CodeListParams = ListParams<(typeof codeFilters)[number]>;

/** Codes one column of the browser asks for at a time. */
const COLUMN_PAGE_SIZE = 100;

const all = resourceKeys.library;
export const libraryKeys = {
  all,
  list: (level: CodeLevel, query: CodeListParams) => [...all, 'list', level, query] as const,
  children: (level: CodeLevel, parent: string | null) => [...all, 'children', level, parent] as const,
  options: (level: CodeLevel, search: string) => [...all, 'options', level, search] as const,
  code: (id: string) => [...all, 'code', id] as const,
  path: (id: string) => [...all, 'path', id] as const,
  search: (q: string) => [...all, 'search', q] as const,
  rollup: [...all, 'rollup'] as const,
  units: [...all, 'units'] as const,
};

const levelUrl = (level: CodeLevel, id?: string) => `/library/l${level}codes/${id ? `${id}/` : ''}`;

export function fetchCodes(level: CodeLevel, query: CodeListParams, signal?: AbortSignal) {
  return api.get<CodeList>(levelUrl(level), { query, signal });
}

/** One page of a level's list; the previous page stays on screen while the next one loads. */
export function useCodes(level: CodeLevel, query: CodeListParams) {
  return useQuery({
    queryKey: libraryKeys.list(level, query),
    queryFn: ({ signal }) => fetchCodes(level, query, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * The codes of `level` under `parent` (the L1 codes for level 1), in order of their full code, a
 * hundred at a time: a column of the browser. `parent` undefined: no parent chosen, nothing to ask.
 */
export function useChildren(level: CodeLevel, parent: string | null | undefined) {
  return useInfiniteQuery({
    queryKey: libraryKeys.children(level, parent ?? null),
    queryFn: ({ pageParam, signal }) =>
      fetchCodes(
        level,
        {
          page: pageParam,
          pageSize: COLUMN_PAGE_SIZE,
          ordering: 'codeComb',
          ...(parent ? { parent } : {}),
        },
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: (last: CodeList) => (hasMorePages(last) ? last.page + 1 : undefined),
    enabled: parent !== undefined,
  });
}

/** Codes of `level` matching `search` (the first 20), to choose a parent from. */
export function useCodeOptions(level: CodeLevel, search: string, enabled = true) {
  return useQuery({
    queryKey: libraryKeys.options(level, search),
    queryFn: ({ signal }) =>
      fetchCodes(level, { page: 1, pageSize: 20, ordering: 'codeComb', search: search || undefined }, signal),
    select: (page) => page.results,
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 60_000,
  });
}

/** A code of any level. */
export function useCode(id: string | null | undefined) {
  return useQuery({
    queryKey: libraryKeys.code(id ?? ''),
    queryFn: ({ signal }) => api.get<CodeRecord>(`/library/codes/${id}/`, { signal }),
    enabled: Boolean(id),
  });
}

/** A code's ancestors from L1 down, and the code itself last. */
export function useCodePath(id: string | null | undefined) {
  return useQuery({
    queryKey: libraryKeys.path(id ?? ''),
    queryFn: ({ signal }) => api.get<CodeRef[]>(`/library/codes/${id}/path/`, { signal }),
    enabled: Boolean(id),
  });
}

/** Codes of all levels matching `q`, with their paths. */
export function useLibrarySearch(q: string) {
  return useQuery({
    queryKey: libraryKeys.search(q),
    queryFn: ({ signal }) => api.get<SearchHit[]>('/library/search/', { query: { q, limit: 12 }, signal }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The budget totals: the whole library and every L1, L2 and L3 code. */
export function useRollup() {
  return useQuery({
    queryKey: libraryKeys.rollup,
    queryFn: ({ signal }) => api.get<Rollup>('/library/rollup/', { signal }),
  });
}

export function useUnits(enabled = true) {
  return useQuery({
    queryKey: libraryKeys.units,
    queryFn: ({ signal }) => api.get<UnitRecord[]>('/library/units/', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * Tells the browser where a code sits before it is opened, from what the page already knows (a
 * column's row, a search hit), so that it opens at once instead of after another call.
 */
export function primeCode(queryClient: QueryClient, path: CodeRef[], record?: CodeRecord) {
  const self = path[path.length - 1];
  if (!self) return;
  queryClient.setQueryData(libraryKeys.path(self.id), path);
  if (record) queryClient.setQueryData(libraryKeys.code(record.id), record);
}

/**
 * After a change to the library, everything shown of it is out of date (a roll-up moves with any
 * item), and so is the audit log. Queries about `gone` codes are left alone: they would only fail.
 */
function useInvalidateLibrary() {
  const queryClient = useQueryClient();
  return (gone: readonly string[] = []) =>
    Promise.all([
      queryClient.invalidateQueries({
        queryKey: all,
        predicate: (query: Query) => !gone.some((id) => query.queryKey.includes(id)),
      }),
      queryClient.invalidateQueries({ queryKey: resourceKeys.audit }),
    ]);
}

export function useCreateCode(level: CodeLevel) {
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (body: CodeCreate) => api.post<CodeSaved>(levelUrl(level), body),
    onSuccess: async (response) => {
      notifySuccess(response.successMessage);
      await invalidate();
    },
    onError: (error) => notifyError(errorMessageOf(error), { title: libraryMessages.addFailed(level) }),
  });
}

export function useUpdateCode(level: CodeLevel) {
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (body: CodeUpdate) => api.put<CodeSaved>(levelUrl(level, body.id), body),
    onSuccess: async (response) => {
      notifySuccess(response.successMessage);
      await invalidate();
    },
    onError: async (error) => {
      notifyError(errorMessageOf(error), {
        title: i18n.t('library:toasts.updateFailed', { level: levelLabel(level) }),
      });
      // Someone changed the code meanwhile: show it as it is now.
      if (staleRecordOf(error)) await invalidate();
    },
  });
}

/** Whether a failed delete was refused because codes sit below the code; how many, if so. */
export function descendantsOf(error: unknown): number | null {
  if (!isApiError(error) || error.errorCode !== errorCodes.hasChildren) return null;
  const count = Number(error.fieldErrors.descendants);
  return Number.isFinite(count) ? count : 0;
}

/**
 * Deletes a code. Without `cascade` the server refuses a code with codes below it (409
 * HAS_CHILDREN, with their count): that is no failure to report, the caller asks to confirm.
 */
export function useDeleteCode(level: CodeLevel) {
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: ({ id, cascade }: { id: string; cascade: boolean }) =>
      api.delete<Deleted>(levelUrl(level, id), { query: { cascade: cascade || undefined } }),
    onSuccess: async (response, { id }) => {
      notifySuccess(response.successMessage);
      await invalidate([id]);
    },
    onError: (error, { cascade }) => {
      if (!cascade && descendantsOf(error) !== null) return;
      notifyError(errorMessageOf(error), { title: libraryMessages.deleteFailed(level) });
    },
  });
}

type BulkDeleted = MutationResponse<typeof bulkDeleted>;
type BulkUpdated = MutationResponse<typeof bulkUpdated>;
const bulkItemsOf = (records: readonly CodeRecord[]) =>
  records.map((record) => ({ id: record.id, version: record.version }));

/** A code a bulk delete refused because codes sit below it, with how many. */
export interface BlockedCode {
  record: CodeRecord;
  descendants: number;
}

/**
 * The codes a bulk delete without cascade was refused for (409 HAS_CHILDREN: their ids, each with
 * the number of codes below it), or null when the failure is another one.
 */
export function blockedCodesOf(error: unknown, records: readonly CodeRecord[]): BlockedCode[] | null {
  if (!isApiError(error) || error.errorCode !== errorCodes.hasChildren) return null;
  return records.flatMap((record) => {
    const count = Number(error.fieldErrors[record.id]);
    return Number.isFinite(count) && count > 0 ? [{ record, descendants: count }] : [];
  });
}

/**
 * Deletes codes of a level in one request, all or none (the server's bulk-delete). Without
 * `cascade` a code with codes below it refuses the whole batch: no failure to report, the caller
 * asks whether to delete them with their codes (see blockedCodesOf).
 */
export function useBulkDelete(level: CodeLevel) {
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: ({ records, cascade }: { records: CodeRecord[]; cascade: boolean }) =>
      api.post<BulkDeleted>(`${levelUrl(level)}bulk-delete/`, {
        items: bulkItemsOf(records),
        cascade,
      } satisfies CodeBulkDelete),
    onSuccess: async ({ data }, { records }) => {
      notifySuccess(messages.deleted, { title: i18n.t('library:codeCount', { count: data.deleted }) });
      await invalidate(records.map((record) => record.id));
    },
    onError: async (error, { records, cascade }) => {
      if (!cascade && blockedCodesOf(error, records) !== null) return;
      notifyError(errorMessageOf(error), { title: libraryMessages.deleteFailed(level) });
      // Someone changed or deleted one of them meanwhile: show the list as it is now.
      await invalidate();
    },
  });
}

/** Activates or deactivates codes of a level in one request, all or none (the server's bulk-update). */
export function useBulkSetActive(level: CodeLevel) {
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: ({ records, isActive }: { records: CodeRecord[]; isActive: boolean }) =>
      api.post<BulkUpdated>(`${levelUrl(level)}bulk-update/`, {
        items: bulkItemsOf(records),
        changes: { isActive },
      } satisfies CodeBulkUpdate),
    onSuccess: async ({ data }) => {
      notifySuccess(messages.updated, { title: i18n.t('library:codeCount', { count: data.updated }) });
      await invalidate();
    },
    onError: async (error) => {
      notifyError(errorMessageOf(error), {
        title: i18n.t('library:toasts.updateManyFailed', { level: levelLabel(level) }),
      });
      await invalidate();
    },
  });
}

/* Units of L4 items. */

function useInvalidateUnits() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: libraryKeys.units }),
      // Items show their unit's name.
      queryClient.invalidateQueries({ queryKey: all }),
      queryClient.invalidateQueries({ queryKey: resourceKeys.audit }),
    ]);
}

export function useSaveUnit() {
  const invalidate = useInvalidateUnits();
  return useMutation({
    mutationFn: (body: UnitFields | UnitUpdate) =>
      'id' in body && body.id
        ? api.put<UnitSaved>(`/library/units/${body.id}/`, body)
        : api.post<UnitSaved>('/library/units/', body),
    onSuccess: async (response) => {
      notifySuccess(response.successMessage);
      await invalidate();
    },
    onError: async (error, body) => {
      notifyError(errorMessageOf(error), {
        title: i18n.t(
          'id' in body && body.id ? 'library:toasts.unitUpdateFailed' : 'library:toasts.unitAddFailed',
        ),
      });
      // Someone renamed the unit meanwhile: the list shows it as it is now.
      if (staleRecordOf(error)) await invalidate();
    },
  });
}

export function useDeleteUnit() {
  const invalidate = useInvalidateUnits();
  return useMutation({
    mutationFn: (id: string) => api.delete<MutationResponse<z.ZodMiniNull>>(`/library/units/${id}/`),
    onSuccess: async (response) => {
      notifySuccess(response.successMessage);
      await invalidate();
    },
    onError: (error) =>
      notifyError(errorMessageOf(error), { title: i18n.t('library:toasts.unitDeleteFailed') }),
  });
}

/* Export and import. */

/** Saves the library, or the subtree of `root`, as CSV (the import format). */
export function exportLibrary(root: CodeRef | null, onProgress?: (progress: DownloadProgress) => void) {
  const fileName = root ? `code-library-${root.codeComb}.csv` : 'code-library.csv';
  return downloadFile('/library/export/', {
    query: root ? { root: root.id } : undefined,
    fileName,
    onProgress,
  });
}

/**
 * Saves codes of a level as CSV, made by the server: those of the list as filtered (`query`), or
 * the `chosen` ones.
 */
export function exportCodes(
  level: CodeLevel,
  what: { query: CodeListParams } | { chosen: readonly CodeRecord[] },
  options: { onProgress?: (progress: DownloadProgress) => void; signal?: AbortSignal } = {},
) {
  const fileName = `${levelLabel(level).toLowerCase()}-codes.csv`;
  if ('chosen' in what) {
    return downloadFile('/library/export/', {
      ...options,
      fileName,
      body: { ids: what.chosen.map((record) => record.id) } satisfies LibrarySelectionExport,
    });
  }
  const { search, parent, isActive } = what.query;
  return downloadFile('/library/export/', {
    ...options,
    fileName,
    // The filters of the list the export is of: the export query of the contract (libraryExportQuery).
    query: { level: `${level}`, search, parent, isActive },
  });
}

/** Checks a CSV file without importing it: counts, and the errors of its rows. */
export async function previewImport(
  file: Blob,
  onUpload: (sent: number, total: number) => void,
  signal?: AbortSignal,
): Promise<ImportPreview> {
  const answer = await uploadWithProgress('/library/import/', {
    query: { dryRun: true },
    body: file,
    contentType: 'text/csv',
    onUploadProgress: onUpload,
    signal,
  });
  return JSON.parse(answer.text) as ImportPreview;
}

export type ImportProgress =
  | { phase: 'upload'; sent: number; total: number }
  | { phase: 'write'; done: number; total: number };

/**
 * Imports a CSV file, all or nothing, in one request: the upload reports its progress, then the
 * server streams its own (NDJSON lines: progress…, then done or failed), read as the lines arrive.
 * Resolves with the counts; a file with errors rejects with an ApiError (400) whose fieldErrors
 * are keyed `row.<n>.<field>`; a failed write rejects with its message.
 */
export async function runImport(
  file: Blob,
  onProgress: (progress: ImportProgress) => void,
  signal?: AbortSignal,
): Promise<ImportSummary> {
  const reader = ndjsonReader<ImportEvent>();
  let outcome: ImportEvent | undefined;
  const take = (events: ImportEvent[]) => {
    for (const event of events) {
      if (event.type === 'progress') onProgress({ phase: 'write', done: event.done, total: event.total });
      else outcome = event;
    }
  };
  const answer = await uploadWithProgress('/library/import/', {
    body: file,
    contentType: 'text/csv',
    accept: 'application/x-ndjson',
    onUploadProgress: (sent, total) => onProgress({ phase: 'upload', sent, total }),
    onResponseText: (text) => take(reader.push(text)),
    signal,
  });
  take(reader.end(answer.text));
  const last = outcome as ImportEvent | undefined;
  if (last?.type === 'done') return { rows: last.rows, inserted: last.inserted, updated: last.updated };
  throw new Error(last?.type === 'failed' ? last.errorMessage : i18n.t('library:import.noAnswer'));
}

/** The row errors of a refused import (400, fieldErrors keyed `row.<n>.<field>`). */
export function rowErrorsOf(error: unknown): ImportRowError[] {
  if (!isApiError(error)) return [];
  return Object.entries(error.fieldErrors).flatMap(([key, message]) => {
    const match = /^row\.(\d+)\.(.+)$/.exec(key);
    return match ? [{ row: Number(match[1]), field: match[2] ?? '', message }] : [];
  });
}

/** Every page of an infinite list, flattened. */
export function rowsOf(data: InfiniteData<CodeList> | undefined): CodeRecord[] {
  return data?.pages.flatMap((page) => page.results) ?? [];
}
