import type {
  AuditEntry,
  AuditListQuery,
  auditEntry,
  ListQuery,
  UserRecord,
  userRecord,
} from '@ledgerdesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { ListResponse } from '../../lib/list';
import { resourceKeys } from '../../lib/query-keys';
import type { ListParams } from '../../lib/table-url-state';

/** The filters of the audit log (the contract's list query beyond paging, ordering and search). */
export const auditFilters = [
  'actor',
  'entity',
  'entityKey',
  'action',
  'from',
  'to',
] as const satisfies readonly Exclude<keyof AuditListQuery, keyof ListQuery>[];
export type AuditListParams = ListParams<(typeof auditFilters)[number]>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The URL keeps a day ("2026-03-01"); the API takes a moment: the start of the day for `from`,
 * its end for `to`, in the reader's time zone. Anything else is passed on for the server to judge.
 */
export function dayBound(value: string | undefined, end: boolean): string | undefined {
  if (!value || !DAY.test(value)) return value;
  const date = new Date(`${value}T${end ? '23:59:59.999' : '00:00:00'}`);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

export const auditKeys = {
  all: resourceKeys.audit,
  list: (query: AuditListParams) => [...resourceKeys.audit, 'list', query] as const,
  detail: (id: string) => [...resourceKeys.audit, 'detail', id] as const,
};

export function useAuditEntries(query: AuditListParams) {
  return useQuery({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) =>
      api.get<ListResponse<typeof auditEntry>>('/audit/', {
        query: { ...query, from: dayBound(query.from, false), to: dayBound(query.to, true) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One entry, for a drawer opened by URL (the entry is not on the page shown). */
export function useAuditEntry(id: string | null, initial: AuditEntry | undefined) {
  return useQuery({
    queryKey: auditKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<AuditEntry>(`/audit/${id}/`, { signal }),
    enabled: id !== null,
    initialData: initial,
  });
}

export interface ActorOption {
  value: string;
  label: string;
}

const actorOption = (user: Pick<UserRecord, 'id' | 'email' | 'username'>): ActorOption => ({
  value: user.id,
  label: `${user.username} (${user.email})`,
});

/** Users matching `search`, to filter by actor (needs users.view). */
export function useActorOptions(search: string, enabled: boolean) {
  const query = { search: search || undefined, pageSize: 20, ordering: 'email' };
  return useQuery({
    queryKey: [...resourceKeys.users, 'options', query] as const,
    queryFn: ({ signal }) => api.get<ListResponse<typeof userRecord>>('/users/user/', { query, signal }),
    select: (page) => page.results.map(actorOption),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The actor chosen in the URL, for its label when it is not among the options found. */
export function useActor(id: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...resourceKeys.users, 'detail', id ?? ''] as const,
    queryFn: ({ signal }) => api.get<UserRecord>(`/users/user/${id}/`, { signal }),
    select: actorOption,
    enabled: enabled && Boolean(id),
    retry: false,
  });
}
