import type { DemoChange, DemoPersistence } from './data';

const DB_NAME = 'ledgerdesk-demo';
const STORE = 'changes';

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/** The demo's changes in IndexedDB: one entry per record (or answer) changed, keyed by store and key. */
export async function indexedDbPersistence(): Promise<DemoPersistence> {
  const opening = indexedDB.open(DB_NAME, 1);
  opening.onupgradeneeded = () => opening.result.createObjectStore(STORE, { keyPath: ['store', 'key'] });
  const db = await done(opening);
  const changes = (mode: IDBTransactionMode) => db.transaction(STORE, mode).objectStore(STORE);
  return {
    load: () => done(changes('readonly').getAll() as IDBRequest<DemoChange[]>),
    save: async (change) => {
      await done(changes('readwrite').put(change));
    },
    clear: async () => {
      await done(changes('readwrite').clear());
    },
  };
}
