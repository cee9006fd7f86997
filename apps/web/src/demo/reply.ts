import { messages, type SessionUser } from '@ledgerdesk/contracts';
import { HttpResponse } from 'msw';
import type { DemoData } from './data';

/** The answers of the mock's routes, shared by the generic handlers and the areas' own (chat, kanban, mail). */

export const json = (body: unknown, status = 200) => HttpResponse.json(body as never, { status });
/** The mock's failures: status 400, the server's error body with SPEC §8's message. */
export const mockFailure = (message: string) => json({ errorCode: 'MOCK_ERROR', errorMessage: message }, 400);
export const notFound = () => json({ errorCode: 'NOT_FOUND', errorMessage: messages.notFound }, 404);

/** The server's write answers (`mutationResponse`): its toast's text and the record. */
export const added = (label: string, data: unknown) =>
  json({ successCode: 'ADDED', successMessage: messages.added(label), data }, 201);
export const updated = (data: unknown) =>
  json({ successCode: 'UPDATED', successMessage: messages.updated, data });
export const deleted = (data: unknown) =>
  json({ successCode: 'DELETED', successMessage: messages.deleted, data });

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A non-empty string of a body, else undefined (what the mock's "needs a body" rule asks for). */
export const textIn = (body: unknown, field: string): string | undefined => {
  const value = isObject(body) ? body[field] : undefined;
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
};

export const newKey = () => crypto.randomUUID();
export const now = () => new Date().toISOString();

export const ME = '/api/users/me/';
/** The demo's one user, as the session knows it (its profile changes included). */
export const demoUser = (data: DemoData) => (data.answer(ME) ?? data.snapshot.login) as SessionUser;
