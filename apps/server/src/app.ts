import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { createAuditService } from './modules/audit/service';
import { authRoutes } from './modules/auth/routes';
import { createAuthService } from './modules/auth/service';
import { healthRoutes } from './modules/health/routes';
import { webDistDir } from './paths';
import { registerAuth } from './plugins/auth';
import { registerErrorHandler } from './plugins/errors';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { registerWebApp } from './plugins/web';

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Where the built web app is; tests of the API alone leave it out. */
  webDistDir?: string;
};

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the whole application; main.ts listens on it, tests call it through inject. */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: false },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const audit = createAuditService();
  const auth = createAuthService({ db: database.db, config, audit });

  registerErrorHandler(app);
  registerAuth(app, auth);
  await registerSecurity(app);
  await registerOpenApi(app);

  healthRoutes(app, database);
  authRoutes(app, auth);

  await registerWebApp(app, deps.webDistDir ?? webDistDir);
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
