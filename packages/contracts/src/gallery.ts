import { z } from 'zod/mini';
import { listQuery, recordVersion, timestamp, versionInput } from './api';
import { contentImage } from './blog';
import { optionalText, requiredText } from './fields';

/*
 * The gallery (SPEC §3 "Gallery item": title, author, likes, comments, category), in the `gallery`
 * area: `gallery.view` sees and likes images, `gallery.manage` adds, edits and removes images and
 * categories. An image's picture is its image attachment (`/api/gallery/images/:id/attachments`).
 */

export const galleryCategoryRecord = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Images in the category. */
  images: z.number(),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type GalleryCategoryRecord = z.infer<typeof galleryCategoryRecord>;
export const galleryCategoryInput = z.object({
  version: versionInput,
  name: requiredText('name', 60),
});
export type GalleryCategoryInput = z.input<typeof galleryCategoryInput>;
export const galleryCategoryInputOf = (category: GalleryCategoryRecord): GalleryCategoryInput => ({
  name: category.name,
});
export const galleryCategoryFilters = z.object({});

export const galleryImageRecord = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  category: z.nullable(z.object({ id: z.uuid(), name: z.string() })),
  /** Who added it (null once their account is deleted). */
  author: z.nullable(z.object({ id: z.uuid(), name: z.string() })),
  /** The picture; null until one is uploaded. */
  image: z.nullable(contentImage),
  likes: z.number(),
  liked: z.boolean(),
  /** Comments it received (a figure kept with the image). */
  comments: z.number(),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type GalleryImageRecord = z.infer<typeof galleryImageRecord>;
export const galleryImageInput = z.object({
  version: versionInput,
  title: requiredText('title', 200),
  description: optionalText('description', 2000),
  categoryId: z._default(z.nullable(z.uuid('Unknown category.')), null),
});
export type GalleryImageInput = z.input<typeof galleryImageInput>;
export const galleryImageInputOf = (image: GalleryImageRecord): GalleryImageInput => ({
  title: image.title,
  description: image.description,
  categoryId: image.category?.id ?? null,
});
export const galleryImageFilters = z.object({
  category: z.optional(z.uuid('Unknown category.')),
});
export const galleryImageListQuery = z.extend(listQuery, galleryImageFilters.shape);
export type GalleryImageListQuery = z.input<typeof galleryImageListQuery>;

export const galleryMessages = {
  unknownCategory: 'This category does not exist.',
  categoryTaken: 'A category with this name already exists.',
  categoryInUse: 'This category still has images: move or remove them first.',
} as const;
