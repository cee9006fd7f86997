import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/*
 * Live events are written into the cached answers instead of fetching them again. A fetch of the
 * same answer already under way may have been read before the event's change was committed; when it
 * lands after the event, it puts the old state back (a room's unread count missing a message until
 * the next one). Such a fetch is followed by one more, started once it has landed, so the answer
 * that lands last was read after the change. It is not cancelled and restarted: with events coming
 * faster than the answer, a restarted fetch would never land.
 */

const followed = new WeakSet<Query>();

/** Every cached answer under `queryKey`, changed by `update`; a fetch under way is read again after. */
export function writeLive<T>(
  client: QueryClient,
  queryKey: QueryKey,
  update: (data: T | undefined) => T | undefined,
) {
  client.setQueriesData<T>({ queryKey }, update);
  for (const query of client.getQueryCache().findAll({ queryKey, fetchStatus: 'fetching' })) {
    fetchAgainWhenLanded(client, query);
  }
}

function fetchAgainWhenLanded(client: QueryClient, query: Query) {
  if (followed.has(query)) return;
  followed.add(query);
  const cache = client.getQueryCache();
  const unsubscribe = cache.subscribe((event) => {
    if (event.query !== query) return;
    if (event.type !== 'removed' && query.state.fetchStatus === 'fetching') return;
    unsubscribe();
    followed.delete(query);
    if (event.type !== 'removed') {
      void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
    }
  });
}
