import {
  type DashboardName,
  dashboardCatalogue,
  dashboardNames,
  dashboardPeriods,
  dashboardQuery,
  dashboardResponse,
  dashboardWidget,
  errorResponse,
  resolvedPeriod,
} from '@ledgerdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { csvLine, sendCsv } from '../../lib/csv';
import { currentUser } from '../../plugins/auth';
import { widgetRows } from './export';
import type { DashboardsService } from './service';

const tags = ['dashboards'];

const widgetParams = z.object({ widget: z.string().check(z.maxLength(64)) });

/**
 * `GET /api/dashboard/<name>`: every widget of a dashboard the caller may see (the others are
 * absent), for a period of SPEC §2 in the caller's zone; `GET /api/dashboard/<name>/<widget>`: one.
 * SPEC §7's period paths (`/api/all-data`, `/api/monthly-data`, …) answer the same, for the
 * dashboard named in `?dashboard=` (the home dashboard without it).
 */
export function dashboardsRoutes(app: FastifyInstance, service: DashboardsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const name of dashboardNames) {
    r.get(
      `/api/dashboard/${name}`,
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: `The ${name} dashboard: its widgets the caller may see`,
          description: `Widgets: ${Object.keys(dashboardCatalogue[name]).join(', ')}. A widget whose area the caller may not view is absent.`,
          querystring: dashboardQuery,
          response: { 200: dashboardResponse(name), 400: errorResponse },
        },
      },
      (request) =>
        service.dashboard(name, {
          user: currentUser(request),
          period: request.query.period,
          timeZone: request.query.tz,
          currency: request.query.currency,
        }),
    );
    r.get(
      `/api/dashboard/${name}/:widget`,
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: `One widget of the ${name} dashboard`,
          params: widgetParams,
          querystring: dashboardQuery,
          response: {
            200: z.object({ period: resolvedPeriod, widget: dashboardWidget }),
            400: errorResponse,
            403: errorResponse,
            404: errorResponse,
          },
        },
      },
      (request) =>
        service.widget(name, request.params.widget, {
          user: currentUser(request),
          period: request.query.period,
          timeZone: request.query.tz,
          currency: request.query.currency,
        }),
    );
    r.get(
      `/api/dashboard/${name}/:widget/export`,
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: `One widget of the ${name} dashboard as CSV`,
          description:
            'The figures of "Show as table": a header of the widget\'s column keys, then raw values (numbers with dots, bucket starts in ISO 8601). Same period, zone and permission as the widget.',
          params: widgetParams,
          querystring: dashboardQuery,
          response: { 400: errorResponse, 403: errorResponse, 404: errorResponse },
        },
      },
      async (request, reply) => {
        const { period, widget } = await service.widget(name, request.params.widget, {
          user: currentUser(request),
          period: request.query.period,
          timeZone: request.query.tz,
          currency: request.query.currency,
        });
        const text = widgetRows(widget).map(csvLine).join('');
        return sendCsv(reply, `${name}-${widget.id}-${period.period}.csv`, text);
      },
    );
  }

  const aliasQuery = z.extend(z.omit(dashboardQuery, { period: true }), {
    dashboard: z.optional(
      z.enum(
        dashboardNames as [DashboardName, ...DashboardName[]],
        `The dashboard must be one of: ${dashboardNames.join(', ')}.`,
      ),
    ),
  });
  const aliasResponse = z.object({
    name: z.enum(dashboardNames as [DashboardName, ...DashboardName[]]),
    period: resolvedPeriod,
    widgets: z.record(z.string(), dashboardWidget),
  });
  // "lastWeek" is also reachable as "lastweek": the spec names paths, not their case.
  const aliases = new Map<string, (typeof dashboardPeriods)[number]>();
  for (const period of dashboardPeriods) {
    aliases.set(`${period}-data`, period);
    aliases.set(`${period.toLowerCase()}-data`, period);
  }
  for (const [path, period] of aliases) {
    r.get(
      `/api/${path}`,
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: `SPEC §7 dashboard path: a dashboard for the period "${period}"`,
          querystring: aliasQuery,
          response: { 200: aliasResponse, 400: errorResponse },
        },
      },
      (request) =>
        service.dashboard(request.query.dashboard ?? 'home', {
          user: currentUser(request),
          period,
          timeZone: request.query.tz,
          currency: request.query.currency,
        }),
    );
  }
}
