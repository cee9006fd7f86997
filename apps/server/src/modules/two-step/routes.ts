import {
  errorResponse,
  idParams,
  mutationResponse,
  recoveryCodes,
  rememberedBrowser,
  twoStepConfirm,
  twoStepDisable,
  twoStepEnrolment,
  twoStepMessages,
  twoStepStatus,
} from '@ledgerdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { done, emptyMutation } from '../../lib/responses';
import { actorOf, currentUser } from '../../plugins/auth';
import type { UsersService } from '../users/service';
import type { TwoStepService } from './service';

const tags = ['two-step'];
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
/** One's own two-step verification: with a session only (an API key never changes it). */
const own = { access: 'authenticated', sessionOnly: true } as const;

export function twoStepRoutes(app: FastifyInstance, twoStep: TwoStepService, users: UsersService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/users/me/two-step/',
    {
      config: own,
      schema: {
        tags,
        summary: 'Whether two-step verification is on, and required',
        response: { 200: twoStepStatus },
      },
    },
    (request) => twoStep.status(currentUser(request).id),
  );

  r.post(
    '/api/users/me/two-step/enrol/',
    {
      config: own,
      schema: {
        tags,
        summary: 'Begin setting up an authenticator: its secret, otpauth URL and QR code',
        description: 'Two-step verification is on only once POST .../confirm/ gets a first code of it.',
        response: { 200: twoStepEnrolment, ...errors },
      },
    },
    (request) => twoStep.startEnrolment(currentUser(request)),
  );

  r.post(
    '/api/users/me/two-step/confirm/',
    {
      config: own,
      schema: {
        tags,
        summary: 'Turn two-step verification on with the first code: the recovery codes (shown once)',
        body: twoStepConfirm,
        response: { 200: mutationResponse(recoveryCodes), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const codes = await twoStep.confirmOwnEnrolment(user.id, request.body.code, actorOf(request));
      return done('TWO_STEP_ENABLED', twoStepMessages.enabled, { recoveryCodes: codes });
    },
  );

  r.post(
    '/api/users/me/two-step/recovery-codes/',
    {
      config: own,
      schema: {
        tags,
        summary: 'New recovery codes (the old ones stop working), with a current code',
        body: twoStepConfirm,
        response: { 200: mutationResponse(recoveryCodes), ...errors },
      },
    },
    async (request) => {
      const codes = await twoStep.regenerateRecoveryCodes(
        currentUser(request).id,
        request.body.code,
        actorOf(request),
      );
      return done('RECOVERY_CODES_MADE', twoStepMessages.codesRegenerated, { recoveryCodes: codes });
    },
  );

  r.post(
    '/api/users/me/two-step/disable/',
    {
      config: own,
      schema: {
        tags,
        summary: 'Turn two-step verification off, with the password and a code (or a recovery code)',
        description: 'Refused (409) while a group of the user requires it.',
        body: twoStepDisable,
        response: { 200: emptyMutation, ...errors },
      },
    },
    async (request) => {
      await twoStep.disable(currentUser(request).id, request.body, actorOf(request));
      return done('TWO_STEP_DISABLED', twoStepMessages.disabled, null);
    },
  );

  r.get(
    '/api/users/me/remembered-browsers/',
    {
      config: own,
      schema: {
        tags,
        summary: 'The browsers that skip the second step (30 days from when they were remembered)',
        response: { 200: z.array(rememberedBrowser) },
      },
    },
    (request) => twoStep.listBrowsers(currentUser(request).id),
  );

  r.delete(
    '/api/users/me/remembered-browsers/:id/',
    {
      config: own,
      schema: {
        tags,
        summary: 'Forget one remembered browser: it asks for a code again',
        params: idParams,
        response: { 200: emptyMutation, ...errors },
      },
    },
    async (request) => {
      await twoStep.forgetBrowser(currentUser(request).id, request.params.id, actorOf(request));
      return done('BROWSER_FORGOTTEN', twoStepMessages.browserForgotten, null);
    },
  );

  r.post(
    '/api/users/me/remembered-browsers/forget-all/',
    {
      config: own,
      schema: {
        tags,
        summary: 'Forget every remembered browser',
        response: { 200: mutationResponse(z.object({ count: z.number().check(z.int()) })), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const count = await twoStep.forgetAllBrowsers(user.id, actorOf(request));
      return done('BROWSERS_FORGOTTEN', twoStepMessages.browsersForgotten(count), { count });
    },
  );

  r.post(
    '/api/users/user/:id/two-step/reset/',
    {
      config: { access: 'users.manage' },
      schema: {
        tags,
        summary: "Reset a user's two-step verification (a lost phone)",
        description:
          'Their secret, recovery codes and remembered browsers go; if a group requires it, they set it up again at their next sign-in. Audited. Only an administrator resets an administrator, and others only users whose permissions they hold.',
        params: idParams,
        response: { 200: emptyMutation, ...errors },
      },
    },
    async (request) => {
      await users.assertMayManageUser(request.params.id, currentUser(request));
      await twoStep.reset(request.params.id, actorOf(request));
      return done('TWO_STEP_RESET', twoStepMessages.reset, null);
    },
  );
}
