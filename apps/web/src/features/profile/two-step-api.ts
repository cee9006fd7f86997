import type {
  RecoveryCodes,
  RememberedBrowser,
  TwoStepConfirm,
  TwoStepDisable,
  TwoStepEnrolment,
  TwoStepStatus,
} from '@ledgerdesk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZodMiniNull, ZodMiniType, ZodMiniUnknown } from 'zod/mini';
import { i18n } from '../../i18n';
import { api, errorMessageOf } from '../../lib/api';
import type { MutationResponse } from '../../lib/list';
import { notifyError, notifySuccess } from '../../lib/notify';
import { queryKeys, resourceKeys } from '../../lib/query-keys';

export const twoStepKeys = {
  status: queryKeys.all('/users/me/two-step'),
  browsers: queryKeys.all('/users/me/remembered-browsers'),
};

type Answer<T extends ZodMiniType> = MutationResponse<T>;
type CodesAnswer = { successMessage: string; data: RecoveryCodes };

export function useTwoStepStatus() {
  return useQuery({
    queryKey: twoStepKeys.status,
    queryFn: ({ signal }) => api.get<TwoStepStatus>('/users/me/two-step/', { signal }),
  });
}

/** After a change: the status, the users list (its indicator) and the audit log are refreshed. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: twoStepKeys.status }),
      queryClient.invalidateQueries({ queryKey: twoStepKeys.browsers }),
      queryClient.invalidateQueries({ queryKey: resourceKeys.users }),
      queryClient.invalidateQueries({ queryKey: resourceKeys.audit }),
    ]);
}

/** A new secret to set up (the QR code); the dialog shows the failure itself. */
export function useStartEnrolment() {
  return useMutation({
    mutationFn: () => api.post<TwoStepEnrolment>('/users/me/two-step/enrol/'),
  });
}

/** Turns it on with the first code: the recovery codes. Failures are shown on the code's field. */
export function useConfirmEnrolment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TwoStepConfirm) => api.post<CodesAnswer>('/users/me/two-step/confirm/', body),
    onSuccess: async (answer) => {
      notifySuccess(answer.successMessage);
      await refresh();
    },
  });
}

export function useRegenerateCodes() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TwoStepConfirm) => api.post<CodesAnswer>('/users/me/two-step/recovery-codes/', body),
    onSuccess: async (answer) => {
      notifySuccess(answer.successMessage);
      await refresh();
    },
  });
}

export function useDisableTwoStep() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TwoStepDisable) => api.post<Answer<ZodMiniNull>>('/users/me/two-step/disable/', body),
    onSuccess: async (answer) => {
      notifySuccess(answer.successMessage);
      await refresh();
    },
  });
}

export function useRememberedBrowsers() {
  return useQuery({
    queryKey: twoStepKeys.browsers,
    queryFn: ({ signal }) => api.get<RememberedBrowser[]>('/users/me/remembered-browsers/', { signal }),
  });
}

function useForgetMutation<Variables>(call: (variables: Variables) => Promise<Answer<ZodMiniUnknown>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (answer) => {
      notifySuccess(answer.successMessage);
      await queryClient.invalidateQueries({ queryKey: twoStepKeys.browsers });
    },
    onError: (error) =>
      notifyError(errorMessageOf(error), { title: i18n.t('profile:browsers.forgetFailed') }),
  });
}

export function useForgetBrowser() {
  return useForgetMutation((id: string) =>
    api.delete<Answer<ZodMiniUnknown>>(`/users/me/remembered-browsers/${id}/`),
  );
}

export function useForgetAllBrowsers() {
  return useForgetMutation(() =>
    api.post<Answer<ZodMiniUnknown>>('/users/me/remembered-browsers/forget-all/'),
  );
}
