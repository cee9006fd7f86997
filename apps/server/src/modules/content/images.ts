import type { ContentImage } from '@ledgerdesk/contracts';
import type { Database } from '../../db/client';
import type { Storage } from '../../lib/storage';
import { attachmentsOf } from '../../resources/attachments';

/** Each record's first image attachment (a post's cover, a gallery picture), signed. */
export async function coversOf(
  storage: Storage,
  db: Database,
  type: string,
  ids: string[],
): Promise<Map<string, ContentImage>> {
  const attached = await attachmentsOf(storage, db, type, ids);
  const covers = new Map<string, ContentImage>();
  for (const [id, found] of attached) {
    const first = found[0];
    if (first) covers.set(id, { id: first.id, url: first.url, thumbnailUrl: first.thumbnailUrl });
  }
  return covers;
}
