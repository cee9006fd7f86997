import type { DemoCollection, DemoRecord, DemoSnapshot } from './snapshot';

/** One change made in the demo: a record (or an answer) written, or deleted (`value` null). */
export type DemoChange = { store: string; key: string; value: unknown };

/** Where the changes are kept: IndexedDB in the browser (./persistence.ts), nowhere in the tests. */
export interface DemoPersistence {
  load(): Promise<DemoChange[]>;
  save(change: DemoChange): Promise<void>;
  clear(): Promise<void>;
}

export const inMemory = (): DemoPersistence => ({
  load: async () => [],
  save: async () => undefined,
  clear: async () => undefined,
});

export type RecordFollower = (key: string, record: DemoRecord | null) => Promise<void>;

/** The `answers` store: GET answers replaced by a write (the preferences, the user's profile). */
const ANSWERS = 'answers';

/**
 * The demo's data: the snapshot's records and answers with the changes of this browser over them.
 * Every write goes to memory and to the persistence; a new start replays the changes.
 */
export class DemoData {
  private readonly collections = new Map<string, Map<string, DemoRecord>>();
  private readonly answers = new Map<string, unknown>();
  private readonly followers = new Map<string, RecordFollower[]>();

  constructor(
    readonly snapshot: DemoSnapshot,
    private readonly persistence: DemoPersistence,
  ) {
    this.reset();
  }

  private reset() {
    for (const collection of this.snapshot.collections) {
      const rows = new Map<string, DemoRecord>();
      for (const row of collection.rows) rows.set(String(row[collection.key]), structuredClone(row));
      this.collections.set(collection.path, rows);
    }
    this.answers.clear();
    for (const [url, answer] of Object.entries(this.snapshot.answers)) this.answers.set(url, answer);
  }

  /** The changes made earlier in this browser, over the snapshot. */
  async restore() {
    for (const change of await this.persistence.load()) this.apply(change);
  }

  /** Back to the snapshot: the changes are forgotten here and in the persistence. */
  async clear() {
    await this.persistence.clear();
    this.reset();
  }

  private apply({ store, key, value }: DemoChange) {
    if (store === ANSWERS) {
      // null: an answer deleted (a mail thread), as for records.
      if (value === null) this.answers.delete(key);
      else this.answers.set(key, value);
      return;
    }
    const rows = this.collections.get(store);
    if (!rows) return;
    if (value === null) rows.delete(key);
    else rows.set(key, value as DemoRecord);
  }

  private write(change: DemoChange) {
    this.apply(change);
    return this.persistence.save(change);
  }

  rows(collection: DemoCollection): DemoRecord[] {
    return [...(this.collections.get(collection.path)?.values() ?? [])];
  }

  record(collection: DemoCollection, key: string): DemoRecord | undefined {
    return this.collections.get(collection.path)?.get(key);
  }

  async putRecord(collection: DemoCollection, record: DemoRecord) {
    const key = String(record[collection.key]);
    await this.write({ store: collection.path, key, value: record });
    for (const follow of this.followers.get(collection.path) ?? []) await follow(key, record);
  }

  async deleteRecord(collection: DemoCollection, key: string) {
    await this.write({ store: collection.path, key, value: null });
    for (const follow of this.followers.get(collection.path) ?? []) await follow(key, null);
  }

  /**
   * An answer that shows a collection's records another way (the kanban board shows the tasks)
   * follows their writes, whichever route made them: `follow` is called after each (null: deleted).
   */
  follow(collectionPath: string, follow: RecordFollower) {
    this.followers.set(collectionPath, [...(this.followers.get(collectionPath) ?? []), follow]);
  }

  collection(path: string): DemoCollection | undefined {
    return this.snapshot.collections.find((collection) => collection.path === path);
  }

  answer(url: string): unknown {
    return this.answers.get(url);
  }

  /** The answers of a path: its own and those of its queries ("/api/mail?category=sent"). */
  answersUnder(path: string): [url: string, answer: unknown][] {
    return this.answersWhere((url) => url === path || url.startsWith(`${path}?`));
  }

  answersWhere(test: (url: string) => boolean): [url: string, answer: unknown][] {
    return [...this.answers].filter(([url]) => test(url));
  }

  putAnswer(url: string, answer: unknown) {
    return this.write({ store: ANSWERS, key: url, value: answer });
  }

  deleteAnswer(url: string) {
    return this.write({ store: ANSWERS, key: url, value: null });
  }

  /** Each answer of `path` (and its queries) changed by `change`; those it returns unchanged are not written. */
  async changeAnswers<T>(path: string, change: (answer: T, url: string) => T) {
    for (const [url, answer] of this.answersUnder(path)) {
      const next = change(answer as T, url);
      if (next !== answer) await this.putAnswer(url, next);
    }
  }
}
