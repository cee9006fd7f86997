import type { listResponse, mutationResponse } from '@ledgerdesk/contracts';
import type { z } from 'zod/mini';

/** `{count, page, pageSize, results}` of a list call, from the contract's item schema. */
export type ListResponse<Item extends z.ZodMiniType> = z.infer<ReturnType<typeof listResponse<Item>>>;

/** `{successCode, successMessage, data}` of a mutation, from the contract's data schema. */
export type MutationResponse<Data extends z.ZodMiniType> = z.infer<ReturnType<typeof mutationResponse<Data>>>;

/**
 * Whether a list goes on past this page: its count says so, or — past a capped count ("1,000+"),
 * which does not say where the list ends — the page came back full.
 */
export function hasMorePages(page: {
  page: number;
  pageSize: number;
  count: number;
  countCapped?: boolean;
  results: readonly unknown[];
}): boolean {
  if (page.results.length < page.pageSize) return false;
  return page.countCapped === true || page.page * page.pageSize < page.count;
}
