import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api';
import { getAccessToken, subscribeSession } from '../lib/session';

/** A 4xx answer will not change on a retry; network failures and 5xx get two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// The cache belongs to one session: when it ends or another begins, nothing cached may carry over.
let cachedFor = getAccessToken();
subscribeSession(() => {
  const token = getAccessToken();
  if (token === cachedFor) return;
  cachedFor = token;
  queryClient.clear();
});
