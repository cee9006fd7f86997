import {
  blogMessages,
  type PostRecord,
  postFilters,
  postInput,
  postInputOf,
  postRecord,
  postStatuses,
} from '@ledgerdesk/contracts';
import { and, eq, like, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rankOf } from '../../db/rank';
import { blogPosts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import type { ResourceDefinition } from '../../resources/engine';
import { type UsersService, userNameOf } from '../users/service';
import { holds } from './access';
import { coversOf } from './images';
import { deleteLikesOf, likedBy } from './likes';
import { excerptOf, sanitizePostBody, slugOf } from './text';

/** The owner type of posts' covers (an image attached to the post; the first is the cover). */
export const POST_FILES = 'blog-posts';

/** A slug no other post has: `base`, else `base-2`, `base-3`… */
async function freeSlug(db: Database, base: string, id?: string) {
  const taken = new Set(
    (
      await db
        .select({ slug: blogPosts.slug })
        .from(blogPosts)
        .where(
          and(
            or(eq(blogPosts.slug, base), like(blogPosts.slug, `${base}-%`)),
            id ? ne(blogPosts.id, id) : undefined,
          ),
        )
    ).map((row) => row.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/**
 * Blog posts (SPEC §3 "Blog item"): readers (blog.view) see published posts, writers (blog.manage)
 * every post. The body is sanitized HTML; the cover is an image attachment.
 */
export function postResource(
  storage: Storage,
  users: UsersService,
): ResourceDefinition<typeof blogPosts, PostRecord, typeof postInput, typeof postFilters> {
  return {
    entity: 'post',
    label: 'Post',
    area: 'blog',
    path: '/api/blog/posts',
    attachments: { type: POST_FILES, images: true, max: 1 },
    table: blogPosts,
    record: postRecord,
    input: postInput,
    filters: postFilters,
    // A draft is its writers' until it is published.
    scope: (actor) => or(eq(blogPosts.status, 'published'), holds(actor.id, 'blog.manage')),
    where: (f) => [
      f.status ? eq(blogPosts.status, f.status) : undefined,
      f.badge ? eq(blogPosts.badgeText, f.badge) : undefined,
      f.author ? eq(blogPosts.authorId, f.author) : undefined,
    ],
    // The same expression as blog_posts_search_idx.
    search: [sql`(${blogPosts.title} || ' ' || ${blogPosts.badgeText})`],
    sortable: {
      title: blogPosts.title,
      publishedAt: blogPosts.publishedAt,
      status: rankOf(blogPosts.status, postStatuses),
      author: userNameOf(blogPosts.authorId),
      likes: blogPosts.likesCount,
      comments: blogPosts.commentsCount,
      createdAt: blogPosts.createdAt,
    },
    defaultOrdering: '-publishedAt',
    async toRecords(db, rows, actor) {
      const ids = rows.map((p) => p.id);
      const [names, covers, liked] = await Promise.all([
        users.namesOf(
          db,
          rows.flatMap((p) => (p.authorId ? [p.authorId] : [])),
        ),
        coversOf(storage, db, POST_FILES, ids),
        likedBy(db, 'post', ids, actor.id),
      ]);
      return rows.map((p) => ({
        id: p.id,
        title: p.title,
        slug: p.slug,
        badgeText: p.badgeText,
        body: p.body,
        excerpt: p.excerpt,
        status: p.status as PostRecord['status'],
        publishedAt: p.publishedAt?.toISOString() ?? null,
        author: p.authorId ? { id: p.authorId, name: names.get(p.authorId) ?? '' } : null,
        cover: covers.get(p.id) ?? null,
        likes: p.likesCount,
        liked: liked.has(p.id),
        comments: p.commentsCount,
        createdAt: p.createdAt.toISOString(),
        updatedAt: p.updatedAt.toISOString(),
        version: p.version,
      }));
    },
    toColumns: (input, current, actor) => {
      const body = sanitizePostBody(input.body);
      return {
        title: input.title,
        badgeText: input.badgeText,
        body,
        excerpt: excerptOf(body),
        status: input.status,
        // Published without a date: now. A date once set stays when the post goes back to draft.
        publishedAt: input.publishedAt
          ? new Date(input.publishedAt)
          : input.status === 'published'
            ? (current?.publishedAt ?? new Date())
            : null,
        // The writer of a new post is its author; an edit keeps the author.
        ...(current ? {} : { authorId: actor.id }),
      };
    },
    // A slug left empty is made from the title, free of the others'.
    columnsIn: async (db, input, current) => ({
      slug: input.slug || (current?.slug ?? (await freeSlug(db, slugOf(input.title) || 'post'))),
    }),
    toInput: postInputOf,
    async validate(db, input, id) {
      if (!input.slug) return;
      const [taken] = await db
        .select({ id: blogPosts.id })
        .from(blogPosts)
        .where(and(eq(blogPosts.slug, input.slug), id ? ne(blogPosts.id, id) : undefined))
        .limit(1);
      if (taken) throw AppError.conflict(blogMessages.slugTaken, { slug: blogMessages.slugTaken });
    },
    conflicts: { blog_posts_slug_key: { field: 'slug', message: blogMessages.slugTaken } },
    beforeDelete: (db, id) => deleteLikesOf(db, 'post', id),
    csv: {
      id: (p) => p.id,
      title: (p) => p.title,
      slug: (p) => p.slug,
      badge: (p) => p.badgeText,
      status: (p) => p.status,
      publishedAt: (p) => p.publishedAt ?? '',
      author: (p) => p.author?.name ?? '',
      likes: (p) => String(p.likes),
      comments: (p) => String(p.comments),
    },
  };
}
