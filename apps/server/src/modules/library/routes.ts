import { Readable } from 'node:stream';
import {
  type CodeLevel,
  type CodeRecord,
  codeCreate,
  codeDeleteQuery,
  codeLevels,
  codeListQuery,
  codeRecord,
  codeRef,
  codeUpdate,
  errorResponse,
  type ImportEvent,
  idParams,
  importQuery,
  importRowError,
  importSummary,
  librarySearchQuery,
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
import { AppError } from '../../lib/errors';
import { added, deleted, updated } from '../../lib/responses';
import { etagOf, ifMatchHeaders, versionDescription } from '../../lib/versions';
import { actorOf } from '../../plugins/auth';
import type { LibraryService } from './service';
import type { LibraryTransfer } from './transfer';

/** A code as GET answers it, its version as the ETag (what an update's If-Match sends back). */
async function withEtag(reply: FastifyReply, found: Promise<CodeRecord>) {
  const code = await found;
  reply.header('etag', etagOf(code.version));
  return code;
}

const IMPORT_LIMIT_BYTES = 64 * 1024 * 1024;
const errors = { 400: errorResponse, 404: errorResponse, 409: errorResponse };
const tags = ['library'];

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

  r.get(
    '/api/library/export/',
    {
      config: { access: 'library.view', rateClass: 'expensive' },
      schema: {
        tags,
        summary: 'The library, or the subtree of `root`, as CSV (the import format)',
        querystring: z.object({ root: z.optional(z.uuid('root must be a code id.')) }),
      },
    },
    async (request, reply) => {
      const lines = transfer.exportCsv(request.query.root);
      // Read the first chunk before answering, so that an unknown root is still a clean 404.
      const first = await lines.next();
      const rest = async function* () {
        if (!first.done) yield first.value;
        yield* lines;
      };
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="code-library${request.query.root ? '-subtree' : ''}.csv"`,
        )
        .send(Readable.from(rest()));
    },
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
