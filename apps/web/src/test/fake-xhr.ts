import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest (jsdom's would try the network): each request made is kept in
 * `requests`, and the test drives it: `progress(loaded, total)`, `respond(status, body)`, `fail()`.
 */
export class FakeXhr {
  static requests: FakeXhr[] = [];

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;
  private responseHeaders: Record<string, string> = {};

  upload: { onprogress: ((event: ProgressEvent) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  onprogress: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.requests.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The browser reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  /** The server answers (a JSON body for an object). */
  respond(status: number, body: unknown = '') {
    this.upload.onload?.();
    this.status = status;
    const json = typeof body !== 'string';
    this.responseHeaders = { 'content-type': json ? 'application/json' : 'text/plain' };
    this.responseText = json ? JSON.stringify(body) : body;
    this.onload?.();
  }
  /** The connection fails (offline…). */
  fail() {
    this.onerror?.();
  }

  /** The files sent (in a FormData body), by field name and file name. */
  sentFiles(): { field: string; name: string }[] {
    if (!(this.body instanceof FormData)) return [];
    return [...this.body.entries()].flatMap(([field, value]) =>
      value instanceof File ? [{ field, name: value.name }] : [],
    );
  }
}

/** Installs FakeXhr as the global XMLHttpRequest for the test (undone by vi.unstubAllGlobals). */
export function stubXhr() {
  FakeXhr.requests = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr;
}

/** The latest request made, once it has been sent. */
export async function nextRequest(count = 1): Promise<FakeXhr> {
  await vi.waitFor(() => {
    if (FakeXhr.requests.length < count) throw new Error(`waiting for request ${count}`);
  });
  return FakeXhr.requests[count - 1] as FakeXhr;
}
