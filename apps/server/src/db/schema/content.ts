import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { auditColumns, versionColumn } from './columns';

/** Blog posts: the body is sanitized HTML; the cover is an image attachment ('blog-posts'). */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    badgeText: text('badge_text').notNull().default(''),
    body: text('body').notNull().default(''),
    /** The body's first words as plain text (lists show it without reading the body). */
    excerpt: text('excerpt').notNull().default(''),
    status: text('status').notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept by the like toggle in the same transaction as the like's row. */
    likesCount: integer('likes_count').notNull().default(0),
    /** Approved comments, kept by the comment routes. */
    commentsCount: integer('comments_count').notNull().default(0),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    uniqueIndex('blog_posts_slug_key').on(t.slug),
    // The default order, newest first (drafts, without a date, last: as lists order a DESC), the
    // same within a status, and the oldest first.
    index('blog_posts_published_idx').on(t.publishedAt.desc().nullsLast(), t.id),
    index('blog_posts_status_published_idx').on(t.status, t.publishedAt.desc().nullsLast(), t.id),
    index('blog_posts_published_asc_idx').on(t.publishedAt, t.id),
    index('blog_posts_title_idx').on(t.title),
    index('blog_posts_author_idx').on(t.authorId),
    index('blog_posts_search_idx').using('gin', sql`(${t.title} || ' ' || ${t.badgeText}) gin_trgm_ops`),
  ],
);

export const blogComments = pgTable(
  'blog_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** pending (waits for a moderator), approved, hidden. */
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('blog_comments_post_idx').on(t.postId, t.createdAt)],
);

export const blogVideos = pgTable(
  'blog_videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    siteLink: text('site_link').notNull(),
    videoLink: text('video_link').notNull(),
    description: text('description').notNull().default(''),
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [index('blog_videos_created_idx').on(t.createdAt, t.id), index('blog_videos_title_idx').on(t.title)],
);

/** Social statistics: one row per network and day (seeded; what an integration would write). */
export const socialStats = pgTable(
  'social_stats',
  {
    network: text('network').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    followers: integer('followers').notNull(),
    posts: integer('posts').notNull(),
    /** Engagement rate that day, in percent. */
    engagement: numeric('engagement', { precision: 6, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.network, t.day] }), index('social_stats_day_idx').on(t.day)],
);

/**
 * Likes of posts, videos and gallery images: one row per (kind, item, user), so a user likes a
 * thing at most once; the item's counter moves in the same transaction as the row.
 */
export const contentLikes = pgTable(
  'content_likes',
  {
    kind: text('kind').notNull(),
    itemId: uuid('item_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.itemId, t.userId] }),
    index('content_likes_user_idx').on(t.userId),
  ],
);

export const galleryCategories = pgTable(
  'gallery_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [uniqueIndex('gallery_categories_name_key').on(sql`lower(${t.name})`)],
);

/** Gallery images: the picture is the image attachment ('gallery-images'). */
export const galleryImages = pgTable(
  'gallery_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    categoryId: uuid('category_id').references(() => galleryCategories.id, { onDelete: 'restrict' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    index('gallery_images_created_idx').on(t.createdAt, t.id),
    index('gallery_images_category_idx').on(t.categoryId, t.createdAt, t.id),
    index('gallery_images_title_idx').on(t.title),
    index('gallery_images_search_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);
