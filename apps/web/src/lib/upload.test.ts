import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextRequest, stubXhr } from '../test/fake-xhr';
import { ApiError, errorMessageOf, setUnauthorizedHandler } from './api';
import { getAccessToken, setSession } from './session';
import { isUploadCancelled, uploadFiles } from './upload';

const user = {
  id: '00000000-0000-4000-8000-000000000001',
  username: 'ada',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'admin',
  groups: [],
  permissions: [],
};

const file = (name: string, text = 'hello') => new File([text], name, { type: 'text/plain' });

beforeEach(() => {
  stubXhr();
  setSession({ accessToken: 'token-1', user } as never);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

describe('uploadFiles', () => {
  it('posts the fields then the files as multipart with the bearer token and reports progress', async () => {
    const progress: [number, number][] = [];
    const done = uploadFiles<{ files: { id: string }[] }>('/files', [file('a.txt'), file('b.txt')], {
      fields: { folderId: 'f1', note: undefined },
      onProgress: (loaded, total) => progress.push([loaded, total]),
    });
    const xhr = await nextRequest();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/files');
    expect(xhr.headers.Authorization).toBe('Bearer token-1');
    // The browser writes the multipart type with its boundary.
    expect(xhr.headers['Content-Type']).toBeUndefined();
    const form = xhr.body as FormData;
    expect([...form.keys()]).toEqual(['folderId', 'file', 'file']);
    expect(xhr.sentFiles().map((sent) => sent.name)).toEqual(['a.txt', 'b.txt']);

    xhr.progress(4, 10);
    xhr.respond(201, { files: [{ id: 'x' }, { id: 'y' }] });
    await expect(done).resolves.toEqual({ files: [{ id: 'x' }, { id: 'y' }] });
    expect(progress[0]).toEqual([4, 10]);
    expect(progress.at(-1)).toEqual([10, 10]);
  });

  it('rejects a 413 with the server’s message naming the limit', async () => {
    const done = uploadFiles('/files', file('big.bin'));
    (await nextRequest()).respond(413, {
      errorCode: 'PAYLOAD_TOO_LARGE',
      errorMessage: 'The file is larger than 50 MB.',
    });
    const error = await done.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
    expect(errorMessageOf(error)).toBe('The file is larger than 50 MB.');
  });

  it('says the upload is too large when a 413 comes without the server’s message', async () => {
    const done = uploadFiles('/files', file('big.bin'));
    (await nextRequest()).respond(413, '<html>Request Entity Too Large</html>');
    await expect(done).rejects.toThrow('The request is too large.');
  });

  it('ends the session on a 401 as lib/api does', async () => {
    const unauthorized = vi.fn();
    setUnauthorizedHandler(unauthorized);
    const done = uploadFiles('/files', file('a.txt'));
    (await nextRequest()).respond(401, { errorCode: 'UNAUTHORIZED', errorMessage: 'Sign in again.' });
    await expect(done).rejects.toMatchObject({ status: 401 });
    expect(getAccessToken()).toBeNull();
    expect(unauthorized).toHaveBeenCalledOnce();
  });

  it('is cancelled through its signal, and a lost connection is a network error', async () => {
    const controller = new AbortController();
    const cancelled = uploadFiles('/files', file('a.txt'), { signal: controller.signal });
    const first = await nextRequest();
    controller.abort();
    const reason = await cancelled.catch((caught: unknown) => caught);
    expect(first.aborted).toBe(true);
    expect(isUploadCancelled(reason)).toBe(true);

    const lost = uploadFiles('/files', file('a.txt'));
    (await nextRequest(2)).fail();
    await expect(lost).rejects.toMatchObject({ errorCode: 'NETWORK_ERROR' });
  });
});
