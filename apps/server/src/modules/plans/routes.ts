import {
  errorResponse,
  mutationResponse,
  officePlanInput,
  officePlanRecord,
  planMessages,
  planPaths,
} from '@ledgerdesk/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { officePlan, plans } from '../../db/schema';
import type { AuditLog } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { done } from '../../lib/responses';
import { actorOf } from '../../plugins/auth';
import { registerResource } from '../../resources/engine';
import { faqResource, officePlanId, planResource, planTableResource } from './plans.resource';

/** Pricing: plan tables, plans and FAQs on the resource engine, and which plan is the office's. */
export function plansRoutes(app: FastifyInstance, deps: { db: Database; audit: AuditLog }) {
  registerResource(app, deps, planTableResource());
  registerResource(app, deps, planResource());
  registerResource(app, deps, faqResource());

  const { db, audit } = deps;
  app.withTypeProvider<ZodTypeProvider>().put(
    planPaths.officePlan,
    {
      config: { access: 'plans.manage' },
      schema: {
        tags: ['plans'],
        summary: "Make a plan the office's current one (its card's button is disabled)",
        body: officePlanInput,
        response: { 200: mutationResponse(officePlanRecord), 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const { planId } = request.body;
      const actor = actorOf(request);
      const result = await db.transaction(async (tx) => {
        const executor = tx as Database;
        const [plan] = await executor
          .select({ id: plans.id })
          .from(plans)
          .where(eq(plans.id, planId))
          .for('share');
        if (!plan) throw AppError.notFound(planMessages.unknownPlan);
        const before = await officePlanId(executor);
        if (before === planId) return { planId };
        // One row (id 1): an upsert, so that two admins at once leave exactly one current plan.
        await executor
          .insert(officePlan)
          .values({ id: 1, planId, createdBy: actor.id, updatedBy: actor.id })
          .onConflictDoUpdate({
            target: officePlan.id,
            set: { planId, updatedBy: actor.id, updatedAt: sql`now()` },
          });
        await audit.record(executor, actor, {
          action: 'update',
          entity: 'officePlan',
          key: '1',
          before: { planId: before },
          after: { planId },
        });
        return { planId };
      });
      return done('UPDATED', planMessages.officePlanSet, result);
    },
  );
}
