import {
  type ErrorResponse,
  errorCodes,
  type FieldError,
  fieldErrorOf,
  isFilled,
  messages,
} from '@ledgerdesk/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { foreignKeyViolation, isDataException, uniqueViolation } from '../db/errors';
import { AppError } from '../lib/errors';

function send(reply: FastifyReply, status: number, body: ErrorResponse) {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** The value at a path of a request's part ("lines", "0", "price"), or undefined. */
function valueAt(input: unknown, path: readonly string[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * Field errors keyed by the field's path ("email", "lines.0.price"), one per field: its English
 * message, and its code and parameters for the web to show in the user's language.
 */
function fieldErrorsOf(error: FastifyError, request: FastifyRequest) {
  const fieldErrors: Record<string, string> = {};
  const fieldErrorCodes: Record<string, FieldError> = {};
  const context = error.validationContext ?? 'body';
  const input = context === 'querystring' ? request.query : request[context];
  for (const issue of error.validation ?? []) {
    const path = issue.instancePath.split('/').filter(Boolean);
    const field = path.join('.') || context;
    if (field in fieldErrors) continue;
    fieldErrors[field] = issue.message ?? 'Invalid value';
    // The issue as zod gave it (the type provider keeps its code as `keyword`, the rest as `params`).
    const zodIssue = { ...issue.params, code: issue.keyword, path } as Parameters<typeof fieldErrorOf>[0];
    fieldErrorCodes[field] = fieldErrorOf(zodIssue, isFilled(valueAt(input, path)));
  }
  return { fieldErrors, fieldErrorCodes };
}

/** The one error handler: every failure leaves in the shape of the API contract. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, error.statusCode, {
        errorCode: error.errorCode,
        errorMessage: error.message,
        ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
        ...(error.fieldErrorCodes ? { fieldErrorCodes: error.fieldErrorCodes } : {}),
        ...(error.current === undefined ? {} : { current: error.current }),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(reply, 400, {
        errorCode: errorCodes.validation,
        errorMessage: messages.validation,
        ...fieldErrorsOf(error, request),
      });
    }
    // The database's refusals that are about the request, wherever they come from: a unique value
    // taken meanwhile (two creates of the same name at once), a record referred to that was deleted
    // meanwhile, or one still referred to. An area that has a clearer message maps its own first.
    if (uniqueViolation(error) !== null) {
      return send(reply, 409, { errorCode: errorCodes.conflict, errorMessage: messages.duplicate });
    }
    const reference = foreignKeyViolation(error);
    if (reference) {
      const errorMessage = reference === 'missing' ? messages.referenceMissing : messages.stillReferenced;
      return send(reply, 409, { errorCode: errorCodes.conflict, errorMessage });
    }
    if (isDataException(error)) {
      // Validation should have said so: logged, to be given its own check, but the client's fault.
      request.log.warn({ err: error }, 'a value the database refused passed validation');
      return send(reply, 400, { errorCode: errorCodes.badRequest, errorMessage: messages.valueOutOfRange });
    }
    const status = error.statusCode ?? 500;
    if (status === 413)
      return send(reply, 413, { errorCode: errorCodes.tooLarge, errorMessage: messages.tooLarge });
    if (status === 429) {
      return send(reply, 429, { errorCode: errorCodes.tooManyRequests, errorMessage: error.message });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type, ...) carry a readable message.
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.name === 'SyntaxError'
          ? 'The request body is not valid JSON.'
          : error.message;
      return send(reply, status, { errorCode: errorCodes.badRequest, errorMessage: message });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, { errorCode: errorCodes.internal, errorMessage: messages.internalError });
  });
}

export function notFound(reply: FastifyReply) {
  return send(reply, 404, { errorCode: errorCodes.notFound, errorMessage: messages.notFound });
}
