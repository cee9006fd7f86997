import type { Permission, SessionUser } from '@ledgerdesk/contracts';
import { useCallback } from 'react';
import { getSession, useSessionUser } from './session';

/**
 * Whether `user` (by default the signed-in one) may use `permission`. Administrators hold every
 * permission; anyone else holds those of their groups. The server checks again on every call: this
 * only decides what the screens offer.
 */
export function can(permission: Permission, user: SessionUser | null = getSession()?.user ?? null): boolean {
  if (!user) return false;
  return user.role === 'admin' || user.permissions.includes(permission);
}

/** `can` bound to the session user, re-rendering when the session changes. */
export function useCan(): (permission: Permission) => boolean {
  const user = useSessionUser();
  return useCallback((permission: Permission) => can(permission, user), [user]);
}
