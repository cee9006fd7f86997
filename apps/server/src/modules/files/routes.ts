import {
  childParams,
  errorResponses,
  fileChange,
  fileListQuery,
  fileManagerMessages,
  fileShare,
  folderChange,
  folderInput,
  folderListQuery,
  idParams,
  listResponse,
  managedFile,
  managedFolder,
  messages,
  mutationResponse,
  recentFilesQuery,
  shareInput,
  specFileUpdate,
  specFolderInput,
  specFolderUpdate,
  storageSummary,
} from '@ledgerdesk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { Database } from '../../db/client';
import type { AuditLog } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { added, deleted, done, updated } from '../../lib/responses';
import { expectedVersion, ifMatchHeaders } from '../../lib/versions';
import { actorOf, can, currentUser } from '../../plugins/auth';
import { FILE_MANAGER_OWNER, registerFileOwner } from '../../resources/attachments';
import type { UsersService } from '../users/service';
import { atLeast } from './access';
import { createFilesService } from './service';

const tags = ['files'];
const errors = errorResponses(400, 403, 404, 409);
const uuid = z.uuid();
/** A read's key: any text, so that one no item can have is a 404 (a dead link), not a 400. */
const keyParams = z.object({ id: z.string() });
const shareParams = childParams('shareId', 'share');
const existing = (key: string) => {
  if (!uuid.safeParse(key).success) throw AppError.notFound();
  return key;
};
const uploadQuery = z.object({ folderId: z.optional(z.uuid(fileManagerMessages.folderKey)) });
/** The folderId field of an upload: a folder's id (or empty: the top level). */
function folderField(value: string): string | null {
  if (value === '' || value === 'root') return null;
  if (!uuid.safeParse(value).success)
    throw AppError.badRequest(fileManagerMessages.folderKey, { folderId: fileManagerMessages.folderKey });
  return value;
}
const sharesResponse = z.object({ results: z.array(fileShare) });
const idResponse = mutationResponse(z.object({ id: z.uuid() }));

/** The version an update names: `version` in the body, else If-Match. */
const versionOf = (request: FastifyRequest, sent: number | undefined) =>
  expectedVersion(sent, (request.headers as Record<string, string | undefined>)['if-match']);

/** SPEC's delete: the key in a header (`folder` or `file`). */
function headerKey(request: FastifyRequest, header: string): string {
  const key = (request.headers as Record<string, string | undefined>)[header];
  if (!key) throw AppError.invalidField(header, { code: 'required' }, messages.keyRequired);
  if (!uuid.safeParse(key).success) throw AppError.invalidField(header, { code: 'id' }, messages.keyInvalid);
  return key;
}
/** SPEC's update: the key in the body (`id` or `_id`). */
function bodyKey(body: { id?: string; _id?: string }): string {
  const key = body._id ?? body.id;
  if (!key) throw AppError.invalidField('id', { code: 'required' }, messages.keyRequired);
  return key;
}

/**
 * The file manager's HTTP: folders and files (their product routes under /api/files and SPEC §7's
 * /folder, /add/folder, /update/folder, /delete/folder, /file, /add/file, /update/file,
 * /delete/file), the trash, recent files, the storage summary and shares. Reading needs files.view,
 * changing files.manage; then each item's own rules (access.ts): a stranger gets 404, a reader who
 * may only view gets 403.
 */
export function filesRoutes(
  app: FastifyInstance,
  deps: { db: Database; audit: AuditLog; users: UsersService },
) {
  const storage = app.storage;
  const service = createFilesService({ ...deps, storage });
  // The file manager's files (attached to no record): their downloads ask what the list does, the
  // area's permission and the item's shares.
  registerFileOwner(app, FILE_MANAGER_OWNER, {
    canView: async (user, fileId) =>
      can(user, 'files.view') && (await service.accessToFile(user.id, fileId)) !== null,
    canEdit: async (user, fileId) =>
      can(user, 'files.manage') && atLeast(await service.accessToFile(user.id, fileId), 'edit'),
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ---- folders --------------------------------------------------------------------------------

  for (const path of ['/api/files/folders', '/api/folder']) {
    r.get(
      path,
      {
        config: { access: 'files.view' },
        schema: {
          tags,
          summary:
            'Folders: the subfolders of one (parentId, "root" for the top level), those shared with the caller, the trash, or every folder the caller may open',
          description:
            'fileCount and size count everything under a folder (its subfolders too). Ordering by name, updatedAt, createdAt (size and kind: by name).',
          querystring: folderListQuery,
          response: { 200: listResponse(managedFolder), ...errors },
        },
      },
      (request) => service.listFolders(request.query, actorOf(request)),
    );
  }

  r.get(
    '/api/files/folders/:id',
    {
      config: { access: 'files.view' },
      schema: {
        tags,
        summary: 'One folder, with its path',
        params: keyParams,
        response: { 200: managedFolder, ...errors },
      },
    },
    (request) => service.getFolder(existing(request.params.id), actorOf(request)),
  );

  r.post(
    '/api/files/folders',
    {
      config: { access: 'files.manage' },
      schema: {
        tags,
        summary: 'Make a folder (in parentId, or at the top level)',
        description: 'A name taken by a file or folder of the same place (whatever the case) answers 409.',
        body: folderInput,
        response: { 201: mutationResponse(managedFolder), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(added('Folder', await service.createFolder(request.body, actorOf(request)))),
  );
  r.post(
    '/api/add/folder',
    {
      config: { access: 'files.manage' },
      schema: {
        tags,
        summary: 'SPEC §7: make a folder (folderName or name, parentId)',
        body: specFolderInput,
        response: { 201: mutationResponse(managedFolder), ...errors },
      },
    },
    async (request, reply) => {
      const name = request.body.folderName ?? request.body.name;
      if (!name)
        throw AppError.invalidField('folderName', { code: 'required' }, fileManagerMessages.nameRequired);
      const folder = await service.createFolder(
        { name, parentId: request.body.parentId ?? null },
        actorOf(request),
      );
      return reply.code(201).send(added('Folder', folder));
    },
  );

  r.patch(
    '/api/files/folders/:id',
    {
      config: { access: 'files.manage' },
      schema: {
        tags,
        summary: 'Rename and/or move a folder (parentId null: its owner’s top level)',
        description:
          'Moving a folder into itself or a folder under it answers 400. A version (or If-Match) older than the stored one answers 409 STALE_RECORD.',
        params: idParams,
        headers: ifMatchHeaders,
        body: folderChange,
        response: { 200: mutationResponse(managedFolder), ...errors },
      },
    },
    async (request) =>
      updated(
        await service.changeFolder(
          request.params.id,
          { ...request.body, version: versionOf(request, request.body.version) },
          actorOf(request),
        ),
      ),
  );
  r.put(
    '/api/update/folder',
    {
      config: { access: 'files.manage' },
      schema: {
        tags,
        summary: 'SPEC §7: rename and/or move a folder, its id (id or _id) in the body',
        headers: ifMatchHeaders,
        body: specFolderUpdate,
        response: { 200: mutationResponse(managedFolder), ...errors },
      },
    },
    async (request) => {
      const { folderName, name, parentId, version } = request.body;
      return updated(
        await service.changeFolder(
          bodyKey(request.body),
          { name: folderName ?? name, parentId, version: versionOf(request, version) },
          actorOf(request),
        ),
      );
    },
  );

  // ---- files ----------------------------------------------------------------------------------

  for (const path of ['/api/files', '/api/file']) {
    r.get(
      path,
      {
        config: { access: 'files.view' },
        schema: {
          tags,
          summary:
            'Files: of a folder (folderId, "root"), starred, shared with the caller, in the trash, or every file the caller may see',
          description: 'Ordering by name, size, updatedAt, createdAt, kind (the type: PDFs together).',
          querystring: fileListQuery,
          response: { 200: listResponse(managedFile), ...errors },
        },
      },
      (request) => service.listFiles(request.query, actorOf(request)),
    );
  }

  for (const path of ['/api/files', '/api/add/file']) {
    r.post(
      path,
      {
        config: { access: 'files.manage' },
        schema: {
          tags,
          summary:
            'Upload files (multipart/form-data: each file in a part; folderId in the query or a field sent before the files)',
          description: `Into a folder the caller may edit, or their top level. A name taken there becomes "name (2).ext". Too large, too many or past the quota: 413 naming the limit, nothing kept.`,
          querystring: uploadQuery,
          response: { 201: z.object({ files: z.array(managedFile) }), ...errors },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const user = currentUser(request);
        // A folder named in the address is checked before the bytes are read.
        if (request.query.folderId) await service.getFolder(request.query.folderId, actor);
        const received = await storage.receive(request, { ownerId: user.id });
        try {
          const field = received.fields.folderId;
          const folderId = request.query.folderId ?? (field ? folderField(field) : null);
          return reply.code(201).send({ files: await service.upload(received, folderId, actor) });
        } finally {
          await received.discard();
        }
      },
    );
  }

  r.get(
    '/api/files/recent',
    {
      config: { access: 'files.view' },
      schema: {
        tags,
        summary: 'The caller’s files most recently changed or uploaded, newest first',
        querystring: recentFilesQuery,
        response: { 200: z.object({ results: z.array(managedFile) }), ...errors },
      },
    },
    (request) => service.recent(actorOf(request), request.query.limit),
  );

  r.get(
    '/api/files/summary',
    {
      config: { access: 'files.view' },
      schema: {
        tags,
        summary: 'What the caller’s files take, by type, and their quota',
        description: 'Every file the caller uploaded counts, in the trash too, until it is emptied.',
        response: { 200: storageSummary, ...errors },
      },
    },
    (request) => service.summary(actorOf(request)),
  );

  r.delete(
    '/api/files/trash',
    {
      config: { access: 'files.manage' },
      schema: {
        tags,
        summary: 'Empty the caller’s trash: the items go for good, and the bytes no file refers to are freed',
        response: { 200: mutationResponse(z.object({ deleted: z.number() })), ...errors },
      },
    },
    async (request) => deleted(await service.emptyTrash(actorOf(request))),
  );

  r.get(
    '/api/files/:id',
    {
      config: { access: 'files.view' },
      schema: { tags, summary: 'One file', params: keyParams, response: { 200: managedFile, ...errors } },
    },
    (request) => service.getFile(existing(request.params.id), actorOf(request)),
  );

  r.patch(
    '/api/files/:id',
    {
      config: { access: 'files.manage' },
      schema: {
        tags,
        summary: 'Rename, move (folderId null: its owner’s top level) or star a file',
        params: idParams,
        headers: ifMatchHeaders,
        body: fileChange,
        response: { 200: mutationResponse(managedFile), ...errors },
      },
    },
    async (request) =>
      updated(
        await service.changeFile(
          request.params.id,
          { ...request.body, version: versionOf(request, request.body.version) },
          actorOf(request),
        ),
      ),
  );
  r.put(
    '/api/update/file',
    {
      config: { access: 'files.manage' },
      schema: {
        tags,
        summary: 'SPEC §7: rename (fileName or name), move or star a file, its id (id or _id) in the body',
        headers: ifMatchHeaders,
        body: specFileUpdate,
        response: { 200: mutationResponse(managedFile), ...errors },
      },
    },
    async (request) => {
      const { fileName, name, folderId, starred, version } = request.body;
      return updated(
        await service.changeFile(
          bodyKey(request.body),
          { name: fileName ?? name, folderId, starred, version: versionOf(request, version) },
          actorOf(request),
        ),
      );
    },
  );

  // ---- trash and shares: the same routes for folders and files ----------------------------------

  // What differs between the two kinds of item; the routes below are declared once for both.
  const kinds = [
    {
      type: 'folder',
      base: '/api/files/folders/:id',
      specDelete: { path: '/api/delete/folder', header: 'folder' },
      trash: service.trashFolder,
      restore: service.restoreFolder,
      deleteForever: service.deleteFolderForever,
      restored: managedFolder,
      trashSummary: 'Move a folder, and everything under it, to the trash',
      restoreDescription: 'A name taken there meanwhile becomes "name (2)".',
      foreverSummary: 'Delete a folder in the trash for good, with what went there with it',
      shareCovers: 'folder’s share covers everything under it',
    },
    {
      type: 'file',
      base: '/api/files/:id',
      specDelete: { path: '/api/delete/file', header: 'file' },
      trash: service.trashFile,
      restore: service.restoreFile,
      deleteForever: service.deleteFileForever,
      restored: managedFile,
      trashSummary: 'Move a file to the trash',
      restoreDescription: undefined,
      foreverSummary: 'Delete a file in the trash for good (its bytes are freed when no other file has them)',
      shareCovers: 'file’s share covers the file',
    },
  ] as const;

  for (const kind of kinds) {
    const { type, base } = kind;
    r.delete(
      base,
      {
        config: { access: 'files.manage' },
        schema: {
          tags,
          summary: kind.trashSummary,
          params: idParams,
          response: { 200: idResponse, ...errors },
        },
      },
      async (request) => deleted(await kind.trash(request.params.id, actorOf(request))),
    );
    r.delete(
      kind.specDelete.path,
      {
        config: { access: 'files.manage' },
        schema: {
          tags,
          summary: `SPEC §7: move a ${type} to the trash, its id in the \`${kind.specDelete.header}\` header`,
          headers: z.object({ [kind.specDelete.header]: z.optional(z.string()) }),
          response: { 200: idResponse, ...errors },
        },
      },
      async (request) =>
        deleted(await kind.trash(headerKey(request, kind.specDelete.header), actorOf(request))),
    );
    r.post(
      `${base}/restore`,
      {
        config: { access: 'files.manage' },
        schema: {
          tags,
          summary: `Bring a ${type} back from the trash (to its folder, or the top level when that is gone)`,
          description: kind.restoreDescription,
          params: idParams,
          response: { 200: mutationResponse(kind.restored), ...errors },
        },
      },
      async (request) =>
        done(
          'RESTORED',
          fileManagerMessages.restored,
          await kind.restore(request.params.id, actorOf(request)),
        ),
    );
    r.delete(
      `${base}/forever`,
      {
        config: { access: 'files.manage' },
        schema: {
          tags,
          summary: kind.foreverSummary,
          params: idParams,
          response: { 200: idResponse, ...errors },
        },
      },
      async (request) => deleted(await kind.deleteForever(request.params.id, actorOf(request))),
    );

    r.get(
      `${base}/shares`,
      {
        config: { access: 'files.view' },
        schema: {
          tags,
          summary: `Who the ${type} is shared with`,
          params: keyParams,
          response: { 200: sharesResponse, ...errors },
        },
      },
      (request) => service.listShares({ type, id: existing(request.params.id) }, actorOf(request)),
    );
    r.post(
      `${base}/shares`,
      {
        config: { access: 'files.manage' },
        schema: {
          tags,
          summary: `Share the ${type} with a user or a group (view or edit); again: changes the access`,
          description: `Only its owner shares it. A ${kind.shareCovers}.`,
          params: idParams,
          body: shareInput,
          response: { 201: mutationResponse(sharesResponse), ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            added(
              'Share',
              await service.share({ type, id: request.params.id }, request.body, actorOf(request)),
            ),
          ),
    );
    r.delete(
      `${base}/shares/:shareId`,
      {
        config: { access: 'files.manage' },
        schema: {
          tags,
          summary: `Stop sharing the ${type} with someone`,
          params: shareParams,
          response: { 200: mutationResponse(sharesResponse), ...errors },
        },
      },
      async (request) =>
        deleted(
          await service.unshare({ type, id: request.params.id }, request.params.shareId, actorOf(request)),
        ),
    );
  }
}
