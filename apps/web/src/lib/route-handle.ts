import type { Permission } from '@ledgerdesk/contracts';
import type { UIMatch } from 'react-router';

/** What a route declares in its `handle`. */
export interface RouteHandle {
  /** The permission a page needs; without it the shell shows the 403 page instead. */
  permission?: Permission;
}

function permissionOf(handle: unknown): Permission | undefined {
  if (typeof handle !== 'object' || handle === null || !('permission' in handle)) return undefined;
  const { permission } = handle as RouteHandle;
  return permission;
}

/** The permissions the matched routes need, outermost first. */
export function requiredPermissions(matches: readonly UIMatch[]): Permission[] {
  return matches.flatMap((match) => {
    const permission = permissionOf(match.handle);
    return permission ? [permission] : [];
  });
}
