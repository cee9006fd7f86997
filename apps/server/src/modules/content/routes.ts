import {
  errorResponse,
  errorResponses,
  idParams,
  likeState,
  socialQuery,
  socialStatistics,
} from '@ledgerdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { blogPosts, blogVideos, galleryImages } from '../../db/schema';
import type { AuditLog } from '../../lib/audit';
import { currentUser } from '../../plugins/auth';
import { registerResource } from '../../resources/engine';
import type { UsersService } from '../users/service';
import { commentRoutes, readablePost } from './comments';
import { galleryCategoryResource, galleryImageResource } from './gallery.resource';
import { type Likeable, type LikeKind, toggleLike } from './likes';
import { postResource } from './posts.resource';
import { socialStatisticsOf } from './social';
import { videoResource } from './videos.resource';

const errors = errorResponses(400, 404);

/**
 * Content: the blog (posts with moderated comments, videos, social statistics; area `blog`) and the
 * gallery (images and categories; area `gallery`), records on the resource engine; likes are per
 * user and unique (a toggle).
 */
export function contentRoutes(
  app: FastifyInstance,
  deps: { db: Database; audit: AuditLog },
  users: UsersService,
) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerResource(app, deps, postResource(app.storage, users));
  registerResource(app, deps, videoResource());
  registerResource(app, deps, galleryCategoryResource());
  registerResource(app, deps, galleryImageResource(app.storage, users));
  commentRoutes(app, deps, users);

  const likeRoute = (
    path: string,
    kind: LikeKind,
    table: Likeable,
    access: 'blog.view' | 'gallery.view',
    tag: string,
    reachable?: typeof readablePost,
  ) =>
    r.post(
      path,
      {
        config: { access },
        schema: {
          tags: [tag],
          summary: `Like, or unlike, a ${kind} (a toggle: one like per user)`,
          params: idParams,
          response: { 200: likeState, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        await reachable?.(db, request.params.id, user);
        return toggleLike(db, kind, table, request.params.id, user.id);
      },
    );
  likeRoute('/api/blog/posts/:id/like', 'post', blogPosts, 'blog.view', 'blog', readablePost);
  likeRoute('/api/blog/videos/:id/like', 'video', blogVideos, 'blog.view', 'blog');
  likeRoute('/api/gallery/images/:id/like', 'image', galleryImages, 'gallery.view', 'gallery');

  r.get(
    '/api/blog/social',
    {
      config: { access: 'blog.view' },
      schema: {
        tags: ['blog'],
        summary:
          'Social statistics of a period (30d, 90d, 1y): followers, growth, posts, engagement per network, and their series',
        querystring: socialQuery,
        response: { 200: socialStatistics, 400: errorResponse },
      },
    },
    (request) => socialStatisticsOf(db, request.query.period),
  );
}
