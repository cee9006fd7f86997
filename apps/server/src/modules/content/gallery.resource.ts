import {
  type GalleryCategoryRecord,
  type GalleryImageRecord,
  galleryCategoryFilters,
  galleryCategoryInput,
  galleryCategoryInputOf,
  galleryCategoryRecord,
  galleryImageFilters,
  galleryImageInput,
  galleryImageInputOf,
  galleryImageRecord,
  galleryMessages,
} from '@ledgerdesk/contracts';
import { count, eq, inArray } from 'drizzle-orm';
import { galleryCategories, galleryImages } from '../../db/schema';
import type { Storage } from '../../lib/storage';
import type { ResourceDefinition } from '../../resources/engine';
import { assertUnreferenced, existingIds } from '../../resources/records';
import { referencedValue } from '../../resources/refs';
import { type UsersService, userNameOf } from '../users/service';
import { coversOf } from './images';
import { deleteLikesOf, likedBy } from './likes';

/** The owner type of gallery pictures (one image attached to each gallery item). */
export const GALLERY_FILES = 'gallery-images';

/** Gallery categories: a name, and how many images are in it. */
export function galleryCategoryResource(): ResourceDefinition<
  typeof galleryCategories,
  GalleryCategoryRecord,
  typeof galleryCategoryInput,
  typeof galleryCategoryFilters
> {
  return {
    entity: 'galleryCategory',
    label: 'Category',
    area: 'gallery',
    path: '/api/gallery/categories',
    table: galleryCategories,
    record: galleryCategoryRecord,
    input: galleryCategoryInput,
    filters: galleryCategoryFilters,
    where: () => [],
    search: [galleryCategories.name],
    sortable: { name: galleryCategories.name, createdAt: galleryCategories.createdAt },
    defaultOrdering: 'name',
    async toRecords(db, rows) {
      const ids = rows.map((c) => c.id);
      const counts = ids.length
        ? await db
            .select({ id: galleryImages.categoryId, n: count() })
            .from(galleryImages)
            .where(inArray(galleryImages.categoryId, ids))
            .groupBy(galleryImages.categoryId)
        : [];
      const byId = new Map(counts.map((row) => [row.id, row.n]));
      return rows.map((c) => ({
        id: c.id,
        name: c.name,
        images: byId.get(c.id) ?? 0,
        createdAt: c.createdAt.toISOString(),
        updatedAt: c.updatedAt.toISOString(),
        version: c.version,
      }));
    },
    toColumns: ({ version: _version, ...input }) => input,
    toInput: galleryCategoryInputOf,
    conflicts: { gallery_categories_name_key: { field: 'name', message: galleryMessages.categoryTaken } },
    beforeDelete: (db, id) =>
      assertUnreferenced(db, galleryImages.categoryId, id, galleryMessages.categoryInUse),
    csv: { id: (c) => c.id, name: (c) => c.name, images: (c) => String(c.images) },
  };
}

/** Gallery images (SPEC §3 "Gallery item"): the picture is the item's image attachment. */
export function galleryImageResource(
  storage: Storage,
  users: UsersService,
): ResourceDefinition<
  typeof galleryImages,
  GalleryImageRecord,
  typeof galleryImageInput,
  typeof galleryImageFilters
> {
  return {
    entity: 'galleryImage',
    label: 'Image',
    area: 'gallery',
    path: '/api/gallery/images',
    attachments: { type: GALLERY_FILES, images: true, max: 1 },
    table: galleryImages,
    record: galleryImageRecord,
    input: galleryImageInput,
    filters: galleryImageFilters,
    where: (f) => [f.category ? eq(galleryImages.categoryId, f.category) : undefined],
    search: [galleryImages.title],
    sortable: {
      title: galleryImages.title,
      category: referencedValue(galleryCategories.name, galleryCategories.id, galleryImages.categoryId),
      author: userNameOf(galleryImages.authorId),
      likes: galleryImages.likesCount,
      comments: galleryImages.commentsCount,
      createdAt: galleryImages.createdAt,
    },
    defaultOrdering: '-createdAt',
    async toRecords(db, rows, actor) {
      const ids = rows.map((i) => i.id);
      const categoryIds = [...new Set(rows.flatMap((i) => (i.categoryId ? [i.categoryId] : [])))];
      const [names, pictures, liked, categories] = await Promise.all([
        users.namesOf(
          db,
          rows.flatMap((i) => (i.authorId ? [i.authorId] : [])),
        ),
        coversOf(storage, db, GALLERY_FILES, ids),
        likedBy(db, 'image', ids, actor.id),
        categoryIds.length
          ? db
              .select({ id: galleryCategories.id, name: galleryCategories.name })
              .from(galleryCategories)
              .where(inArray(galleryCategories.id, categoryIds))
          : [],
      ]);
      const categoryNames = new Map(categories.map((c) => [c.id, c.name]));
      return rows.map((i) => ({
        id: i.id,
        title: i.title,
        description: i.description,
        category: i.categoryId ? { id: i.categoryId, name: categoryNames.get(i.categoryId) ?? '' } : null,
        author: i.authorId ? { id: i.authorId, name: names.get(i.authorId) ?? '' } : null,
        image: pictures.get(i.id) ?? null,
        likes: i.likesCount,
        liked: liked.has(i.id),
        comments: i.commentsCount,
        createdAt: i.createdAt.toISOString(),
        updatedAt: i.updatedAt.toISOString(),
        version: i.version,
      }));
    },
    toColumns: ({ version: _version, ...input }, current, actor) => ({
      ...input,
      // Who adds an image is its author; an edit keeps them.
      ...(current ? {} : { authorId: actor.id }),
    }),
    toInput: galleryImageInputOf,
    async validate(db, input) {
      if (input.categoryId)
        await existingIds(db, galleryCategories, [input.categoryId], {
          field: 'categoryId',
          message: galleryMessages.unknownCategory,
        });
    },
    beforeDelete: (db, id) => deleteLikesOf(db, 'image', id),
    csv: {
      id: (i) => i.id,
      title: (i) => i.title,
      category: (i) => i.category?.name ?? '',
      author: (i) => i.author?.name ?? '',
      likes: (i) => String(i.likes),
      comments: (i) => String(i.comments),
    },
  };
}
