import { type ErrorResponse, messages } from '@ledgerdesk/contracts';
import { i18n } from '../i18n';
import { clearSession, getAccessToken } from './session';

export const API_BASE = '/api';

type FieldErrors = NonNullable<ErrorResponse['fieldErrors']>;

/**
 * The message of a request that never got an answer (offline, server down, blocked); errorMessageOf
 * shows it in the current language.
 */
export const NETWORK_ERROR_MESSAGE = 'The server could not be reached. Check your connection and try again.';

/** A failed API call: the HTTP status and the server's `{errorCode, errorMessage, fieldErrors}`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly errorCode: string;
  readonly fieldErrors: FieldErrors;
  /** With STALE_RECORD: the record as it is now stored (see lib/stale-record.ts). */
  readonly current: unknown;
  /** Each field error's code (see lib/validation.ts): its text in the user's language. */
  readonly fieldErrorCodes: ErrorResponse['fieldErrorCodes'];

  constructor(
    status: number,
    errorCode: string,
    message: string,
    fieldErrors: FieldErrors = {},
    current: unknown = undefined,
    fieldErrorCodes: ErrorResponse['fieldErrorCodes'] = {},
  ) {
    super(message);
    this.status = status;
    this.errorCode = errorCode;
    this.fieldErrors = fieldErrors;
    this.current = current;
    this.fieldErrorCodes = fieldErrorCodes;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server's stock messages (those its error codes carry), which the web shows in the user's language. */
const stockMessages = [
  'validation',
  'notFound',
  'forbidden',
  'internalError',
  'tooLarge',
  'duplicate',
  'referenceMissing',
  'stillReferenced',
  'valueOutOfRange',
  'keyRequired',
  'keyInvalid',
  'staleRecord',
  'loginFailed',
  'invalidCredentials',
  'unexpected',
  'nulCharacter',
  'brokenCharacter',
] as const satisfies readonly (keyof typeof messages)[];

/** A stock message in the user's language (`common:errors.server.*`); any other text as it is. */
function translated(message: string): string {
  const stock = stockMessages.find((name) => messages[name] === message);
  return stock ? i18n.t(`common:errors.server.${stock}`) : message;
}

/**
 * The message to show for any error, API or not: the server's stock messages in the user's
 * language; an area's own message (a name in use…) as the server wrote it, in English.
 */
export function errorMessageOf(error: unknown, fallback: string = messages.unexpected): string {
  if (error instanceof ApiError)
    return error.errorCode === 'NETWORK_ERROR' ? i18n.t('common:errors.network') : translated(error.message);
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  signal?: AbortSignal;
  /** Send the session's bearer token (default true). */
  auth?: boolean;
  /**
   * A 401 means the session has ended: clear it and send the user to sign in (default: same as
   * `auth`). Sign-out turns this off, so an already expired token still signs out quietly.
   */
  redirectOnUnauthorized?: boolean;
  /** The message when the server gives none and the status has no catalogue message. */
  fallbackMessage?: string;
}

let unauthorizedHandler: (() => void) | null = null;

/** Registered by the router: where to go when a call finds the session expired. */
export function setUnauthorizedHandler(handler: (() => void) | null) {
  unauthorizedHandler = handler;
}

/** The address of an API call: `/api` + path, with the query's set values. */
export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null && item !== '') params.append(key, String(item));
    }
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }
  return text;
}

function isErrorBody(body: unknown): body is Partial<ErrorResponse> {
  return typeof body === 'object' && body !== null;
}

function messageForStatus(status: number, fallback: string | undefined): string {
  if (status >= 500) return messages.internalError;
  if (status === 404) return messages.notFound;
  if (fallback) return fallback;
  if (status === 401) return messages.invalidCredentials;
  return messages.unexpected;
}

/** The ApiError of a failed answer: its status and its `{errorCode, errorMessage, fieldErrors}` body. */
export function toApiError(status: number, body: unknown, fallback?: string): ApiError {
  const errorBody = isErrorBody(body) ? body : {};
  const message =
    typeof errorBody.errorMessage === 'string' && errorBody.errorMessage
      ? errorBody.errorMessage
      : messageForStatus(status, fallback);
  const code = typeof errorBody.errorCode === 'string' ? errorBody.errorCode : `HTTP_${status}`;
  const fieldErrors =
    typeof errorBody.fieldErrors === 'object' && errorBody.fieldErrors !== null ? errorBody.fieldErrors : {};
  const fieldErrorCodes =
    typeof errorBody.fieldErrorCodes === 'object' && errorBody.fieldErrorCodes !== null
      ? errorBody.fieldErrorCodes
      : {};
  return new ApiError(status, code, message, fieldErrors, errorBody.current, fieldErrorCodes);
}

/**
 * The one way the web app calls the API: JSON in, JSON out (the parsed body is returned, nothing
 * else), bearer token from the session, failures thrown as ApiError.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, auth = true, fallbackMessage } = options;
  const redirectOnUnauthorized = options.redirectOnUnauthorized ?? auth;

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = auth ? getAccessToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }

  const data = await readBody(response);
  if (response.ok) return data as T;

  if (response.status === 401 && redirectOnUnauthorized) sessionEnded();
  throw toApiError(response.status, data, fallbackMessage);
}

/** A call found the session ended (401): forget it and send the user to sign in. */
export function sessionEnded() {
  clearSession();
  unauthorizedHandler?.();
}

type BodylessOptions = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: BodylessOptions) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: BodylessOptions) => request<T>(path, { ...options, method: 'DELETE' }),
};
