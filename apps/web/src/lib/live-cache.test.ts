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
const addOne = () =>
  writeLive<{ count: number }>(client, key, (data) => (data ? { count: data.count + 1 } : data));

/** A page that has read the count once (0). */
async function loaded() {
  const server = slowServer();
  const { observer, stop } = watch(server);
  server.answer();
  await settled(() => observer.getCurrentResult().isSuccess);
  return { server, observer, stop };
}

/**
 * The count changed `changes` times while a refetch that read it before (0) was travelling, each
 * change written by writeLive; then every read is answered. Answers the count the page ends with.
 */
async function changedDuringRefetch(changes: number) {
  const { server, observer, stop } = await loaded();
  void client.invalidateQueries({ queryKey: key });
  await settled(() => server.reads === 2);
  for (let count = 1; count <= changes; count++) {
    server.set(count);
    addOne();
  }
  expect(client.getQueryData(key)).toEqual({ count: changes });
  // The old answer lands, then the read after it brings the count with the changes.
  server.answer();
  await settled(() => server.reads === 3);
  server.answer();
  await settled(() => !observer.getCurrentResult().isFetching);
  stop();
  return { count: client.getQueryData(key), reads: server.reads };
}

describe('writeLive', () => {
  it('writes into the cached answer at once, without a read', async () => {
    const { server, stop } = await loaded();
    addOne();
    expect(client.getQueryData(key)).toEqual({ count: 1 });
    expect(server.reads).toBe(1);
    stop();
  });

  it('reads again after a fetch that was under way when the change came, so its old answer does not stay', async () => {
    expect((await changedDuringRefetch(1)).count).toEqual({ count: 1 });
  });

  it('follows a fetch under way with one more read, however many changes came meanwhile', async () => {
    expect(await changedDuringRefetch(3)).toEqual({ count: { count: 3 }, reads: 3 });
  });
});
