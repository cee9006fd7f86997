import type { LoginResponse, SignInResult } from '@ledgerdesk/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { setSession } from '../../lib/session';

/** What the two-step page is handed with the navigation (React Router's location state). */
export type TwoStepState = {
  ticket: string;
  mode: 'verify' | 'enrol';
  /** Where to go once signed in. */
  next: string;
  /** "Keep me signed in", as chosen on the login page. */
  keep: boolean;
};

export const TWO_STEP_PATH = '/auth/two-step';

/** Starts the session a sign-in answered: kept across tabs (localStorage) when `keep`. */
export function startSession({ accessToken, ...user }: LoginResponse, keep: boolean) {
  setSession({ accessToken, user }, { keep });
}

/**
 * The end of every kind of sign-in in the browser (the password, a provider's callback): a session
 * starts and the user goes to `next`, or a second step is due and the two-step page takes over.
 */
export function useSignInResult() {
  const navigate = useNavigate();
  // One function for the page's life: a page may hand it to an effect.
  return useCallback(
    async (result: SignInResult, options: { next: string; keep: boolean }) => {
      // (Not the contracts' isTwoStepChallenge: the login page's script keeps zod out of its budget.)
      if ('twoStep' in result) {
        const state: TwoStepState = { ...result.twoStep, ...options };
        await navigate(TWO_STEP_PATH, { state });
        return;
      }
      startSession(result, options.keep);
      await navigate(options.next, { replace: true });
    },
    [navigate],
  );
}
