import {
  type ErrorCode,
  type ErrorResponse,
  errorCodes,
  type FieldError,
  fieldErrorText,
  messages,
} from '@ledgerdesk/contracts';

/**
 * An error the client is meant to see: its status, code and message go out as they are.
 * Anything else thrown in a request becomes a 500 'Internal Server Error'.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
    /** With a stale update: the record as it is stored now, sent back as `current`. */
    readonly current?: unknown,
    /** Each field error's code and parameters (contracts' validation.ts), for the web to translate. */
    readonly fieldErrorCodes?: ErrorResponse['fieldErrorCodes'],
  ) {
    super(message);
  }

  static badRequest(message: string, fieldErrors?: Record<string, string>) {
    return new AppError(
      400,
      fieldErrors ? errorCodes.validation : errorCodes.badRequest,
      message,
      fieldErrors,
    );
  }
  /** One field's error, with its code (the web shows the code's text in the user's language). */
  static invalidField(field: string, error: FieldError, message = fieldErrorText(error, 'en')) {
    return new AppError(400, errorCodes.validation, message, { [field]: message }, undefined, undefined, {
      [field]: error,
    });
  }
  static unauthorized(message: string = messages.invalidCredentials) {
    return new AppError(401, errorCodes.unauthorized, message);
  }
  static forbidden(message: string = messages.forbidden) {
    return new AppError(403, errorCodes.forbidden, message);
  }
  static notFound(message: string = messages.notFound) {
    return new AppError(404, errorCodes.notFound, message);
  }
  static conflict(message: string, fieldErrors?: Record<string, string>) {
    return new AppError(409, errorCodes.conflict, message, fieldErrors);
  }
  /** An update of a version older than the stored one (optimistic concurrency): 409 with the record. */
  static stale(current: unknown) {
    return new AppError(409, errorCodes.stale, messages.staleRecord, undefined, undefined, current);
  }
  static tooManyRequests(message: string, retryAfterSeconds: number) {
    return new AppError(429, errorCodes.tooManyRequests, message, undefined, {
      'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    });
  }
}
