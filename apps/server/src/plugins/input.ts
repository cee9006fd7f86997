import { messages, textProblem } from '@ledgerdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

/**
 * The first string (a value or a key) of a request's parameters, query or body that no text column
 * may hold, as [field path, problem code]; null when there is none. Walked with a stack rather than by
 * recursion: a body nested a hundred thousand levels deep is a 400 like any other, not a stack overflow.
 */
export function unstorableText(input: unknown): [string, NonNullable<ReturnType<typeof textProblem>>] | null {
  const stack: [string, unknown][] = [['', input]];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const [path, value] = entry;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return [path, problem];
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const at = path ? `${path}.${key}` : key;
        const problem = textProblem(key);
        if (problem) return [at, problem];
        stack.push([at, child]);
      }
    }
  }
  return null;
}

/**
 * Every route, before its own validation: a NUL character or an unpaired surrogate anywhere in the
 * address, the query or the body is a 400 naming the field. PostgreSQL cannot store the first and
 * UTF-8 cannot carry the second, so either would otherwise fail deep in a query (a 500) or be
 * changed silently; the contracts' `text()` says the same to forms, and this covers every other
 * string (search terms, keys, CSV bodies, free-form JSON).
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    // Field errors name a body's field by its path ("lines.0.name"), as validation does; a CSV body
    // is "body".
    const body = request.body;
    const found =
      unstorableText(request.params) ??
      unstorableText(request.query) ??
      unstorableText(typeof body === 'string' ? { body } : body);
    if (found) {
      const [path, code] = found;
      const field = path || 'body';
      throw AppError.invalidField(field, { code }, messages[code]);
    }
  });
}
