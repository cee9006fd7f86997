import type { ReactNode } from 'react';
import { useMatches } from 'react-router';
import { useCan } from '../../lib/permissions';
import { requiredPermissions } from '../../lib/route-handle';
import { ForbiddenPage } from '../pages/ForbiddenPage';

/**
 * The one place where pages are guarded: a matched route whose `handle.permission` the user does
 * not hold shows the 403 page instead of the page (which then makes no calls of its own). It
 * follows the session, so a change of permissions (GET /users/me/) takes effect at once.
 */
export function PermissionGate({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const can = useCan();
  const allowed = requiredPermissions(matches).every((permission) => can(permission));
  return allowed ? children : <ForbiddenPage />;
}
