import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { contentLikes } from '../../db/schema';
import { findById } from '../../resources/records';

/** What can be liked: each kind names its table and that table's counter. */
export type LikeKind = 'post' | 'video' | 'image';
export type Likeable = PgTable & { id: PgColumn; likesCount: PgColumn };

/** Which of `ids` the user likes (a page of records at once). */
export async function likedBy(db: Database, kind: LikeKind, ids: string[], userId: string | null) {
  if (!userId || ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: contentLikes.itemId })
    .from(contentLikes)
    .where(
      and(eq(contentLikes.kind, kind), eq(contentLikes.userId, userId), inArray(contentLikes.itemId, ids)),
    );
  return new Set(rows.map((row) => row.id));
}

/**
 * Likes or unlikes the item for the user (a toggle), in one transaction: the like's row is the
 * truth (its primary key makes a user's like unique, so two toggles at once cannot count twice),
 * and the counter moves by what the insert or the delete really did. A 404 for an unknown item.
 */
export function toggleLike(db: Database, kind: LikeKind, table: Likeable, id: string, userId: string) {
  return db.transaction(async (tx) => {
    const executor = tx as Database;
    await findById(executor, table, id);
    const removed = await executor
      .delete(contentLikes)
      .where(and(eq(contentLikes.kind, kind), eq(contentLikes.itemId, id), eq(contentLikes.userId, userId)))
      .returning({ id: contentLikes.itemId });
    const added =
      removed.length > 0
        ? []
        : await executor
            .insert(contentLikes)
            .values({ kind, itemId: id, userId })
            .onConflictDoNothing()
            .returning({ id: contentLikes.itemId });
    const step = added.length - removed.length;
    const [row] = (await executor
      .update(table)
      .set({ likesCount: sql`${table.likesCount} + ${step}` } as never)
      .where(eq(table.id, id))
      .returning({ likes: table.likesCount })) as { likes: number }[];
    return { liked: removed.length === 0, likes: row?.likes ?? 0 };
  });
}

/** The likes of deleted items go with them (in the deleting transaction). */
export async function deleteLikesOf(db: Database, kind: LikeKind, id: string) {
  await db.delete(contentLikes).where(and(eq(contentLikes.kind, kind), eq(contentLikes.itemId, id)));
}
