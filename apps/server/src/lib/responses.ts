import { messages, mutationResponse } from '@ledgerdesk/contracts';
import { z } from 'zod/mini';

/** The success envelope of a mutation (ARCHITECTURE.md "API contract"). */
export function done<T>(successCode: string, successMessage: string, data: T) {
  return { successCode, successMessage, data };
}
export const added = <T>(entity: string, data: T) => done('ADDED', messages.added(entity), data);
export const updated = <T>(data: T) => done('UPDATED', messages.updated, data);
export const deleted = <T>(data: T) => done('DELETED', messages.deleted, data);

export const emptyMutation = mutationResponse(z.null());
