import {
  type DashboardName,
  type DashboardPeriod,
  type DashboardResponse,
  type DashboardWidget,
  dashboardCatalogue,
  type Permission,
  type PortfolioCurrency,
} from '@ledgerdesk/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { periodOf, resolvePeriod, serverTimeZone } from '../../lib/periods';
import { type AuthUser, can } from '../../plugins/auth';
import { analyticsDashboard } from './analytics';
import { crmDashboard } from './crm';
import { cryptoDashboard } from './crypto';
import { ecommerceDashboard } from './ecommerce';
import { homeDashboard } from './home';
import { jobsDashboard } from './jobs';
import { nftDashboard } from './nft';
import { projectsDashboard } from './projects';
import type { DashboardDefinition, WidgetContext, WidgetDefinition } from './widgets';

const definitions: { [D in DashboardName]: DashboardDefinition<D> } = {
  home: homeDashboard,
  analytics: analyticsDashboard,
  crm: crmDashboard,
  ecommerce: ecommerceDashboard,
  projects: projectsDashboard,
  jobs: jobsDashboard,
  crypto: cryptoDashboard,
  nft: nftDashboard,
};

/** The period a dashboard opens with when the caller names none. */
export const defaultPeriod: Record<DashboardName, DashboardPeriod> = {
  home: 'yearly',
  analytics: 'monthly',
  crm: 'yearly',
  ecommerce: 'yearly',
  projects: 'yearly',
  jobs: 'yearly',
  crypto: 'monthly',
  nft: 'monthly',
};

export interface DashboardRequest {
  user: AuthUser;
  period?: DashboardPeriod;
  timeZone?: string;
  /** The crypto dashboard's money: usd without it. */
  currency?: PortfolioCurrency;
  /** Only these widgets (a per-widget call); all the caller may see otherwise. */
  only?: readonly string[];
}

export function createDashboardsService(deps: { db: Database; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  const widgetsOf = (name: DashboardName) =>
    definitions[name] as unknown as Record<string, WidgetDefinition<DashboardWidget['kind']>>;

  /** The widgets of `name` the caller may see: the others are left out, never an error. */
  function visibleWidgets(name: DashboardName, user: AuthUser): string[] {
    const widgets = widgetsOf(name);
    return Object.keys(dashboardCatalogue[name]).filter((id) => {
      const widget = widgets[id];
      const holds = (permission: Permission) => can(user, permission);
      return widget?.needs.every(holds) && (widget.shownTo?.(holds) ?? true);
    });
  }

  async function dashboard<D extends DashboardName>(name: D, request: DashboardRequest) {
    const at = now();
    const window = await resolvePeriod(db, {
      period: request.period ?? defaultPeriod[name],
      timeZone: request.timeZone ?? serverTimeZone(),
      now: at,
    });
    const context: WidgetContext = {
      db,
      user: request.user,
      can: (permission) => can(request.user, permission),
      window,
      now: at,
      currency: request.currency ?? 'usd',
    };
    const widgets = widgetsOf(name);
    const ids = visibleWidgets(name, request.user).filter((id) => !request.only || request.only.includes(id));
    // One after the other: on PGlite queries queue anyway, and on PostgreSQL a dashboard should not
    // take a dozen pool connections from the requests behind it.
    const computed: Partial<Record<string, DashboardWidget>> = {};
    for (const id of ids) {
      const widget = widgets[id];
      if (!widget) continue;
      computed[id] = { id, ...(await widget.compute(context)) } as DashboardWidget;
    }
    return { name, period: periodOf(window), widgets: computed } as DashboardResponse<D>;
  }

  async function widget(name: DashboardName, id: string, request: DashboardRequest) {
    if (!(id in dashboardCatalogue[name])) {
      throw AppError.notFound(`The ${name} dashboard has no widget ${id}.`);
    }
    if (!visibleWidgets(name, request.user).includes(id)) {
      throw AppError.forbidden('You do not have permission to see this widget.');
    }
    const answer = await dashboard(name, { ...request, only: [id] });
    return {
      period: answer.period,
      widget: answer.widgets[id as keyof typeof answer.widgets] as DashboardWidget,
    };
  }

  return { dashboard, widget, visibleWidgets };
}
export type DashboardsService = ReturnType<typeof createDashboardsService>;
