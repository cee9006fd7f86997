import type { GroupCreate, GroupUpdate, groupRecord, UserRecord, userRecord } from '@ledgerdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZodMiniUnknown } from 'zod/mini';
import { i18n } from '../../i18n';
import { api, errorMessageOf } from '../../lib/api';
import type { ListResponse, MutationResponse } from '../../lib/list';
import { notifyError, notifySuccess } from '../../lib/notify';
import { resourceKeys } from '../../lib/query-keys';
import { staleRecordOf } from '../../lib/stale-record';
import type { ListParams } from '../../lib/table-url-state';

type GroupSaved = MutationResponse<typeof groupRecord>;

export const groupKeys = {
  all: resourceKeys.groups,
  list: (query: ListParams) => [...resourceKeys.groups, 'list', query] as const,
};

/** One page of groups; the previous page stays on screen while the next one loads. */
export function useGroups(query: ListParams) {
  return useQuery({
    queryKey: groupKeys.list(query),
    queryFn: ({ signal }) => api.get<ListResponse<typeof groupRecord>>('/users/group/', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export interface UserOption {
  value: string;
  label: string;
}

export function userOptionOf(user: Pick<UserRecord, 'id' | 'email' | 'username'>): UserOption {
  return { value: user.id, label: `${user.username} (${user.email})` };
}

/** Users matching `search` (the first 20), to pick group members from. Needs users.view. */
export function useUserOptions(search: string, enabled: boolean) {
  const query = { search: search || undefined, pageSize: 20, ordering: 'email' };
  return useQuery({
    queryKey: [...resourceKeys.users, 'options', query] as const,
    queryFn: ({ signal }) => api.get<ListResponse<typeof userRecord>>('/users/user/', { query, signal }),
    select: (page) => page.results.map(userOptionOf),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** After a change to groups: groups, users (their group badges) and the audit log are out of date. */
function useInvalidateAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: resourceKeys.groups }),
      queryClient.invalidateQueries({ queryKey: resourceKeys.users }),
      queryClient.invalidateQueries({ queryKey: resourceKeys.audit }),
    ]);
}

export function useCreateGroup() {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (body: GroupCreate) => api.post<GroupSaved>('/users/group/', body),
    onSuccess: async (response) => {
      notifySuccess(response.successMessage);
      await invalidate();
    },
    onError: (error) => notifyError(errorMessageOf(error), { title: i18n.t('groups:toasts.addFailed') }),
  });
}

export function useUpdateGroup() {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (body: GroupUpdate) => api.put<GroupSaved>(`/users/group/${body.id}/`, body),
    onSuccess: async (response) => {
      notifySuccess(response.successMessage);
      await invalidate();
    },
    // A stale save is shown in the form, with its Reload action.
    onError: (error) => {
      if (staleRecordOf(error) === null)
        notifyError(errorMessageOf(error), { title: i18n.t('groups:toasts.updateFailed') });
    },
  });
}

export function useDeleteGroup() {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (id: string) => api.delete<MutationResponse<ZodMiniUnknown>>(`/users/group/${id}/`),
    onSuccess: async (response) => {
      notifySuccess(response.successMessage);
      await invalidate();
    },
    onError: (error) => notifyError(errorMessageOf(error), { title: i18n.t('groups:toasts.deleteFailed') }),
  });
}
