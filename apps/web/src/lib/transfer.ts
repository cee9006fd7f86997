import { messages } from '@ledgerdesk/contracts';
import {
  ApiError,
  apiUrl,
  NETWORK_ERROR_MESSAGE,
  type RequestOptions,
  sessionEnded,
  toApiError,
} from './api';
import { getAccessToken } from './session';

/*
 * Files to and from the API, with progress: downloads (the token is a bearer header, not a cookie,
 * so a plain link cannot fetch them) and uploads (XMLHttpRequest: fetch cannot report how much of a
 * request body has been sent).
 */

function bearer(): Record<string, string> {
  const token = getAccessToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The failed answer as an ApiError; a 401 also ends the session (as lib/api does). A 413 without
 * the server's own message (a proxy's page) still says that the upload is too large.
 */
function failure(status: number, text: string): ApiError {
  if (status === 401) sessionEnded();
  return toApiError(status, parseJson(text), status === 413 ? messages.tooLarge : undefined);
}

/** The file name a Content-Disposition header gives, if any. */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // Not valid percent-encoding: fall back to the plain name.
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1];
}

/** Saves a Blob as a file through a temporary Blob URL. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the Blob once the download has started; give it a moment before letting go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export interface DownloadProgress {
  /** Bytes received so far. */
  received: number;
  /** The size announced by the server, when it announced one (a streamed answer does not). */
  total: number | null;
}

export interface DownloadOptions {
  query?: RequestOptions['query'];
  /** Sent as JSON in a POST (what to export, when it is too long for the address); a GET without. */
  body?: unknown;
  /** The name to save under; by default the one the server gives, else "download". */
  fileName?: string;
  onProgress?: (progress: DownloadProgress) => void;
  signal?: AbortSignal;
}

/**
 * Downloads an API answer as a file: fetched with the bearer token, read as it arrives (reporting
 * progress), then saved via a Blob URL. Resolves with the name and size saved; failures are ApiErrors.
 */
export async function downloadFile(
  path: string,
  options: DownloadOptions = {},
): Promise<{ fileName: string; size: number }> {
  const { query, body, onProgress, signal } = options;
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      ...(body === undefined
        ? { headers: { Accept: '*/*', ...bearer() } }
        : {
            method: 'POST',
            headers: { Accept: '*/*', 'Content-Type': 'application/json', ...bearer() },
            body: JSON.stringify(body),
          }),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) throw failure(response.status, await response.text());

  const announced = Number(response.headers.get('content-length'));
  const total = Number.isFinite(announced) && announced > 0 ? announced : null;
  const parts: BlobPart[] = [];
  let received = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      received += value.byteLength;
      onProgress?.({ received, total });
    }
  } else {
    const whole = await response.arrayBuffer();
    parts.push(whole);
    received = whole.byteLength;
    onProgress?.({ received, total });
  }
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const fileName = options.fileName ?? fileNameOf(response.headers.get('content-disposition')) ?? 'download';
  saveBlob(new Blob(parts, { type }), fileName);
  return { fileName, size: received };
}

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  query?: RequestOptions['query'];
  /** The request body, sent as it is (a File is streamed from disk; FormData as multipart). */
  body: Blob | string | FormData;
  /** Left out for FormData: the browser then writes the multipart type with its boundary. */
  contentType?: string;
  accept?: string;
  /** How much of the body has been sent. */
  onUploadProgress?: (sent: number, total: number) => void;
  /** The answer's text so far, each time more of it arrives (for answers streamed line by line). */
  onResponseText?: (text: string) => void;
  signal?: AbortSignal;
}

export interface UploadAnswer {
  status: number;
  contentType: string;
  text: string;
}

/**
 * Sends a body to the API with XMLHttpRequest, reporting upload progress and, while the answer
 * streams in, its text so far. Resolves with a 2xx answer; rejects with an ApiError otherwise.
 */
export function uploadWithProgress(path: string, options: UploadOptions): Promise<UploadAnswer> {
  const { method = 'POST', query, body, contentType, accept = 'application/json', signal } = options;
  return new Promise<UploadAnswer>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, apiUrl(path, query));
    if (contentType) xhr.setRequestHeader('Content-Type', contentType);
    xhr.setRequestHeader('Accept', accept);
    for (const [name, value] of Object.entries(bearer())) xhr.setRequestHeader(name, value);

    // The body's size when it can be known before sending (FormData's only once the browser encodes it).
    let total = typeof body === 'string' ? body.length : body instanceof Blob ? body.size : 0;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) total = event.total;
      options.onUploadProgress?.(event.loaded, Math.max(total, event.loaded));
    };
    xhr.upload.onload = () => options.onUploadProgress?.(total, total);
    xhr.onprogress = () => {
      if (xhr.status >= 200 && xhr.status < 300) options.onResponseText?.(xhr.responseText);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onResponseText?.(xhr.responseText);
        resolve({
          status: xhr.status,
          contentType: xhr.getResponseHeader('content-type') ?? '',
          text: xhr.responseText,
        });
      } else {
        reject(failure(xhr.status, xhr.responseText));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/**
 * Reads newline-delimited JSON from text that grows as it arrives: `push` the text so far, get the
 * objects of the lines completed since the last push. `end` reads a last line without a newline.
 */
export function ndjsonReader<T>() {
  let consumed = 0;
  const parse = (text: string, upTo: number): T[] => {
    const lines = text.slice(consumed, upTo).split('\n');
    consumed = upTo;
    return lines.flatMap((line) => {
      const trimmed = line.trim();
      if (!trimmed) return [];
      const value = parseJson(trimmed);
      return value === undefined ? [] : [value as T];
    });
  };
  return {
    push(text: string): T[] {
      const end = text.lastIndexOf('\n') + 1;
      return end > consumed ? parse(text, end) : [];
    },
    end(text: string): T[] {
      return text.length > consumed ? parse(text, text.length) : [];
    },
  };
}
