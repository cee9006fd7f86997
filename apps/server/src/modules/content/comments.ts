import {
  blogMessages,
  type CommentStatus,
  childParams,
  commentModeration,
  errorResponses,
  idParams,
  mutationResponse,
  postComment,
  postCommentInput,
  postComments,
} from '@ledgerdesk/contracts';
import { and, asc, count, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { Database } from '../../db/client';
import { blogComments, blogPosts } from '../../db/schema';
import type { AuditLog } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { added, deleted, updated } from '../../lib/responses';
import { type AuthUser, actorOf, can, currentUser } from '../../plugins/auth';
import { readCacheOf } from '../../resources/read-cache';
import type { UsersService } from '../users/service';

const tags = ['blog'];
const errors = errorResponses(400, 403, 404, 409);
const commentParams = childParams('commentId', 'comment');
type CommentRow = typeof blogComments.$inferSelect;

/** The post, if the user may read it (a draft is its writers'), else a 404; locked for a write. */
export async function readablePost(db: Database, id: string, user: AuthUser, lock = false) {
  const query = db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  const [post] = await (lock ? query.for('update') : query);
  if (!post || (post.status !== 'published' && !can(user, 'blog.manage'))) throw AppError.notFound();
  return post;
}

/**
 * Comments of posts, moderated: whoever reads the blog may comment on a published post; a comment
 * of someone without blog.manage waits (pending) until a moderator approves it, and meanwhile only
 * its author and the moderators see it. Moderators approve, hide and delete; an author may delete
 * their own. The post's `comments_count` counts the approved ones, kept in the same transaction.
 */
export function commentRoutes(
  app: FastifyInstance,
  deps: { db: Database; audit: AuditLog },
  users: UsersService,
) {
  const { db, audit } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readCache = readCacheOf(db);
  // Lists of posts show the counts: read afterwards, they see the change.
  const written = async <X>(work: Promise<X>): Promise<X> => {
    try {
      return await work;
    } finally {
      readCache.invalidate();
    }
  };
  const describe = async (executor: Database, rows: CommentRow[]) => {
    const names = await users.namesOf(
      executor,
      rows.flatMap((c) => (c.authorId ? [c.authorId] : [])),
    );
    return rows.map((c) => ({
      id: c.id,
      postId: c.postId,
      author: c.authorId ? { id: c.authorId, name: names.get(c.authorId) ?? '' } : null,
      body: c.body,
      status: c.status as CommentStatus,
      createdAt: c.createdAt.toISOString(),
    }));
  };
  const describeOne = async (executor: Database, row: CommentRow) => {
    const [comment] = await describe(executor, [row]);
    if (!comment) throw new Error('a comment described as nothing');
    return comment;
  };
  const countApproved = (executor: Database, postId: string, step: number) =>
    step === 0
      ? undefined
      : executor
          .update(blogPosts)
          .set({ commentsCount: sql`${blogPosts.commentsCount} + ${step}` })
          .where(eq(blogPosts.id, postId));
  const findComment = async (executor: Database, postId: string, commentId: string) => {
    const [row] = await executor
      .select()
      .from(blogComments)
      .where(and(eq(blogComments.id, commentId), eq(blogComments.postId, postId)))
      .limit(1)
      .for('update');
    if (!row) throw AppError.notFound();
    return row;
  };

  r.get(
    '/api/blog/posts/:id/comments',
    {
      config: { access: 'blog.view' },
      schema: {
        tags,
        summary:
          "A post's comments, oldest first: the approved ones and the caller's own pending ones (moderators: all)",
        params: idParams,
        response: { 200: postComments, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await readablePost(db, request.params.id, user);
      const moderator = can(user, 'blog.manage');
      const rows = await db
        .select()
        .from(blogComments)
        .where(
          and(
            eq(blogComments.postId, request.params.id),
            moderator
              ? undefined
              : or(
                  eq(blogComments.status, 'approved'),
                  and(eq(blogComments.status, 'pending'), eq(blogComments.authorId, user.id)),
                ),
          ),
        )
        .orderBy(asc(blogComments.createdAt), asc(blogComments.id))
        .limit(500);
      const [waiting] = moderator
        ? await db
            .select({ n: count() })
            .from(blogComments)
            .where(and(eq(blogComments.postId, request.params.id), eq(blogComments.status, 'pending')))
        : [];
      return { comments: await describe(db, rows), pending: waiting?.n ?? 0 };
    },
  );

  r.post(
    '/api/blog/posts/:id/comments',
    {
      config: { access: 'blog.view' },
      schema: {
        tags,
        summary:
          'Comment on a published post (as the caller): approved at once for moderators, pending for others',
        params: idParams,
        body: postCommentInput,
        response: { 201: mutationResponse(postComment), ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const actor = actorOf(request);
      const comment = await written(
        db.transaction(async (tx) => {
          const executor = tx as Database;
          const post = await readablePost(executor, request.params.id, user, true);
          if (post.status !== 'published') throw AppError.conflict(blogMessages.postNotPublished);
          const status: CommentStatus = can(user, 'blog.manage') ? 'approved' : 'pending';
          const [row] = await executor
            .insert(blogComments)
            .values({ postId: post.id, authorId: user.id, body: request.body.body, status })
            .returning();
          if (!row) throw new Error('comment insert returned nothing');
          await countApproved(executor, post.id, status === 'approved' ? 1 : 0);
          const made = await describeOne(executor, row);
          await audit.record(executor, actor, {
            action: 'create',
            entity: 'postComment',
            key: row.id,
            after: made,
          });
          return made;
        }),
      );
      return reply.code(201).send(added('Comment', comment));
    },
  );

  r.patch(
    '/api/blog/posts/:id/comments/:commentId',
    {
      config: { access: 'blog.manage' },
      schema: {
        tags,
        summary: 'Moderate a comment: approve, hide, or put it back to pending',
        params: commentParams,
        body: commentModeration,
        response: { 200: mutationResponse(postComment), ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const comment = await written(
        db.transaction(async (tx) => {
          const executor = tx as Database;
          const current = await findComment(executor, request.params.id, request.params.commentId);
          const before = await describeOne(executor, current);
          const status = request.body.status;
          if (status === current.status) return before;
          const [row] = await executor
            .update(blogComments)
            .set({ status })
            .where(eq(blogComments.id, current.id))
            .returning();
          if (!row) throw AppError.notFound();
          await countApproved(
            executor,
            current.postId,
            (status === 'approved' ? 1 : 0) - (current.status === 'approved' ? 1 : 0),
          );
          const after = await describeOne(executor, row);
          await audit.record(executor, actor, {
            action: 'update',
            entity: 'postComment',
            key: row.id,
            before,
            after,
          });
          return after;
        }),
      );
      return updated(comment);
    },
  );

  r.delete(
    '/api/blog/posts/:id/comments/:commentId',
    {
      config: { access: 'blog.view' },
      schema: {
        tags,
        summary: 'Delete a comment: its author, or a moderator (blog.manage)',
        params: commentParams,
        response: { 200: mutationResponse(z.object({ id: z.uuid() })), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const actor = actorOf(request);
      await written(
        db.transaction(async (tx) => {
          const executor = tx as Database;
          await readablePost(executor, request.params.id, user);
          const current = await findComment(executor, request.params.id, request.params.commentId);
          if (current.authorId !== user.id && !can(user, 'blog.manage'))
            throw AppError.forbidden(blogMessages.notYourComment);
          const before = await describeOne(executor, current);
          await executor.delete(blogComments).where(eq(blogComments.id, current.id));
          await countApproved(executor, current.postId, current.status === 'approved' ? -1 : 0);
          await audit.record(executor, actor, {
            action: 'delete',
            entity: 'postComment',
            key: current.id,
            before,
          });
        }),
      );
      return deleted({ id: request.params.commentId });
    },
  );
}
