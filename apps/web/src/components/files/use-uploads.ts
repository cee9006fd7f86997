import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessageOf } from '../../lib/api';
import { isUploadCancelled } from '../../lib/upload';

export type UploadStatus = 'uploading' | 'done' | 'failed' | 'cancelled';

/** One file of the queue and how its upload goes. */
export interface UploadItem {
  id: string;
  file: File;
  /** Bytes sent so far, of `total`. */
  loaded: number;
  total: number;
  status: UploadStatus;
  /** Why it failed, in the user's language. */
  error: string | null;
}

/** Sends one file (e.g. `(file, o) => uploadFiles('/files', file, { ...o, fields: { folderId } })`). */
export type SendFile<T> = (
  file: File,
  options: { onProgress: (loaded: number, total: number) => void; signal: AbortSignal },
) => Promise<T>;

export interface Uploads {
  items: UploadItem[];
  /** Queues files: each is sent at once, in its own request (its own progress bar and cancel). */
  add: (files: readonly File[]) => void;
  cancel: (id: string) => void;
  /** Sends a failed or cancelled file again. */
  retry: (id: string) => void;
  /** Takes a finished file off the list. */
  dismiss: (id: string) => void;
  /** Takes every finished file off the list. */
  clearFinished: () => void;
  /** Whether any file is still being sent. */
  busy: boolean;
}

let lastId = 0;

/**
 * A queue of uploads, one request per file, with progress, cancel, errors per file and retry.
 * `send` is read when a file starts (the current folder at that moment); `onUploaded` runs after each
 * success (to refresh a list).
 */
export function useUploads<T>(
  send: SendFile<T>,
  { onUploaded }: { onUploaded?: (result: T, file: File) => void } = {},
): Uploads {
  const [items, setItems] = useState<UploadItem[]>([]);
  const shown = useRef(items);
  shown.current = items;
  const latest = useRef({ send, onUploaded });
  latest.current = { send, onUploaded };
  const controllers = useRef(new Map<string, AbortController>());

  const update = useCallback((id: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const start = useCallback(
    (id: string, file: File) => {
      const controller = new AbortController();
      controllers.current.set(id, controller);
      latest.current
        .send(file, {
          signal: controller.signal,
          onProgress: (loaded, total) => update(id, { loaded, total }),
        })
        .then(
          (result) => {
            update(id, { status: 'done', loaded: file.size, total: file.size });
            latest.current.onUploaded?.(result, file);
          },
          (error: unknown) =>
            update(
              id,
              isUploadCancelled(error)
                ? { status: 'cancelled' }
                : { status: 'failed', error: errorMessageOf(error) },
            ),
        )
        .finally(() => controllers.current.delete(id));
    },
    [update],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      const added = files.map((file) => ({
        id: `upload-${++lastId}`,
        file,
        loaded: 0,
        total: file.size,
        status: 'uploading' as const,
        error: null,
      }));
      setItems((current) => [...current, ...added]);
      for (const item of added) start(item.id, item.file);
    },
    [start],
  );

  const cancel = useCallback((id: string) => controllers.current.get(id)?.abort(), []);

  const retry = useCallback(
    (id: string) => {
      const item = shown.current.find((candidate) => candidate.id === id);
      if (!item || item.status === 'uploading' || item.status === 'done') return;
      update(id, { status: 'uploading', loaded: 0, error: null });
      start(id, item.file);
    },
    [start, update],
  );

  const dismiss = useCallback((id: string) => {
    setItems((current) => current.filter((item) => item.id !== id || item.status === 'uploading'));
  }, []);
  const clearFinished = useCallback(() => {
    setItems((current) => current.filter((item) => item.status === 'uploading'));
  }, []);

  // Leaving the page cancels what is still being sent.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  return {
    items,
    add,
    cancel,
    retry,
    dismiss,
    clearFinished,
    busy: items.some((item) => item.status === 'uploading'),
  };
}
