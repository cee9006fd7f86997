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

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be unavailable (privacy settings, sandboxed frames): the session then lives in memory.
    return null;
  }
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
  const raw = storage()?.getItem(STORAGE_KEY);
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

export function setSession(session: Session) {
  current = session;
  storage()?.setItem(STORAGE_KEY, JSON.stringify(session));
  emit();
}

/** Replaces the user of the current session (after GET /users/me/), keeping the token. */
export function updateSessionUser(user: SessionUser) {
  const session = getSession();
  if (!session) return;
  setSession({ ...session, user });
}

export function clearSession() {
  current = null;
  storage()?.removeItem(STORAGE_KEY);
  emit();
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
