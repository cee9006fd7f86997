import { z } from 'zod/mini';
import { listQuery, recordVersion, text, timestamp, versionInput } from './api';
import { isoDateTime, oneOf, optionalText, requiredText } from './fields';

/*
 * The blog (SPEC §3 "Blog item": badgeText, title, author, date; "Video item": title, siteLink,
 * videoLink, description, likes, comments) and the social statistics, in the `blog` area:
 * `blog.view` reads posts, videos and statistics, likes and comments; `blog.manage` writes posts and
 * videos and moderates comments.
 */

export const postStatuses = ['draft', 'published'] as const;
export type PostStatus = (typeof postStatuses)[number];
export const commentStatuses = ['pending', 'approved', 'hidden'] as const;
export type CommentStatus = (typeof commentStatuses)[number];
export const socialNetworks = ['facebook', 'instagram', 'x', 'linkedin', 'youtube'] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

/** The tags a post's body may hold (the server removes any other; readers draw these only). */
export const BLOG_BODY_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'u',
  's',
  'code',
  'pre',
  'h2',
  'h3',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
  'hr',
] as const;
/** The schemes a link in a post may use. */
export const BLOG_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

export const BLOG_LIMITS = {
  title: 200,
  slug: 120,
  badge: 30,
  body: 100_000,
  comment: 2000,
  excerpt: 240,
} as const;

const person = z.object({ id: z.uuid(), name: z.string() });
/** A picture from the file storage (a post's cover, a gallery image), signed. */
export const contentImage = z.object({
  id: z.uuid(),
  url: z.string(),
  /** A small WebP, signed; null until it is made. */
  thumbnailUrl: z.nullable(z.string()),
});
export type ContentImage = z.infer<typeof contentImage>;

/** What a like toggle answers: whether the caller likes it now, and how many do. */
export const likeState = z.object({ liked: z.boolean(), likes: z.number() });
export type LikeState = z.infer<typeof likeState>;

// ---------------------------------------------------------------------------------------------
// Posts

export const postRecord = z.object({
  id: z.uuid(),
  title: z.string(),
  /** The post's address name (`/blog/<id>` stays the link; the slug is unique, for sharing). */
  slug: z.string(),
  badgeText: z.string(),
  /** Sanitized HTML (the server cleans every body it stores). */
  body: z.string(),
  /** The body's first words, as plain text, for the list and grid. */
  excerpt: z.string(),
  status: z.enum(postStatuses),
  /** When it was (or will be shown as) published; null for a draft never published. */
  publishedAt: z.nullable(timestamp),
  /** The user who wrote it (null once their account is deleted). */
  author: z.nullable(person),
  /** The cover picture: the post's image attachment (`/api/blog/posts/:id/attachments`). */
  cover: z.nullable(contentImage),
  likes: z.number(),
  /** Whether the caller likes it. */
  liked: z.boolean(),
  /** Approved comments. */
  comments: z.number(),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type PostRecord = z.infer<typeof postRecord>;

export const postInput = z.object({
  version: versionInput,
  title: requiredText('title', BLOG_LIMITS.title),
  /** Empty: made from the title. Lower-case letters, digits and dashes. */
  slug: z._default(
    text(BLOG_LIMITS.slug, `The slug must be at most ${BLOG_LIMITS.slug} characters.`).check(
      z.regex(
        /^([a-z0-9]+(-[a-z0-9]+)*)?$/,
        'The slug may hold lower-case letters, digits and single dashes.',
      ),
    ),
    '',
  ),
  badgeText: optionalText('badge', BLOG_LIMITS.badge),
  body: z._default(text(BLOG_LIMITS.body, `The text must be at most ${BLOG_LIMITS.body} characters.`), ''),
  status: z._default(z.enum(postStatuses, oneOf('The status', postStatuses)), 'draft'),
  /** Published without a date: now. */
  publishedAt: z._default(z.nullable(isoDateTime('The publication date must be a date and time.')), null),
});
export type PostInput = z.input<typeof postInput>;
export const postInputOf = (post: PostRecord): PostInput => ({
  title: post.title,
  slug: post.slug,
  badgeText: post.badgeText,
  body: post.body,
  status: post.status,
  publishedAt: post.publishedAt,
});

export const postFilters = z.object({
  status: z.optional(z.enum(postStatuses, oneOf('The status', postStatuses))),
  badge: z.optional(text(BLOG_LIMITS.badge, 'The badge is too long.')),
  author: z.optional(z.uuid('Unknown author.')),
});
export const postListQuery = z.extend(listQuery, postFilters.shape);
export type PostListQuery = z.input<typeof postListQuery>;

// ---------------------------------------------------------------------------------------------
// Comments (moderated: a comment of a user without blog.manage is pending until approved)

export const postComment = z.object({
  id: z.uuid(),
  postId: z.uuid(),
  author: z.nullable(person),
  body: z.string(),
  status: z.enum(commentStatuses),
  createdAt: timestamp,
});
export type PostComment = z.infer<typeof postComment>;
export const postCommentInput = z.object({
  body: text(BLOG_LIMITS.comment, `The comment must be at most ${BLOG_LIMITS.comment} characters.`).check(
    z.minLength(1, 'Please write the comment.'),
  ),
});
export type PostCommentInput = z.input<typeof postCommentInput>;
export const commentModeration = z.object({
  status: z.enum(commentStatuses, oneOf('The status', commentStatuses)),
});
export type CommentModeration = z.input<typeof commentModeration>;
/**
 * A post's comments, oldest first: the approved ones, the caller's own pending ones, and for
 * moderators every one (`pending` counts those waiting, for moderators; 0 for others).
 */
export const postComments = z.object({ comments: z.array(postComment), pending: z.number() });
export type PostComments = z.infer<typeof postComments>;

// ---------------------------------------------------------------------------------------------
// Videos

export const videoRecord = z.object({
  id: z.uuid(),
  title: z.string(),
  /** The page that shows it (the channel, the post). */
  siteLink: z.string(),
  /** The video itself. */
  videoLink: z.string(),
  description: z.string(),
  likes: z.number(),
  liked: z.boolean(),
  /** Comments it received where it is published (a figure kept with the video). */
  comments: z.number(),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type VideoRecord = z.infer<typeof videoRecord>;
const link = (what: string) =>
  text(500, `The ${what} must be at most 500 characters.`).check(
    z.minLength(1, `Please enter the ${what}.`),
    z.regex(/^https?:\/\/\S+$/, `The ${what} must be a web address (http:// or https://).`),
  );
export const videoInput = z.object({
  version: versionInput,
  title: requiredText('title', BLOG_LIMITS.title),
  siteLink: link('site link'),
  videoLink: link('video link'),
  description: optionalText('description', 2000),
  comments: z._default(
    z
      .number('The comments must be a number.')
      .check(z.int('The comments must be a whole number.'), z.minimum(0, 'The comments cannot be negative.')),
    0,
  ),
});
export type VideoInput = z.input<typeof videoInput>;
export const videoInputOf = (video: VideoRecord): VideoInput => ({
  title: video.title,
  siteLink: video.siteLink,
  videoLink: video.videoLink,
  description: video.description,
  comments: video.comments,
});
export const videoFilters = z.object({});

// ---------------------------------------------------------------------------------------------
// Social statistics (GET /api/blog/social)

export const socialPeriods = ['30d', '90d', '1y'] as const;
export type SocialPeriod = (typeof socialPeriods)[number];
export const socialQuery = z.object({
  period: z._default(z.enum(socialPeriods, oneOf('The period', socialPeriods)), '90d'),
});
export const socialNetworkFigures = z.object({
  network: z.enum(socialNetworks),
  followers: z.number(),
  /** Followers gained over the period, in percent of the followers at its start. */
  followersChange: z.number(),
  /** Posts published over the period. */
  posts: z.number(),
  /** Average engagement rate over the period, in percent. */
  engagement: z.number(),
});
export const socialStatistics = z.object({
  period: z.enum(socialPeriods),
  networks: z.array(socialNetworkFigures),
  /** One point a day (30d), a week (90d) or a month (1y): followers and engagement per network. */
  series: z.array(
    z.object({
      date: z.string(),
      followers: z.record(z.enum(socialNetworks), z.number()),
      engagement: z.record(z.enum(socialNetworks), z.number()),
    }),
  ),
});
export type SocialStatistics = z.infer<typeof socialStatistics>;

export const blogMessages = {
  slugTaken: 'Another post already has this slug.',
  notYourComment: 'Only its author or a moderator may delete this comment.',
  postNotPublished: 'This post is not published: it takes no comments yet.',
} as const;
