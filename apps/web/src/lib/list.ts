import type { listResponse, mutationResponse } from '@ledgerdesk/contracts';
import type { z } from 'zod/mini';

/** `{count, page, pageSize, results}` of a list call, from the contract's item schema. */
export type ListResponse<Item extends z.ZodMiniType> = z.infer<ReturnType<typeof listResponse<Item>>>;

/** `{successCode, successMessage, data}` of a mutation, from the contract's data schema. */
export type MutationResponse<Data extends z.ZodMiniType> = z.infer<ReturnType<typeof mutationResponse<Data>>>;
