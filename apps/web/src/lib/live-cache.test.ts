import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { writeLive } from './live-cache';

/** A server whose count the test moves, answering each read only when the test lets it. */
function slowServer() {
  let count = 0;
  const waiting: Array<() => void> = [];
  let reads = 0;
  return {
    set: (value: number) => {
      count = value;
    },
    get reads() {
      return reads;
    },
    /** Reads the count now, answers it when `answer` is called. */
    read: () => {
      reads += 1;
      const seen = count;
      return new Promise<{ count: number }>((resolve) => waiting.push(() => resolve({ count: seen })));
    },
    answer: () => waiting.shift()?.(),
  };
}

const key = ['rooms'];
let client: QueryClient;

afterEach(() => client.clear());

function watch(server: ReturnType<typeof slowServer>) {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const observer = new QueryObserver(client, { queryKey: key, queryFn: server.read });
  // Subscribed, the query is active: an invalidation refetches it.
  const stop = observer.subscribe(() => undefined);
  return { observer, stop };
}

const settled = (predicate: () => boolean) => expect.poll(predicate).toBe(true);

describe('writeLive', () => {
  it('writes into the cached answer at once', async () => {
    const server = slowServer();
    const { observer, stop } = watch(server);
    server.answer();
    await settled(() => observer.getCurrentResult().isSuccess);
    writeLive<{ count: number }>(client, key, (data) => (data ? { count: data.count + 1 } : data));
    expect(client.getQueryData(key)).toEqual({ count: 1 });
    expect(server.reads).toBe(1);
    stop();
  });

  it('reads again after a fetch that was under way when the change came, so its old answer does not stay', async () => {
    const server = slowServer();
    const { observer, stop } = watch(server);
    server.answer();
    await settled(() => observer.getCurrentResult().isSuccess);

    // A refetch reads the count (0) before the change; the change reaches the page while it travels.
    void client.invalidateQueries({ queryKey: key });
    await settled(() => server.reads === 2);
    server.set(1);
    writeLive<{ count: number }>(client, key, (data) => (data ? { count: data.count + 1 } : data));
    expect(client.getQueryData(key)).toEqual({ count: 1 });

    // The old answer lands, then the read after it brings the count with the change.
    server.answer();
    await settled(() => server.reads === 3);
    server.answer();
    await settled(() => !observer.getCurrentResult().isFetching);
    expect(client.getQueryData(key)).toEqual({ count: 1 });
    stop();
  });

  it('follows a fetch under way with one more read, however many changes came meanwhile', async () => {
    const server = slowServer();
    const { observer, stop } = watch(server);
    server.answer();
    await settled(() => observer.getCurrentResult().isSuccess);

    void client.invalidateQueries({ queryKey: key });
    await settled(() => server.reads === 2);
    for (const count of [1, 2, 3]) {
      server.set(count);
      writeLive<{ count: number }>(client, key, (data) => (data ? { count: data.count + 1 } : data));
    }
    server.answer();
    await settled(() => server.reads === 3);
    server.answer();
    await settled(() => !observer.getCurrentResult().isFetching);
    expect(client.getQueryData(key)).toEqual({ count: 3 });
    expect(server.reads).toBe(3);
    stop();
  });
});
