import {
  calendarCategoryCount,
  calendarFeed,
  calendarLayers,
  calendarMessages,
  calendarOccurrence,
  errorResponses,
  eventRangeQuery,
  mutationResponse,
  upcomingEventsQuery,
} from '@ledgerdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { AuditLog } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { Outbox } from '../../lib/outbox';
import { done } from '../../lib/responses';
import { can, currentUser } from '../../plugins/auth';
import { registerResource } from '../../resources/engine';
import type { UsersService } from '../users/service';
import { calendarEventResource } from './events.resource';
import { createCalendarService } from './service';

const tags = ['calendar'];
const errors = errorResponses(400);
const rangeOf = (query: { start: string; end: string }) => ({
  start: new Date(query.start),
  end: new Date(query.end),
});

/**
 * The calendar: events on the resource engine, the occurrences of a range (series expanded),
 * category counts, upcoming events, the read-only layers of other areas, and each user's iCalendar
 * feed (a secret address, public, rate-limited like the other public routes).
 */
export function calendarRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    audit: AuditLog;
    users: UsersService;
    outbox: Outbox;
    mailer: Mailer;
    config: Pick<Config, 'publicUrl'>;
    now?: () => Date;
  },
) {
  const service = createCalendarService(deps);
  const now = deps.now ?? (() => new Date());
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerResource(app, deps, calendarEventResource(service));

  r.get(
    '/api/events',
    {
      config: { access: 'calendar.view' },
      schema: {
        tags,
        summary: 'The occurrences of the events the caller sees that overlap the range (series expanded)',
        description:
          'FullCalendar-ready (SPEC §3 "Calendar event"). The range is at most 400 days; a series repeats at the same local time in its time zone. At most 5,000 occurrences, the earliest.',
        querystring: eventRangeQuery,
        response: { 200: z.array(calendarOccurrence), ...errors },
      },
    },
    (request) => service.occurrences(currentUser(request), rangeOf(request.query)),
  );

  r.get(
    '/api/categories',
    {
      config: { access: 'calendar.view' },
      schema: {
        tags,
        summary: 'How many occurrences of each category the range holds (every category named)',
        querystring: eventRangeQuery,
        response: { 200: z.array(calendarCategoryCount), ...errors },
      },
    },
    (request) => service.categories(currentUser(request), rangeOf(request.query)),
  );

  // SPEC §7 spells it "upcommingevents"; the corrected spelling answers the same.
  for (const path of ['/api/upcommingevents', '/api/upcoming-events']) {
    r.get(
      path,
      {
        config: { access: 'calendar.view' },
        schema: {
          tags,
          summary: 'The next occurrences from now (those under way included)',
          querystring: upcomingEventsQuery,
          response: { 200: z.array(calendarOccurrence), ...errors },
        },
      },
      (request) => service.upcoming(currentUser(request), request.query.limit, now()),
    );
  }

  r.get(
    '/api/calendar/layers',
    {
      config: { access: 'calendar.view' },
      schema: {
        tags,
        summary: 'Due dates of the caller’s tasks and of unpaid invoices in the range, read-only',
        description:
          'Each layer only for whoever may view its area (tasks.view, invoices.view); else it is left out.',
        querystring: eventRangeQuery,
        response: { 200: calendarLayers, ...errors },
      },
    },
    (request) => {
      const user = currentUser(request);
      return service.layers(user, request.query, {
        tasks: can(user, 'tasks.view'),
        invoices: can(user, 'invoices.view'),
      });
    },
  );

  r.get(
    '/api/calendar/feed',
    {
      config: { access: 'calendar.view' },
      schema: { tags, summary: 'Whether the caller has an iCalendar feed', response: { 200: calendarFeed } },
    },
    (request) => service.feedStatus(currentUser(request).id),
  );

  r.post(
    '/api/calendar/feed',
    {
      config: { access: 'calendar.view' },
      schema: {
        tags,
        summary: 'Make (or replace) the caller’s iCalendar feed: its secret address, shown this once',
        response: { 201: mutationResponse(calendarFeed) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(done('ADDED', calendarMessages.feedCreated, await service.createFeed(currentUser(request).id))),
  );

  r.delete(
    '/api/calendar/feed',
    {
      config: { access: 'calendar.view' },
      schema: {
        tags,
        summary: 'Revoke the caller’s iCalendar feed (its address stops working)',
        response: { 200: mutationResponse(calendarFeed) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await service.revokeFeed(userId);
      return done('DELETED', calendarMessages.feedRevoked, { active: false, createdAt: null });
    },
  );

  r.get(
    '/api/calendar/feed/:file',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'An iCalendar feed by its secret address (text/calendar)',
        description:
          'The events its owner sees from 90 days ago to a year ahead; an unknown or revoked address is a 404.',
        params: z.object({ file: z.string() }),
      },
    },
    async (request, reply) => {
      const token = /^([\w-]{20,100})\.ics$/.exec(request.params.file)?.[1];
      if (!token) throw AppError.notFound();
      const text = await service.feedByToken(token, now());
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(text);
    },
  );
}
