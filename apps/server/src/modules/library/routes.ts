import { Readable } from 'node:stream';
import {
  BULK_LIMIT,
  bulkDeleted,
  bulkUpdated,
  type CodeLevel,
  type CodeRecord,
  codeBulkDelete,
  codeBulkUpdate,
  codeCreate,
  codeDeleteQuery,
  codeLevels,
  codeListQuery,
  codeRecord,
  codeRef,
  codeUpdate,
  errorResponse,
  errorResponses,
  type ImportEvent,
  idParams,
  importQuery,
  importRowError,
  importSummary,
  libraryExportQuery,
  librarySearchQuery,
  librarySelectionExport,
  listResponse,
  messages,
  mutationResponse,
  rollup,
  searchHit,
  unitInput,
  unitRecord,
  unitUpdate,
} from '@ledgerdesk/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { sendCsv } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import { added, deleted, updated } from '../../lib/responses';
import { etagOf, ifMatchHeaders, versionDescription } from '../../lib/versions';
import { actorOf } from '../../plugins/auth';
import type { LibraryService } from './service';
import type { ExportSelection, LibraryTransfer } from './transfer';

/** A code as GET answers it, its version as the ETag (what an update's If-Match sends back). */
async function withEtag(reply: FastifyReply, found: Promise<CodeRecord>) {
  const code = await found;
  reply.header('etag', etagOf(code.version));
  return code;
}

const IMPORT_LIMIT_BYTES = 64 * 1024 * 1024;
const errors = errorResponses(400, 404, 409);
const tags = ['library'];
const bulkDescription = `All or nothing, in one transaction, every code audited. Each item may carry the version read: a stale one answers 409 STALE_RECORD naming every stale code (fieldErrors by id); an unknown id (or a code of another level) answers 404 naming them; a code refused answers its error, named. At most ${BULK_LIMIT} items.`;

export function libraryRoutes(app: FastifyInstance, library: LibraryService, transfer: LibraryTransfer) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The four levels answer at the paths of SPEC §7 (library/l1codes/ … l4codes/), one set each.
  for (const level of codeLevels) {
    const base = `/api/library/l${level}codes/`;
    const name = `L${level}Code`;
    r.get(
      base,
      {
        config: { access: 'library.view' },
        schema: {
          tags,
          summary: `${name}s: paging, ordering, search, parent and active filters`,
          querystring: codeListQuery,
          response: { 200: listResponse(codeRecord), 400: errorResponse },
        },
      },
      (request) => library.list(level, request.query),
    );
    r.post(
      base,
      {
        config: { access: 'library.manage' },
        schema: {
          tags,
          summary: `Add an ${name}`,
          body: codeCreate,
          response: { 201: mutationResponse(codeRecord), ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(added(name, await library.create(level, request.body, actorOf(request)))),
    );
    r.get(
      `${base}:id/`,
      {
        config: { access: 'library.view' },
        schema: { tags, summary: `One ${name}`, params: idParams, response: { 200: codeRecord, ...errors } },
      },
      (request, reply) => withEtag(reply, library.get(level, request.params.id)),
    );
    r.put(
      `${base}:id/`,
      {
        config: { access: 'library.manage' },
        schema: {
          tags,
          summary: `Update or move an ${name} (the body holds the id)`,
          description: versionDescription,
          headers: ifMatchHeaders,
          params: idParams,
          body: codeUpdate,
          response: { 200: mutationResponse(codeRecord), ...errors },
        },
      },
      async (request) =>
        updated(
          await library.update(
            level,
            request.params.id,
            request.body,
            actorOf(request),
            request.headers['if-match'],
          ),
        ),
    );
    r.delete(
      `${base}:id/`,
      {
        config: { access: 'library.manage' },
        schema: {
          tags,
          summary: `Delete an ${name}; with cascade=true, the codes below it too`,
          params: idParams,
          querystring: codeDeleteQuery,
          response: { 200: mutationResponse(z.object({ deleted: z.number() })), ...errors },
        },
      },
      async (request) =>
        deleted(
          await library.remove(
            level as CodeLevel,
            request.params.id,
            request.query.cascade ?? false,
            actorOf(request),
          ),
        ),
    );
    r.post(
      `${base}bulk-delete/`,
      {
        config: { access: 'library.manage' },
        schema: {
          tags,
          summary: `Delete several ${name}s, all or none; with cascade, the codes below them too`,
          description: `${bulkDescription} Without cascade, a code with codes below it refuses the batch: 409 HAS_CHILDREN, fieldErrors holding each such code's id and how many codes sit below it.`,
          body: codeBulkDelete,
          response: { 200: mutationResponse(bulkDeleted), ...errors },
        },
      },
      async (request) => deleted(await library.bulkRemove(level, request.body, actorOf(request))),
    );
    r.post(
      `${base}bulk-update/`,
      {
        config: { access: 'library.manage' },
        schema: {
          tags,
          summary: `Set the same fields (active, parent, …) on several ${name}s, all or none`,
          description: bulkDescription,
          body: codeBulkUpdate,
          response: { 200: mutationResponse(bulkUpdated), ...errors },
        },
      },
      async (request) => updated(await library.bulkUpdate(level, request.body, actorOf(request))),
    );
  }

  r.get(
    '/api/library/codes/:id/',
    {
      config: { access: 'library.view' },
      schema: {
        tags,
        summary: 'A code of any level',
        params: idParams,
        response: { 200: codeRecord, ...errors },
      },
    },
    (request, reply) => withEtag(reply, library.get(undefined, request.params.id)),
  );
  r.get(
    '/api/library/codes/:id/path/',
    {
      config: { access: 'library.view' },
      schema: {
        tags,
        summary: 'The ancestors of a code, from L1 down, and the code',
        params: idParams,
        response: { 200: z.array(codeRef), ...errors },
      },
    },
    (request) => library.path(request.params.id),
  );
  r.get(
    '/api/library/search/',
    {
      config: { access: 'library.view' },
      schema: {
        tags,
        summary: 'Codes of all four levels matching a term, with their paths',
        querystring: librarySearchQuery,
        response: { 200: z.array(searchHit), 400: errorResponse },
      },
    },
    (request) => library.search(request.query),
  );
  r.get(
    '/api/library/rollup/',
    {
      config: { access: 'library.view' },
      schema: {
        tags,
        summary: 'The budget (income, expenses, balance) and the totals of every L1, L2 and L3 code',
        response: { 200: rollup },
      },
    },
    () => library.rollup(),
  );

  r.get(
    '/api/library/units/',
    {
      config: { access: 'library.view' },
      schema: { tags, summary: 'The units of L4 items', response: { 200: z.array(unitRecord) } },
    },
    () => library.listUnits(),
  );
  r.post(
    '/api/library/units/',
    {
      config: { access: 'library.manage' },
      schema: {
        tags,
        summary: 'Add a unit',
        body: unitInput,
        response: { 201: mutationResponse(unitRecord), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(added('Unit', await library.createUnit(request.body, actorOf(request)))),
  );
  r.put(
    '/api/library/units/:id/',
    {
      config: { access: 'library.manage' },
      schema: {
        tags,
        summary: 'Rename a unit',
        description: versionDescription,
        headers: ifMatchHeaders,
        params: idParams,
        body: unitUpdate,
        response: { 200: mutationResponse(unitRecord), ...errors },
      },
    },
    async (request) =>
      updated(
        await library.updateUnit(
          request.params.id,
          request.body,
          actorOf(request),
          request.headers['if-match'],
        ),
      ),
  );
  r.delete(
    '/api/library/units/:id/',
    {
      config: { access: 'library.manage' },
      schema: {
        tags,
        summary: 'Delete a unit no item uses',
        params: idParams,
        response: { 200: mutationResponse(z.null()), ...errors },
      },
    },
    async (request) => {
      await library.removeUnit(request.params.id, actorOf(request));
      return deleted(null);
    },
  );

  /** The codes of a selection as CSV: the first chunk read before answering (a 404 stays a 404). */
  const sendExport = async (reply: FastifyReply, fileName: string, selection: ExportSelection) => {
    const lines = transfer.exportCsv(selection);
    const first = await lines.next();
    const rest = async function* () {
      if (!first.done) yield first.value;
      yield* lines;
    };
    return sendCsv(reply, fileName, rest());
  };
  r.get(
    '/api/library/export/',
    {
      config: { access: 'library.view', rateClass: 'expensive' },
      schema: {
        tags,
        summary: 'The library as CSV (the import format): all of it, the subtree of `root`, or a level list',
        description:
          '`root`: a code and the codes below it. `level` (1–4), with the filters of its list (`parent`, `isActive`, `search`): the codes of that list. Neither: the whole library.',
        querystring: libraryExportQuery,
        response: { 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const { root, level, ...filters } = request.query;
      if (root && level) {
        const message = 'Export a subtree (root) or a level list (level), not both.';
        throw AppError.badRequest(message, { root: message });
      }
      if (level) return sendExport(reply, `l${level}-codes.csv`, { level, ...filters });
      return sendExport(reply, root ? 'code-library-subtree.csv' : 'code-library.csv', { root });
    },
  );
  r.post(
    '/api/library/export/',
    {
      config: { access: 'library.view', rateClass: 'expensive' },
      schema: {
        tags,
        summary: 'The codes chosen, as CSV (the import format)',
        description: `At most ${BULK_LIMIT} ids; an unknown one answers 404 naming it (fieldErrors by id).`,
        body: librarySelectionExport,
        response: { 400: errorResponse, 404: errorResponse },
      },
    },
    (request, reply) => sendExport(reply, 'codes-selected.csv', { ids: request.body.ids }),
  );

  // CSV arrives as text. The parser is this module's only (app.ts registers each module as an
  // encapsulated plugin), and the import route alone accepts a large body: its own bodyLimit.
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  r.post(
    '/api/library/import/',
    {
      config: { access: 'library.manage', rateClass: 'expensive' },
      bodyLimit: IMPORT_LIMIT_BYTES,
      schema: {
        tags,
        summary:
          'Import a CSV all or nothing. dryRun=true: the preview with row errors. Otherwise an NDJSON stream of progress, then done or failed.',
        querystring: importQuery,
        body: z.string('Send the CSV as the body, with Content-Type text/csv.'),
        response: {
          200: z.union([z.extend(importSummary, { errors: z.array(importRowError) }), z.unknown()]),
          400: errorResponse,
        },
      },
    },
    async (request, reply) => {
      if (request.query.dryRun) return transfer.preview(request.body);
      const plan = await transfer.prepare(request.body);
      const actor = actorOf(request);
      const events = async function* (): AsyncGenerator<string> {
        const queue: ImportEvent[] = [];
        let wake: (() => void) | undefined;
        let finished = false;
        const push = (event: ImportEvent) => {
          queue.push(event);
          wake?.();
        };
        transfer
          .write(plan, actor, (done, total) => push({ type: 'progress', done, total }))
          .then((summary) => push({ type: 'done', ...summary }))
          .catch((error) => {
            request.log.error({ err: error }, 'import failed');
            push({
              type: 'failed',
              errorMessage: error instanceof AppError ? error.message : messages.internalError,
            });
          })
          .finally(() => {
            finished = true;
            wake?.();
          });
        for (;;) {
          const event = queue.shift();
          if (event) {
            yield `${JSON.stringify(event)}\n`;
            continue;
          }
          if (finished) return;
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
        }
      };
      return reply.type('application/x-ndjson').send(Readable.from(events()));
    },
  );
}
