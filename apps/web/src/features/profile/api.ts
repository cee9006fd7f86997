import type {
  AvatarResponse,
  OwnSession,
  PasswordChange,
  ProfileUpdate,
  SessionUser,
  sessionUser,
} from '@ledgerdesk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZodMiniNull, ZodMiniUnknown } from 'zod/mini';
import { i18n } from '../../i18n';
import { api, errorMessageOf } from '../../lib/api';
import type { MutationResponse } from '../../lib/list';
import { notifyError, notifySuccess } from '../../lib/notify';
import { resourceKeys } from '../../lib/query-keys';
import { getSession, updateSessionUser } from '../../lib/session';
import { uploadFiles } from '../../lib/upload';

export const profileKeys = {
  me: resourceKeys.me,
  sessions: resourceKeys.sessions,
};

/** PUT /users/me/: the answer is the new session user, shown at once in the top bar. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => api.put<MutationResponse<typeof sessionUser>>('/users/me/', body),
    onSuccess: async (response) => {
      // The answer names no avatar (only GET /users/me/ signs its URL): the one shown stays.
      const user: SessionUser = { avatarUrl: getSession()?.user.avatarUrl, ...response.data };
      updateSessionUser(user);
      queryClient.setQueryData(profileKeys.me, user);
      notifySuccess(response.successMessage);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: resourceKeys.users }),
        queryClient.invalidateQueries({ queryKey: resourceKeys.audit }),
      ]);
    },
    onError: (error) => notifyError(errorMessageOf(error), { title: i18n.t('profile:toasts.updateFailed') }),
  });
}

/** POST /users/me/password/: the other sessions are signed out by the server. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChange) =>
      api.post<MutationResponse<ZodMiniNull>>('/users/me/password/', body),
    onSuccess: async (response) => {
      notifySuccess(response.successMessage);
      await queryClient.invalidateQueries({ queryKey: profileKeys.sessions });
    },
    onError: (error) =>
      notifyError(errorMessageOf(error), { title: i18n.t('profile:toasts.passwordFailed') }),
  });
}

export function useOwnSessions() {
  return useQuery({
    queryKey: profileKeys.sessions,
    queryFn: ({ signal }) => api.get<OwnSession[]>('/users/me/sessions/', { signal }),
  });
}

function useSessionMutation<Variables>(
  call: (variables: Variables) => Promise<MutationResponse<ZodMiniUnknown>>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (response) => {
      notifySuccess(response.successMessage);
      await queryClient.invalidateQueries({ queryKey: profileKeys.sessions });
    },
    onError: (error) => notifyError(errorMessageOf(error), { title: i18n.t('profile:toasts.revokeFailed') }),
  });
}

/** Signs out one of your other sessions. */
export function useRevokeSession() {
  return useSessionMutation((id: string) =>
    api.delete<MutationResponse<ZodMiniUnknown>>(`/users/me/sessions/${id}/`),
  );
}

/** Signs out every session but this one. */
export function useRevokeOtherSessions() {
  return useSessionMutation(() =>
    api.post<MutationResponse<ZodMiniUnknown>>('/users/me/sessions/revoke-others/'),
  );
}

/**
 * The user's picture: POST /users/{id}/avatar uploads one image (it replaces the one before), DELETE
 * removes it; the top bar, the profile and the users list show the new one at once.
 */
export function useAvatar(userId: string) {
  const queryClient = useQueryClient();
  const changed = async (answer: AvatarResponse) => {
    const user = getSession()?.user;
    if (user?.id === userId) {
      updateSessionUser({ ...user, avatarUrl: answer.avatarUrl });
      queryClient.setQueryData<SessionUser>(profileKeys.me, (me) =>
        me ? { ...me, avatarUrl: answer.avatarUrl } : me,
      );
    }
    await queryClient.invalidateQueries({ queryKey: resourceKeys.users });
  };
  const failed = (error: unknown) =>
    notifyError(errorMessageOf(error), { title: i18n.t('profile:avatar.failed') });
  const upload = useMutation({
    mutationFn: (file: File) => uploadFiles<AvatarResponse>(`/users/${userId}/avatar`, file),
    onSuccess: async (answer) => {
      await changed(answer);
      notifySuccess(i18n.t('profile:avatar.changed'));
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: () => api.delete<AvatarResponse>(`/users/${userId}/avatar`),
    onSuccess: async (answer) => {
      await changed(answer);
      notifySuccess(i18n.t('profile:avatar.removed'));
    },
    onError: failed,
  });
  return { upload, remove };
}
