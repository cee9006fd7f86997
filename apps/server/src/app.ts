import { randomUUID } from 'node:crypto';
import { englishFieldMessage } from '@ledgerdesk/contracts';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { type AdminCommands, createAdminCommands } from './admin/commands';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { createMailer, type Mailer } from './lib/mailer';
import { createOutbox, type Outbox, type OutboxOptions } from './lib/outbox';
import { createStorage } from './lib/storage';
import { accountsRoutes } from './modules/accounts/routes';
import { createAccountsService } from './modules/accounts/service';
import { apiKeysRoutes } from './modules/api-keys/routes';
import { createApiKeysService } from './modules/api-keys/service';
import { auditRoutes } from './modules/audit/routes';
import { createAuditService } from './modules/audit/service';
import { authRoutes } from './modules/auth/routes';
import { AUTH_ENTITIES, createAuthService } from './modules/auth/service';
import { calendarRoutes } from './modules/calendar/routes';
import { registerChatLive } from './modules/chat/live';
import { chatRoutes } from './modules/chat/routes';
import { CHAT_TOPIC, createChatService } from './modules/chat/service';
import { contentRoutes } from './modules/content/routes';
import { countriesRoutes } from './modules/countries/routes';
import { createCountriesService } from './modules/countries/service';
import { crmRoutes } from './modules/crm/routes';
import { icoResource } from './modules/crypto/icos.resource';
import { registerCryptoLive } from './modules/crypto/live';
import { cryptoRoutes } from './modules/crypto/routes';
import { type CryptoService, createCryptoService } from './modules/crypto/service';
import { dashboardsRoutes } from './modules/dashboards/routes';
import { createDashboardsService } from './modules/dashboards/service';
import { ecommerceRoutes } from './modules/ecommerce/routes';
import { filesRoutes } from './modules/files/routes';
import { healthRoutes } from './modules/health/routes';
import { invoiceResource } from './modules/invoices/invoices.resource';
import { invoiceRoutes } from './modules/invoices/routes';
import {
  applicationResource,
  candidateResource,
  jobCompanyResource,
  jobResource,
} from './modules/jobs/jobs.resource';
import { libraryRoutes } from './modules/library/routes';
import { createLibraryService } from './modules/library/service';
import { createLibraryTransfer } from './modules/library/transfer';
import { mailRoutes } from './modules/mail/routes';
import { nftRoutes } from './modules/nft/routes';
import { createNftService } from './modules/nft/service';
import { type AuctionSweeper, createAuctionSweeper } from './modules/nft/sweeper';
import { notificationsRoutes } from './modules/notifications/routes';
import { createNotificationsService } from './modules/notifications/service';
import { oidcRoutes } from './modules/oidc/routes';
import { createOidcService } from './modules/oidc/service';
import { plansRoutes } from './modules/plans/routes';
import { projectResource } from './modules/projects/projects.resource';
import { releaseGroupResource } from './modules/releases/releases.resource';
import { searchRoutes } from './modules/search/routes';
import { createSearchService } from './modules/search/service';
import { tasksRoutes } from './modules/tasks/routes';
import { teamResource } from './modules/team/team.resource';
import { ticketsRoutes } from './modules/tickets/routes';
import { todoProjectResource, todoResource } from './modules/todos/todos.resource';
import { twoStepRoutes } from './modules/two-step/routes';
import { createTwoStepService } from './modules/two-step/service';
import { avatarRoutes } from './modules/users/avatars';
import { usersRoutes } from './modules/users/routes';
import { createUsersService } from './modules/users/service';
import { webDistDir } from './paths';
import { registerAuth } from './plugins/auth';
import { registerCompression } from './plugins/compression';
import { registerErrorHandler } from './plugins/errors';
import { registerInputGuard } from './plugins/input';
import { type LiveSettings, registerLive } from './plugins/live';
import { registerOpenApi } from './plugins/openapi';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurity } from './plugins/security';
import { registerUploads } from './plugins/uploads';
import { registerWebApp } from './plugins/web';
import { registerFileContentRoutes } from './resources/attachments';
import { registerResource, registerResourceRegistry } from './resources/engine';

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Tests may hand in their own; by default SMTP_URL or the outbox folder. */
  mailer?: Mailer;
  /** Tests shorten the outbox's backoff and attempts. */
  outbox?: OutboxOptions;
  /** Where the built web app is; tests of the API alone leave it out. */
  webDistDir?: string;
  /** The dashboards' clock: tests fix "now" to check period boundaries. */
  now?: () => Date;
  /** Tests shorten the live socket's timeouts. */
  live?: LiveSettings;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail (and later other side effects) queue: main.ts starts its worker, tests drain it. */
    outbox: Outbox;
    /** The operator's commands, run through this app's services (main.ts serves them locally). */
    adminCommands: AdminCommands;
    /** The crypto area: main.ts starts its market ticker, tests tick it by hand. */
    crypto: CryptoService;
    /** Closes the NFT auctions that ended: main.ts starts it (NFT_AUCTION_SWEEP_MS), tests sweep themselves. */
    nftAuctions: AuctionSweeper;
  }
}

/** The largest request body a signed-in caller may send (the library import alone takes more). */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** The largest body of a public route (sign-in, sign-up, password reset): what anyone may send. */
export const PUBLIC_BODY_LIMIT_BYTES = 64 * 1024;

// The contracts give their own messages for what users type; for anything else (a missing or
// mistyped field of an API call) the English text of the field error's code says what was expected
// (not zod's "Invalid input: expected string, received undefined").
z.config({ customError: englishFieldMessage });

/**
 * The routes' schemas are zod's (fastify-type-provider-zod). Given these, Fastify never loads its own
 * JSON-schema compilers (ajv and fast-json-stringify), a fifth of the server's start-up. (Its types
 * expect ajv's compilers here.)
 */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

/** Builds the whole application; main.ts listens on it, tests call it through inject. */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    // Behind a reverse proxy, request.ip (audit entries, sign-in throttling, rate limits) is the
    // client's address from X-Forwarded-For, but only when the peer is a trusted proxy.
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: false },
    schemaController: { compilersFactory: zodCompilers },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const { db } = database;
  const mailer = deps.mailer ?? createMailer(config, app.log);
  const audit = createAuditService(db);
  const twoStep = createTwoStepService({ db, audit, now: deps.now });
  const auth = createAuthService({ db, config, audit, twoStep });
  const outbox = createOutbox({
    db,
    log: app.log,
    options: deps.outbox,
    onGiveUp: (row) =>
      audit.record(
        db,
        { id: null, label: 'outbox', ip: '', requestId: '' },
        {
          action: 'outbox.give-up',
          entity: 'outbox',
          key: row.id,
          after: { kind: row.kind, attempts: row.attempts, lastError: row.lastError, payload: row.payload },
        },
      ),
  });
  app.decorate('outbox', outbox);
  // Closing the app (a shutdown, a test's end) stops the worker after the pass under way.
  app.addHook('onClose', () => outbox.stop());
  const accounts = createAccountsService({ db, config, audit, auth, mailer, outbox });
  const library = createLibraryService({ db, audit });
  app.decorate('adminCommands', createAdminCommands({ db, auth }));

  registerErrorHandler(app);
  registerInputGuard(app);
  registerAuth(app, auth);
  await registerRateLimit(app, { db, factor: config.rateLimit });
  await registerSecurity(app, config);
  await registerCompression(app);
  await registerOpenApi(app);
  await registerUploads(
    app,
    await createStorage({ db, config, outbox, log: app.log, soleUser: database.kind === 'pglite' }),
  );
  const users = createUsersService({ db, audit, auth, accounts, storage: app.storage });
  // Anyone may call a public route: its body may be small. A route that needs more says so itself.
  app.addHook('onRoute', (route) => {
    if (route.config?.access === 'public' && route.bodyLimit === undefined) {
      route.bodyLimit = PUBLIC_BODY_LIMIT_BYTES;
    }
  });

  await registerLive(app, { database, auth, settings: deps.live });
  // A change of who a token is or what it may do: every node checks the tokens of the sockets it
  // may concern again once it commits (the sockets of a revoked session or a deactivated user
  // close). A sign-in ends no socket: with every sign-in rechecking every socket, a node of 2,000
  // sockets made thousands of token queries each morning minute. A session is only ever ended by
  // its owner (sign-out, revoke one's own); a user's change concerns that user; a group or an API
  // key (an administrator may disable anyone's) concerns anyone.
  audit.onRecord(async (entry, executor, actor) => {
    if (!AUTH_ENTITIES.has(entry.entity) || entry.action === 'login') return;
    const users =
      entry.entity === 'user' ? [entry.key] : entry.entity === 'session' && actor.id ? [actor.id] : null;
    await app.live.publish(executor, 'auth', users ? { users } : {});
  });
  const notifications = createNotificationsService({ db, live: app.live });

  registerResourceRegistry(app);
  // Each module in a plugin of its own (encapsulated): what a module adds to Fastify — a body
  // parser, a hook, a larger body limit — applies to its routes only.
  const encapsulated = (routes: (scope: FastifyInstance) => void) =>
    app.register(async (scope) => routes(scope));
  encapsulated((scope) => healthRoutes(scope, database));
  encapsulated((scope) => notificationsRoutes(scope, notifications));
  encapsulated((scope) => registerFileContentRoutes(scope, db));
  encapsulated((scope) => authRoutes(scope, auth, users));
  encapsulated((scope) => accountsRoutes(scope, accounts, auth));
  encapsulated((scope) =>
    oidcRoutes(scope, createOidcService({ db, config, audit, auth, accounts, outbox }), config),
  );
  encapsulated((scope) => usersRoutes(scope, users));
  encapsulated((scope) => twoStepRoutes(scope, twoStep, users));
  encapsulated((scope) => avatarRoutes(scope, db));
  encapsulated((scope) => auditRoutes(scope, audit));
  encapsulated((scope) => libraryRoutes(scope, library, createLibraryTransfer({ db, audit })));
  encapsulated((scope) => tasksRoutes(scope, { db, audit, users, notifications }));
  encapsulated((scope) => crmRoutes(scope, { db, audit, users }));
  encapsulated((scope) => ticketsRoutes(scope, { db, audit, users, notifications }));
  encapsulated((scope) => registerResource(scope, { db, audit }, invoiceResource()));
  encapsulated((scope) => invoiceRoutes(scope, db));
  encapsulated((scope) => registerResource(scope, { db, audit }, projectResource(users)));
  encapsulated((scope) => registerResource(scope, { db, audit }, teamResource(users)));
  encapsulated((scope) => registerResource(scope, { db, audit }, todoProjectResource()));
  encapsulated((scope) => registerResource(scope, { db, audit }, todoResource()));
  encapsulated((scope) => registerResource(scope, { db, audit }, jobCompanyResource));
  encapsulated((scope) => registerResource(scope, { db, audit }, jobResource));
  encapsulated((scope) => registerResource(scope, { db, audit }, candidateResource));
  encapsulated((scope) => registerResource(scope, { db, audit }, applicationResource));
  encapsulated((scope) => apiKeysRoutes(scope, createApiKeysService({ db, audit, users })));
  encapsulated((scope) => countriesRoutes(scope, createCountriesService(db)));
  encapsulated((scope) => ecommerceRoutes(scope, { db, audit }, users));
  encapsulated((scope) => contentRoutes(scope, { db, audit }, users));
  encapsulated((scope) => searchRoutes(scope, createSearchService(db)));
  encapsulated((scope) => dashboardsRoutes(scope, createDashboardsService({ db, now: deps.now })));
  encapsulated((scope) => calendarRoutes(scope, { db, audit, users, outbox, mailer, config, now: deps.now }));
  encapsulated((scope) => filesRoutes(scope, { db, audit, users }));
  encapsulated((scope) => plansRoutes(scope, { db, audit }));
  encapsulated((scope) => registerResource(scope, { db, audit }, releaseGroupResource()));
  const chat = createChatService({
    db,
    users,
    storage: app.storage,
    links: {
      publish: (executor, event) => app.live.publish(executor, CHAT_TOPIC, event),
      presence: (userIds) => app.live.presence(userIds),
      notify: (executor, notification) => notifications.notify(executor, notification),
    },
  });
  registerChatLive(app.live, { db, chat });
  encapsulated((scope) => chatRoutes(scope, { db, chat }));
  encapsulated((scope) =>
    mailRoutes(scope, { db, users, outbox, mailer, config, live: app.live, notifications, now: deps.now }),
  );

  const crypto = createCryptoService({
    db,
    audit,
    live: app.live,
    tickMs: config.marketTickMs,
    log: app.log,
    now: deps.now,
  });
  app.decorate('crypto', crypto);
  app.addHook('onClose', () => crypto.ticker.stop());
  registerCryptoLive(app.live, crypto);
  encapsulated((scope) => registerResource(scope, { db, audit }, icoResource));
  encapsulated((scope) => cryptoRoutes(scope, { db, crypto }));
  const nft = createNftService({ db, audit, storage: app.storage, users, live: app.live });
  encapsulated((scope) => nftRoutes(scope, nft));
  app.decorate(
    'nftAuctions',
    createAuctionSweeper({ sweep: nft.trading.sweep, everyMs: config.nftAuctionSweepMs, log: app.log }),
  );
  app.addHook('onClose', () => app.nftAuctions.stop());

  await registerWebApp(app, deps.webDistDir ?? webDistDir);
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
