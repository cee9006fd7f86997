import type { Permission } from '@ledgerdesk/contracts';
import { generatePath, type UIMatch } from 'react-router';

/**
 * A step of the breadcrumb trail, as a route declares it: a catalogue key with its namespace
 * ("shell:nav.crm") and where it leads, or the record the page shows (named by the page itself).
 * `to` may hold the route's parameters (":id"), filled from the matched URL.
 */
export type CrumbSpec =
  | { label: string; values?: Record<string, string>; to: string }
  | { record: true; to: string };

/** What a route declares in its `handle`. */
export interface RouteHandle {
  /** The permission a page needs; without it the shell shows the 403 page instead. */
  permission?: Permission;
  /** Its place in the breadcrumb trail, after those of the routes around it; the page is the last step. */
  crumbs?: CrumbSpec[];
}

function handleOf(match: UIMatch): RouteHandle {
  return typeof match.handle === 'object' && match.handle !== null ? (match.handle as RouteHandle) : {};
}

/** The permissions the matched routes need, outermost first. */
export function requiredPermissions(matches: readonly UIMatch[]): Permission[] {
  return matches.flatMap((match) => {
    const { permission } = handleOf(match);
    return permission ? [permission] : [];
  });
}

/** A step of the trail, its address filled in. */
export type Crumb =
  | { label: string; values?: Record<string, string>; to: string }
  | { record: true; to: string };

/**
 * The breadcrumb trail of the matched routes, outermost first (Dashboard › Area › Page › Record ›
 * Edit). A step leading where the one before it leads is dropped (an area whose first page is at
 * its own address has one step, not two).
 */
export function breadcrumbsOf(matches: readonly UIMatch[]): Crumb[] {
  const trail: Crumb[] = [];
  for (const match of matches) {
    for (const spec of handleOf(match).crumbs ?? []) {
      const crumb = { ...spec, to: generatePath(spec.to, match.params) };
      if (trail.at(-1)?.to !== crumb.to) trail.push(crumb);
    }
  }
  return trail;
}
