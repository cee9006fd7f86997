import type { LoginResponse } from '@ledgerdesk/contracts';

/**
 * The demo's one user: the administrator of the demo data set (the real server seeds it with these,
 * scripts/demo/snapshot.ts), shown on the sign-in page of the demo build.
 */
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'ledgerdesk-demo' } as const;

/** The records of one resource, as the real server listed them, and how its API reaches them. */
export type DemoRecord = Record<string, unknown>;
export type DemoCollection = {
  /** The list's path ("/api/apps/task", "/api/users/user/"). */
  path: string;
  /** The one record's path, as the OpenAPI document writes it ("/api/apps/task/{id}"). */
  item: string;
  /** The key the API names records by (`_id` or `id`). */
  key: '_id' | 'id';
  rows: DemoRecord[];
  /** The list's query parameters beyond paging, ordering and search. */
  filters: string[];
  /** SPEC §7's other list paths ("/api/sellers"). */
  listAliases: string[];
  addAlias: string | undefined;
  /** PUT with the key in the body. */
  updateAlias: string | undefined;
  /** DELETE with the key in a header. */
  deleteAlias: { path: string; header: string } | undefined;
  /** It has `bulk-delete` and `bulk-update` beside its list. */
  bulk: boolean;
  /** What a record is called in messages ("Task"). */
  label: string;
};

export type DemoSnapshot = {
  /** The admin's sign-in answer, token left out (the mock makes its own). */
  login: LoginResponse;
  collections: DemoCollection[];
  /** Other GET answers by URL (path, and `?name=value` for an enumerated query parameter). */
  answers: Record<string, unknown>;
  takenAt: string;
};
