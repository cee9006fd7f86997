/**
 * The `next` parameter of /login, if it is a path on this site. Anything else (absolute URLs,
 * protocol-relative `//host`, the login page itself) falls back to the dashboard.
 */
export function safeNextPath(next: string | null | undefined, fallback = '/'): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  if (next === '/login' || next.startsWith('/login?') || next.startsWith('/login/')) return fallback;
  return next;
}

/** The /login URL that brings the user back to `path` after signing in. */
export function loginUrlFor(path: string): string {
  const next = safeNextPath(path, '');
  return next ? `/login?next=${encodeURIComponent(next)}` : '/login';
}
