import { uploadWithProgress } from './transfer';

/** Form fields sent beside the files (a folder id…); unset values are left out. */
export type UploadFields = Record<string, string | number | boolean | null | undefined>;

export interface UploadFilesOptions {
  /** Sent before the files, so the server knows them when the first file arrives. */
  fields?: UploadFields;
  /** Bytes of the whole request sent so far, and its size. */
  onProgress?: (loaded: number, total: number) => void;
  /** Aborting cancels the upload: the promise rejects with a DOMException named "AbortError". */
  signal?: AbortSignal;
  /** The form field of each file (default "file"). */
  fieldName?: string;
}

/**
 * Uploads files to an API path (as `api.post` takes it: "/files", "/products/{id}/attachments") in one
 * multipart/form-data request with the session's bearer token, reporting progress (fetch cannot
 * report an upload's). Resolves with the parsed JSON answer; a failure rejects with lib/api's ApiError
 * (a 401 ends the session as lib/api does; a 413 carries the server's message naming the limit),
 * a cancel with an AbortError.
 */
export async function uploadFiles<T>(
  path: string,
  files: File | readonly File[],
  { fields = {}, onProgress, signal, fieldName = 'file' }: UploadFilesOptions = {},
): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  for (const file of files instanceof File ? [files] : files) form.append(fieldName, file, file.name);
  const answer = await uploadWithProgress(path, { body: form, onUploadProgress: onProgress, signal });
  return (answer.text ? JSON.parse(answer.text) : undefined) as T;
}

/** Whether an upload ended because it was cancelled (not a failure to show). */
export function isUploadCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
