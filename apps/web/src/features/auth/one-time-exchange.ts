import { useEffect, useRef } from 'react';

type Exchange = { call: Promise<unknown>; taken: boolean };

/** The exchanges of this page load, by token. */
const exchanges = new Map<string, Exchange>();

/**
 * Sends a one-time token (a sign-in code, an e-mail confirmation) once per page load and hands its
 * answer over once. Sent again (React's development double effect, a re-render), the token would be
 * refused as used; its answer handed over again, the page would navigate again on each render that
 * its own navigation set off, each navigation cancelling the one before, and the next page would
 * never come. `onAnswer` and `onFailure` may change from one render to the next. Nothing is sent
 * while `token` is empty.
 */
export function useOneTimeExchange<T>(
  token: string,
  send: (token: string) => Promise<T>,
  handlers: { onAnswer: (answer: T) => void; onFailure: (failure: unknown) => void },
) {
  const latest = useRef(handlers);
  latest.current = handlers;
  const sendOnce = useRef(send);
  useEffect(() => {
    if (!token) return;
    let exchange = exchanges.get(token);
    if (!exchange) {
      exchange = { call: sendOnce.current(token), taken: false };
      exchanges.set(token, exchange);
    }
    const answer = exchange;
    let current = true;
    answer.call.then(
      (result) => {
        if (!current || answer.taken) return;
        answer.taken = true;
        latest.current.onAnswer(result as T);
      },
      (failure: unknown) => {
        if (current) latest.current.onFailure(failure);
      },
    );
    return () => {
      current = false;
    };
  }, [token]);
}
