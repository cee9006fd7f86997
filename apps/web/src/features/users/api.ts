import {
  type GroupRecord,
  type groupRecord,
  type ListQuery,
  type UserCreate,
  type UserListQuery,
  type UserUpdate,
  userMessages,
  type userRecord,
} from '@ledgerdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZodMiniNull, ZodMiniUnknown } from 'zod/mini';
import { i18n } from '../../i18n';
import { api, errorMessageOf } from '../../lib/api';
import type { ListResponse, MutationResponse } from '../../lib/list';
import { notifyError, notifySuccess } from '../../lib/notify';
import { resourceKeys } from '../../lib/query-keys';
import { staleRecordOf } from '../../lib/stale-record';
import type { ListParams } from '../../lib/table-url-state';

type UserList = ListResponse<typeof userRecord>;
type UserSaved = MutationResponse<typeof userRecord>;

/** The filters of the user list (the contract's list query beyond paging, ordering and search). */
export const userFilters = ['group', 'isActive', 'isAdmin'] as const satisfies readonly Exclude<
  keyof UserListQuery,
  keyof ListQuery
>[];
type UserListParams = ListParams<(typeof userFilters)[number]>;

export const userKeys = {
  all: resourceKeys.users,
  list: (query: UserListParams) => [...resourceKeys.users, 'list', query] as const,
};
/** The groups a user can be put in (read from the groups resource, so its changes refresh them). */
const groupOptionsKey = [...resourceKeys.groups, 'options'] as const;

export function fetchUsers(query: UserListParams, signal?: AbortSignal) {
  return api.get<UserList>('/users/user/', { query, signal });
}

/** One page of users; the previous page stays on screen while the next one loads. */
export function useUsers(query: UserListParams) {
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => fetchUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every group by name, for the group filter and the user form (needs groups.view). */
export function useGroupOptions(enabled: boolean) {
  return useQuery({
    queryKey: groupOptionsKey,
    queryFn: ({ signal }) =>
      api.get<ListResponse<typeof groupRecord>>('/users/group/', {
        query: { pageSize: 500, ordering: 'name' },
        signal,
      }),
    select: (page) => page.results.map((group: GroupRecord) => ({ value: group.id, label: group.name })),
    enabled,
    staleTime: 60_000,
  });
}

/** After a change to users: lists of users, groups (members) and the audit log are out of date. */
function useInvalidateAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: resourceKeys.users }),
      queryClient.invalidateQueries({ queryKey: resourceKeys.groups }),
      queryClient.invalidateQueries({ queryKey: resourceKeys.audit }),
    ]);
}

export function useCreateUser() {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (body: UserCreate) => api.post<UserSaved>('/users/user/', body),
    onSuccess: async (response) => {
      notifySuccess(response.successMessage);
      await invalidate();
    },
    onError: (error) => notifyError(errorMessageOf(error), { title: userMessages.addFailed }),
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (body: UserUpdate) => api.put<UserSaved>(`/users/user/${body.id}/`, body),
    onSuccess: async (response) => {
      notifySuccess(response.successMessage);
      await invalidate();
    },
    // A stale save is shown in the form, with its Reload action.
    onError: (error) => {
      if (staleRecordOf(error) === null)
        notifyError(errorMessageOf(error), { title: i18n.t('users:toasts.updateFailed') });
    },
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (id: string) => api.delete<MutationResponse<ZodMiniUnknown>>(`/users/user/${id}/`),
    onSuccess: async (response) => {
      notifySuccess(response.successMessage);
      await invalidate();
    },
    onError: (error) => notifyError(errorMessageOf(error), { title: userMessages.deleteFailed }),
  });
}

/** Mails the user a link to choose a new password. */
export function useSendPasswordResetMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<MutationResponse<ZodMiniNull>>(`/users/user/${id}/reset-password/`),
    onSuccess: async (response) => {
      notifySuccess(response.successMessage);
      await queryClient.invalidateQueries({ queryKey: resourceKeys.audit });
    },
    onError: (error) => notifyError(errorMessageOf(error), { title: i18n.t('users:toasts.mailFailed') }),
  });
}

/** Resets the user's two-step verification (a lost phone): they set it up again if a group requires it. */
export function useResetTwoStep() {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (id: string) => api.post<MutationResponse<ZodMiniNull>>(`/users/user/${id}/two-step/reset/`),
    onSuccess: async (response) => {
      notifySuccess(response.successMessage);
      await invalidate();
    },
    onError: (error) =>
      notifyError(errorMessageOf(error), { title: i18n.t('users:toasts.twoStepResetFailed') }),
  });
}
