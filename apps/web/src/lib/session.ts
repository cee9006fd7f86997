import type { LoginResponse, SessionUser } from '@ledgerdesk/contracts';
import { useSyncExternalStore } from 'react';

/** The signed-in session: the bearer token and the user it belongs to. */
export interface Session {
  accessToken: LoginResponse['accessToken'];
  user: SessionUser;
}

const STORAGE_KEY = 'ledgerdesk.session';

type Listener = () => void;
const listeners = new Set<Listener>();

/** Parsed once and then kept, so readers get a stable object until the session changes. */
let current: Session | null | undefined;

/**
 * Where the session lives: sessionStorage by default (SPEC §9: this tab, until it closes), or
 * localStorage when the user chose "keep me signed in" (every tab, across restarts of the browser).
 */
type Place = 'sessionStorage' | 'localStorage';

function storage(place: Place): Storage | null {
  try {
    return window[place];
  } catch {
    // Storage can be unavailable (privacy settings, sandboxed frames): the session then lives in memory.
    return null;
  }
}

/** Where the current session is kept: the tab's own first, then the one kept across tabs. */
function placeOf(): Place | null {
  if (storage('sessionStorage')?.getItem(STORAGE_KEY)) return 'sessionStorage';
  if (storage('localStorage')?.getItem(STORAGE_KEY)) return 'localStorage';
  return null;
}

/**
 * A cheap shape check of what sessionStorage holds (no zod in the entry chunk): enough that the
 * shell can render it. Anything else (an older format, a hand-edited value) is no session.
 */
function looksLikeSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const { accessToken, user } = value as Partial<Record<keyof Session, unknown>>;
  if (typeof accessToken !== 'string' || accessToken.length === 0) return false;
  if (typeof user !== 'object' || user === null) return false;
  const fields = user as Partial<Record<keyof SessionUser, unknown>>;
  const strings = [fields.id, fields.username, fields.email, fields.firstName, fields.lastName, fields.role];
  return (
    strings.every((field) => typeof field === 'string') &&
    Array.isArray(fields.groups) &&
    Array.isArray(fields.permissions)
  );
}

function read(): Session | null {
  const place = placeOf();
  const raw = place ? storage(place)?.getItem(STORAGE_KEY) : null;
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return looksLikeSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function emit() {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  if (current === undefined) current = read();
  return current;
}

export function getAccessToken(): string | null {
  return getSession()?.accessToken ?? null;
}

/**
 * Starts (or replaces) the session; `keep` ("keep me signed in") keeps it in localStorage, else
 * in this tab's sessionStorage. Left out, it stays where the current session is.
 */
export function setSession(session: Session, options: { keep?: boolean } = {}) {
  const place: Place =
    options.keep === undefined
      ? (placeOf() ?? 'sessionStorage')
      : options.keep
        ? 'localStorage'
        : 'sessionStorage';
  current = session;
  storage(place === 'localStorage' ? 'sessionStorage' : 'localStorage')?.removeItem(STORAGE_KEY);
  storage(place)?.setItem(STORAGE_KEY, JSON.stringify(session));
  emit();
}

/** Replaces the user of the current session (after GET /users/me/), keeping the token. */
export function updateSessionUser(user: SessionUser) {
  const session = getSession();
  if (!session) return;
  setSession({ ...session, user });
}

/** Ends the session in both places (a kept one would sign the next tab in again). */
export function clearSession() {
  current = null;
  storage('sessionStorage')?.removeItem(STORAGE_KEY);
  storage('localStorage')?.removeItem(STORAGE_KEY);
  emit();
}

// A kept session signed out (or in) in another tab: this tab follows.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    const before = current;
    current = read();
    if (before?.accessToken !== current?.accessToken) emit();
  });
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function useSessionUser(): SessionUser | null {
  return useSession()?.user ?? null;
}
