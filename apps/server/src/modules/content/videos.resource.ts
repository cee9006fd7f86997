import { type VideoRecord, videoFilters, videoInput, videoInputOf, videoRecord } from '@ledgerdesk/contracts';
import { blogVideos } from '../../db/schema';
import type { ResourceDefinition } from '../../resources/engine';
import { deleteLikesOf, likedBy } from './likes';

/** Videos (SPEC §3 "Video item"), in the blog area: shown on the social page. */
export function videoResource(): ResourceDefinition<
  typeof blogVideos,
  VideoRecord,
  typeof videoInput,
  typeof videoFilters
> {
  return {
    entity: 'video',
    label: 'Video',
    area: 'blog',
    path: '/api/blog/videos',
    table: blogVideos,
    record: videoRecord,
    input: videoInput,
    filters: videoFilters,
    where: () => [],
    search: [blogVideos.title],
    sortable: {
      title: blogVideos.title,
      likes: blogVideos.likesCount,
      comments: blogVideos.commentsCount,
      createdAt: blogVideos.createdAt,
    },
    defaultOrdering: '-createdAt',
    async toRecords(db, rows, actor) {
      const liked = await likedBy(
        db,
        'video',
        rows.map((v) => v.id),
        actor.id,
      );
      return rows.map((v) => ({
        id: v.id,
        title: v.title,
        siteLink: v.siteLink,
        videoLink: v.videoLink,
        description: v.description,
        likes: v.likesCount,
        liked: liked.has(v.id),
        comments: v.commentsCount,
        createdAt: v.createdAt.toISOString(),
        updatedAt: v.updatedAt.toISOString(),
        version: v.version,
      }));
    },
    toColumns: ({ version: _version, comments, ...input }) => ({ ...input, commentsCount: comments }),
    toInput: videoInputOf,
    beforeDelete: (db, id) => deleteLikesOf(db, 'video', id),
    csv: {
      id: (v) => v.id,
      title: (v) => v.title,
      siteLink: (v) => v.siteLink,
      videoLink: (v) => v.videoLink,
      likes: (v) => String(v.likes),
      comments: (v) => String(v.comments),
    },
  };
}
