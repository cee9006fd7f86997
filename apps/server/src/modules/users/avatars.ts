import { avatarResponse, errorResponse, errorResponses, idParams, userMessages } from '@ledgerdesk/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { files, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { type AuthUser, can, currentUser } from '../../plugins/auth';
import { attachmentsOf, registerFileOwner } from '../../resources/attachments';

/** The owner type of avatars: one image attached to a user. */
export const AVATAR_FILES = 'users.avatar';

/** Users' avatars by id (the thumbnail, signed; the image itself until the thumbnail is made). */
export async function avatarUrls(
  storage: Storage,
  db: Database,
  ids: string[],
): Promise<Map<string, string>> {
  const attached = await attachmentsOf(storage, db, AVATAR_FILES, ids);
  const urls = new Map<string, string>();
  for (const [id, found] of attached) {
    const [avatar] = found;
    if (avatar) urls.set(id, avatar.thumbnailUrl ?? avatar.url);
  }
  return urls;
}

/** A user changes their own avatar; one who manages users, anyone's. */
const mayChange = (user: AuthUser, id: string) => user.id === id || can(user, 'users.manage');

/**
 * `POST /api/users/:id/avatar` (multipart, one image: it replaces the one before) and `DELETE`. Every
 * signed-in user sees avatars (they stand beside names everywhere), through the records' signed URLs.
 */
export function avatarRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const storage = app.storage;
  registerFileOwner(app, AVATAR_FILES, {
    canView: async () => true,
    canEdit: async (user, id) => mayChange(user, id),
  });
  const errors = errorResponses(400, 403, 404);
  /** The user whose avatar changes, when the caller may change it. */
  const target = async (user: AuthUser, id: string) => {
    const [found] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
    if (!found) throw AppError.notFound();
    if (!mayChange(user, id)) throw AppError.forbidden(userMessages.avatarNotYours);
    return found.id;
  };
  const mine = (id: string) => and(eq(files.attachedType, AVATAR_FILES), eq(files.attachedId, id));

  r.post(
    '/api/users/:id/avatar',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: "Set a user's avatar (multipart/form-data, one image; it replaces the previous one)",
        description:
          'Your own, or anyone’s with users.manage. PNG, JPEG, WebP, GIF or AVIF; shown cropped square.',
        params: idParams,
        response: { 200: avatarResponse, ...errors, 413: errorResponse },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = await target(user, request.params.id);
      const upload = await storage.receive(request, { ownerId: user.id, imagesOnly: true, maxFiles: 1 });
      await db.transaction(async (trx) => {
        const tx = trx as Database;
        await tx.delete(files).where(mine(id));
        await storage.save(
          upload,
          { ownerId: user.id, place: { attachedType: AVATAR_FILES, attachedId: id } },
          tx,
        );
      });
      return { avatarUrl: (await avatarUrls(storage, db, [id])).get(id) ?? null };
    },
  );

  r.delete(
    '/api/users/:id/avatar',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: "Remove a user's avatar (initials are shown again)",
        params: idParams,
        response: { 200: avatarResponse, ...errors },
      },
    },
    async (request) => {
      const id = await target(currentUser(request), request.params.id);
      await db.delete(files).where(mine(id));
      return { avatarUrl: null };
    },
  );
}
