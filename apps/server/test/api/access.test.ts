import {
  type Access,
  dashboardNames,
  dashboardPeriods,
  permissions,
  userPickerAccess,
} from '@ledgerdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestContext, type TestContext } from '../context';

/**
 * Every route the server registers, with who may call it. A new route must be added here, or the
 * first test fails: no route is left out of the permission check.
 */
const expectedAccess: Record<string, Access> = {
  'GET /api/healthz': 'public',
  'GET /api/readyz': 'public',
  'GET /api/search': 'authenticated',
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'POST /api/users/login/': 'public',
  'POST /api/users/logout/': 'authenticated',
  'GET /api/users/me/': 'authenticated',
  // A user's own picture, or anyone's with users.manage (checked in the route).
  'POST /api/users/:id/avatar': 'authenticated',
  'DELETE /api/users/:id/avatar': 'authenticated',
  'POST /api/auth/signup': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'POST /api/auth/verify-email': 'public',
  'POST /api/auth/resend-verification': 'public',
  'PUT /api/users/me/': 'authenticated',
  'POST /api/users/profile/': 'authenticated',
  'POST /api/users/me/password/': 'authenticated',
  'GET /api/users/me/preferences/': 'authenticated',
  'PUT /api/users/me/preferences/': 'authenticated',
  'GET /api/users/me/sessions/': 'authenticated',
  'DELETE /api/users/me/sessions/:id/': 'authenticated',
  'POST /api/users/me/sessions/revoke-others/': 'authenticated',
  'GET /api/users/options/': userPickerAccess,
  'GET /api/users/user/': 'users.view',
  'POST /api/users/user/': 'users.manage',
  'GET /api/users/user/:id/': 'users.view',
  'PUT /api/users/user/:id/': 'users.manage',
  'DELETE /api/users/user/:id/': 'users.manage',
  'POST /api/users/user/:id/reset-password/': 'users.manage',
  'GET /api/users/group/': 'groups.view',
  'POST /api/users/group/': 'groups.manage',
  'GET /api/users/group/:id/': 'groups.view',
  'PUT /api/users/group/:id/': 'groups.manage',
  'DELETE /api/users/group/:id/': 'groups.manage',
  'GET /api/audit/': 'audit.view',
  'GET /api/audit/:id/': 'audit.view',
  'GET /api/library/l1codes/': 'library.view',
  'POST /api/library/l1codes/': 'library.manage',
  'GET /api/library/l1codes/:id/': 'library.view',
  'PUT /api/library/l1codes/:id/': 'library.manage',
  'DELETE /api/library/l1codes/:id/': 'library.manage',
  'POST /api/library/l1codes/bulk-delete/': 'library.manage',
  'POST /api/library/l1codes/bulk-update/': 'library.manage',
  'GET /api/library/l2codes/': 'library.view',
  'POST /api/library/l2codes/': 'library.manage',
  'GET /api/library/l2codes/:id/': 'library.view',
  'PUT /api/library/l2codes/:id/': 'library.manage',
  'DELETE /api/library/l2codes/:id/': 'library.manage',
  'POST /api/library/l2codes/bulk-delete/': 'library.manage',
  'POST /api/library/l2codes/bulk-update/': 'library.manage',
  'GET /api/library/l3codes/': 'library.view',
  'POST /api/library/l3codes/': 'library.manage',
  'GET /api/library/l3codes/:id/': 'library.view',
  'PUT /api/library/l3codes/:id/': 'library.manage',
  'DELETE /api/library/l3codes/:id/': 'library.manage',
  'POST /api/library/l3codes/bulk-delete/': 'library.manage',
  'POST /api/library/l3codes/bulk-update/': 'library.manage',
  'GET /api/library/l4codes/': 'library.view',
  'POST /api/library/l4codes/': 'library.manage',
  'GET /api/library/l4codes/:id/': 'library.view',
  'PUT /api/library/l4codes/:id/': 'library.manage',
  'DELETE /api/library/l4codes/:id/': 'library.manage',
  'POST /api/library/l4codes/bulk-delete/': 'library.manage',
  'POST /api/library/l4codes/bulk-update/': 'library.manage',
  'GET /api/library/codes/:id/': 'library.view',
  'GET /api/library/codes/:id/path/': 'library.view',
  'GET /api/library/search/': 'library.view',
  'GET /api/library/rollup/': 'library.view',
  'GET /api/library/units/': 'library.view',
  'POST /api/library/units/': 'library.manage',
  'PUT /api/library/units/:id/': 'library.manage',
  'DELETE /api/library/units/:id/': 'library.manage',
  'GET /api/library/export/': 'library.view',
  'POST /api/library/export/': 'library.view',
  'POST /api/library/import/': 'library.manage',
  'GET /api/apps/job-company': 'jobs.view',
  'GET /api/apps/job-company/export': 'jobs.view',
  'GET /api/apps/job-company/:id': 'jobs.view',
  'GET /api/apps/job-company/:id/activity': 'jobs.view',
  'POST /api/apps/job-company': 'jobs.manage',
  'PATCH /api/apps/job-company/:id': 'jobs.manage',
  'DELETE /api/apps/job-company/:id': 'jobs.manage',
  'POST /api/apps/job-company/bulk-delete': 'jobs.manage',
  'POST /api/apps/job-company/bulk-update': 'jobs.manage',
  'GET /api/apps/job': 'jobs.view',
  'GET /api/apps/job/export': 'jobs.view',
  'GET /api/apps/job/:id': 'jobs.view',
  'GET /api/apps/job/:id/activity': 'jobs.view',
  'POST /api/apps/job': 'jobs.manage',
  'PATCH /api/apps/job/:id': 'jobs.manage',
  'DELETE /api/apps/job/:id': 'jobs.manage',
  'POST /api/apps/job/bulk-delete': 'jobs.manage',
  'POST /api/apps/job/bulk-update': 'jobs.manage',
  'GET /api/apps/candidate': 'jobs.view',
  'GET /api/apps/candidate/export': 'jobs.view',
  'GET /api/apps/candidate/:id': 'jobs.view',
  'GET /api/apps/candidate/:id/activity': 'jobs.view',
  'POST /api/apps/candidate': 'jobs.manage',
  'PATCH /api/apps/candidate/:id': 'jobs.manage',
  'DELETE /api/apps/candidate/:id': 'jobs.manage',
  'POST /api/apps/candidate/bulk-delete': 'jobs.manage',
  'POST /api/apps/candidate/bulk-update': 'jobs.manage',
  'GET /api/apps/application': 'jobs.view',
  'GET /api/apps/application/export': 'jobs.view',
  'GET /api/apps/application/:id': 'jobs.view',
  'GET /api/apps/application/:id/activity': 'jobs.view',
  'POST /api/apps/application': 'jobs.manage',
  'PATCH /api/apps/application/:id': 'jobs.manage',
  'DELETE /api/apps/application/:id': 'jobs.manage',
  'POST /api/apps/application/bulk-delete': 'jobs.manage',
  'POST /api/apps/application/bulk-update': 'jobs.manage',
  'GET /api/application-list': 'jobs.view',
  'GET /api/apps/api-key': 'apiKeys.view',
  'GET /api/api-key': 'apiKeys.view',
  'GET /api/apps/api-key/:id': 'apiKeys.view',
  'POST /api/apps/api-key': 'apiKeys.manage',
  'PATCH /api/apps/api-key/:id': 'apiKeys.manage',
  'DELETE /api/apps/api-key/:id': 'apiKeys.manage',
  'GET /api/countries': 'public',
  // Dashboards: any signed-in user; each widget is left out unless the caller may view its area.
  ...Object.fromEntries(
    dashboardNames.flatMap((name) => [
      [`GET /api/dashboard/${name}`, 'authenticated'],
      [`GET /api/dashboard/${name}/:widget`, 'authenticated'],
      [`GET /api/dashboard/${name}/:widget/export`, 'authenticated'],
    ]),
  ),
  ...Object.fromEntries(
    dashboardPeriods.flatMap((period) =>
      [...new Set([period, period.toLowerCase()])].map((path) => [`GET /api/${path}-data`, 'authenticated']),
    ),
  ),
  'GET /api/apps/task': 'tasks.view',
  'GET /api/apps/task/export': 'tasks.view',
  'GET /api/apps/task/:id': 'tasks.view',
  'GET /api/apps/task/:id/activity': 'tasks.view',
  'POST /api/apps/task': 'tasks.manage',
  'PATCH /api/apps/task/:id': 'tasks.manage',
  'DELETE /api/apps/task/:id': 'tasks.manage',
  'POST /api/apps/task/bulk-delete': 'tasks.manage',
  'POST /api/apps/task/bulk-update': 'tasks.manage',
  'GET /api/apps/tasks': 'tasks.view',
  'GET /api/apps/tasks/columns/:id/cards': 'tasks.view',
  'POST /api/apps/tasks/:id/move': 'tasks.manage',
  'POST /api/apps/tasks/boards/:boardId/columns': 'tasks.manage',
  'PATCH /api/apps/tasks/columns/:id': 'tasks.manage',
  'DELETE /api/apps/tasks/columns/:id': 'tasks.manage',
  'POST /api/add/tasks': 'tasks.manage',
  'PUT /api/update/tasks': 'tasks.manage',
  'DELETE /api/delete/tasks': 'tasks.manage',
  'GET /api/apps/task/:id/comments': 'tasks.view',
  'POST /api/apps/task/:id/comments': 'tasks.view',
  'DELETE /api/apps/task/:id/comments/:commentId': 'tasks.view',
  'GET /api/apps/company': 'crm.view',
  'GET /api/apps/company/export': 'crm.view',
  'GET /api/apps/company/:id': 'crm.view',
  'GET /api/apps/company/:id/activity': 'crm.view',
  'POST /api/apps/company': 'crm.manage',
  'PATCH /api/apps/company/:id': 'crm.manage',
  'DELETE /api/apps/company/:id': 'crm.manage',
  'POST /api/apps/company/bulk-delete': 'crm.manage',
  'POST /api/apps/company/bulk-update': 'crm.manage',
  'GET /api/apps/contact': 'crm.view',
  'GET /api/apps/contact/export': 'crm.view',
  'GET /api/apps/contact/:id': 'crm.view',
  'GET /api/apps/contact/:id/activity': 'crm.view',
  'POST /api/apps/contact': 'crm.manage',
  'PATCH /api/apps/contact/:id': 'crm.manage',
  'DELETE /api/apps/contact/:id': 'crm.manage',
  'POST /api/apps/contact/bulk-delete': 'crm.manage',
  'POST /api/apps/contact/bulk-update': 'crm.manage',
  'GET /api/apps/lead': 'crm.view',
  'GET /api/apps/lead/export': 'crm.view',
  'GET /api/apps/lead/:id': 'crm.view',
  'GET /api/apps/lead/:id/activity': 'crm.view',
  'POST /api/apps/lead': 'crm.manage',
  'PATCH /api/apps/lead/:id': 'crm.manage',
  'DELETE /api/apps/lead/:id': 'crm.manage',
  'POST /api/apps/lead/bulk-delete': 'crm.manage',
  'POST /api/apps/lead/bulk-update': 'crm.manage',
  'GET /api/apps/deal': 'crm.view',
  'GET /api/apps/deal/export': 'crm.view',
  'GET /api/apps/deal/:id': 'crm.view',
  'GET /api/apps/deal/:id/activity': 'crm.view',
  'POST /api/apps/deal': 'crm.manage',
  'PATCH /api/apps/deal/:id': 'crm.manage',
  'DELETE /api/apps/deal/:id': 'crm.manage',
  'POST /api/apps/deal/bulk-delete': 'crm.manage',
  'POST /api/apps/deal/bulk-update': 'crm.manage',
  'GET /api/deals': 'crm.view',
  'GET /api/deals/pipeline': 'crm.view',
  'GET /api/apps/ticket': 'tickets.view',
  'GET /api/apps/ticket/export': 'tickets.view',
  'GET /api/apps/ticket/:id': 'tickets.view',
  'GET /api/apps/ticket/:id/activity': 'tickets.view',
  'POST /api/apps/ticket': 'tickets.manage',
  'PATCH /api/apps/ticket/:id': 'tickets.manage',
  'DELETE /api/apps/ticket/:id': 'tickets.manage',
  'POST /api/apps/ticket/bulk-delete': 'tickets.manage',
  'POST /api/apps/ticket/bulk-update': 'tickets.manage',
  'GET /api/apps/ticket/counters': 'tickets.view',
  'GET /api/apps/ticket/:id/replies': 'tickets.view',
  'POST /api/apps/ticket/:id/replies': 'tickets.manage',
  'GET /api/apps/invoice': 'invoices.view',
  'GET /api/apps/invoice/export': 'invoices.view',
  'GET /api/apps/invoice/:id': 'invoices.view',
  'GET /api/apps/invoice/:id/activity': 'invoices.view',
  'POST /api/apps/invoice': 'invoices.manage',
  'PATCH /api/apps/invoice/:id': 'invoices.manage',
  'DELETE /api/apps/invoice/:id': 'invoices.manage',
  'POST /api/apps/invoice/bulk-delete': 'invoices.manage',
  'POST /api/apps/invoice/bulk-update': 'invoices.manage',
  'GET /api/apps/invoice/summary': 'invoices.view',
  'GET /api/projects': 'projects.view',
  'GET /api/projects/export': 'projects.view',
  'GET /api/projects/:id': 'projects.view',
  'GET /api/projects/:id/activity': 'projects.view',
  'POST /api/projects': 'projects.manage',
  'PATCH /api/projects/:id': 'projects.manage',
  'DELETE /api/projects/:id': 'projects.manage',
  'POST /api/projects/bulk-delete': 'projects.manage',
  'POST /api/projects/bulk-update': 'projects.manage',
  'GET /api/project/list': 'projects.view',
  'POST /api/add/project': 'projects.manage',
  'PUT /api/update/project': 'projects.manage',
  'DELETE /api/delete/project': 'projects.manage',
  'GET /api/teamData': 'team.view',
  'GET /api/teamData/export': 'team.view',
  'GET /api/teamData/:id': 'team.view',
  'GET /api/teamData/:id/activity': 'team.view',
  'POST /api/teamData': 'team.manage',
  'PATCH /api/teamData/:id': 'team.manage',
  'DELETE /api/teamData/:id': 'team.manage',
  'POST /api/teamData/bulk-delete': 'team.manage',
  'POST /api/teamData/bulk-update': 'team.manage',
  'POST /api/add/teamData': 'team.manage',
  'PUT /api/update/teamData': 'team.manage',
  'DELETE /api/delete/teamData': 'team.manage',
  'GET /api/todo/projects': 'todos.view',
  'GET /api/todo/projects/export': 'todos.view',
  'GET /api/todo/projects/:id': 'todos.view',
  'GET /api/todo/projects/:id/activity': 'todos.view',
  'POST /api/todo/projects': 'todos.manage',
  'PATCH /api/todo/projects/:id': 'todos.manage',
  'DELETE /api/todo/projects/:id': 'todos.manage',
  'POST /api/todo/projects/bulk-delete': 'todos.manage',
  'POST /api/todo/projects/bulk-update': 'todos.manage',
  'GET /api/todo': 'todos.view',
  'GET /api/todo/export': 'todos.view',
  'GET /api/todo/:id': 'todos.view',
  'GET /api/todo/:id/activity': 'todos.view',
  'POST /api/todo': 'todos.manage',
  'PATCH /api/todo/:id': 'todos.manage',
  'DELETE /api/todo/:id': 'todos.manage',
  'POST /api/todo/bulk-delete': 'todos.manage',
  'POST /api/todo/bulk-update': 'todos.manage',
  'POST /api/add/todo': 'todos.manage',
  'PUT /api/update/todo': 'todos.manage',
  'DELETE /api/delete/todo': 'todos.manage',
  'GET /api/apps/product': 'ecommerce.view',
  'GET /api/apps/product/export': 'ecommerce.view',
  'GET /api/apps/product/:id': 'ecommerce.view',
  'GET /api/apps/product/:id/activity': 'ecommerce.view',
  'POST /api/apps/product': 'ecommerce.manage',
  'PATCH /api/apps/product/:id': 'ecommerce.manage',
  'DELETE /api/apps/product/:id': 'ecommerce.manage',
  'POST /api/apps/product/bulk-delete': 'ecommerce.manage',
  'POST /api/apps/product/bulk-update': 'ecommerce.manage',
  'GET /api/apps/product/:id/attachments': 'ecommerce.view',
  'POST /api/apps/product/:id/attachments': 'ecommerce.manage',
  'DELETE /api/apps/product/:id/attachments/:fileId': 'ecommerce.manage',
  'PUT /api/apps/product/:id/attachments/order': 'ecommerce.manage',
  'GET /api/apps/seller': 'ecommerce.view',
  'GET /api/apps/seller/export': 'ecommerce.view',
  'GET /api/apps/seller/:id': 'ecommerce.view',
  'GET /api/apps/seller/:id/activity': 'ecommerce.view',
  'POST /api/apps/seller': 'ecommerce.manage',
  'PATCH /api/apps/seller/:id': 'ecommerce.manage',
  'DELETE /api/apps/seller/:id': 'ecommerce.manage',
  'POST /api/apps/seller/bulk-delete': 'ecommerce.manage',
  'POST /api/apps/seller/bulk-update': 'ecommerce.manage',
  'GET /api/sellers': 'ecommerce.view',
  'GET /api/apps/customer': 'ecommerce.view',
  'GET /api/apps/customer/export': 'ecommerce.view',
  'GET /api/apps/customer/:id': 'ecommerce.view',
  'GET /api/apps/customer/:id/activity': 'ecommerce.view',
  'POST /api/apps/customer': 'ecommerce.manage',
  'PATCH /api/apps/customer/:id': 'ecommerce.manage',
  'DELETE /api/apps/customer/:id': 'ecommerce.manage',
  'POST /api/apps/customer/bulk-delete': 'ecommerce.manage',
  'POST /api/apps/customer/bulk-update': 'ecommerce.manage',
  'GET /api/apps/order': 'ecommerce.view',
  'GET /api/apps/order/export': 'ecommerce.view',
  'GET /api/apps/order/:id': 'ecommerce.view',
  'GET /api/apps/order/:id/activity': 'ecommerce.view',
  'POST /api/apps/order': 'ecommerce.manage',
  'PATCH /api/apps/order/:id': 'ecommerce.manage',
  'DELETE /api/apps/order/:id': 'ecommerce.manage',
  'POST /api/apps/order/bulk-delete': 'ecommerce.manage',
  'POST /api/apps/order/bulk-update': 'ecommerce.manage',
  'GET /api/calendar/events': 'calendar.view',
  'GET /api/calendar/events/export': 'calendar.view',
  'GET /api/calendar/events/:id': 'calendar.view',
  'GET /api/calendar/events/:id/activity': 'calendar.view',
  'POST /api/calendar/events': 'calendar.manage',
  'POST /api/add/event': 'calendar.manage',
  'PATCH /api/calendar/events/:id': 'calendar.manage',
  'DELETE /api/calendar/events/:id': 'calendar.manage',
  'POST /api/calendar/events/bulk-delete': 'calendar.manage',
  'POST /api/calendar/events/bulk-update': 'calendar.manage',
  'PUT /api/update/event': 'calendar.manage',
  'DELETE /api/delete/event': 'calendar.manage',
  'GET /api/events': 'calendar.view',
  'GET /api/categories': 'calendar.view',
  'GET /api/upcommingevents': 'calendar.view',
  'GET /api/upcoming-events': 'calendar.view',
  'GET /api/calendar/layers': 'calendar.view',
  'GET /api/calendar/groups': 'calendar.manage',
  'GET /api/calendar/feed': 'calendar.view',
  'POST /api/calendar/feed': 'calendar.view',
  'DELETE /api/calendar/feed': 'calendar.view',
  'GET /api/calendar/feed/:file': 'public',
  'GET /api/files/:id/content': 'public',
  'GET /api/files/:id/thumbnail': 'public',
};

const personas = ['anonymous', 'noPermission', 'viewer', 'admin'] as const;
type Persona = (typeof personas)[number];

function allowed(access: Access, persona: Persona): boolean {
  if (access === 'public') return true;
  if (persona === 'anonymous') return false;
  if (access === 'authenticated' || persona === 'admin') return true;
  const anyOf: readonly string[] = typeof access === 'string' ? [access] : access;
  return persona === 'viewer' && anyOf.some((permission) => permission.endsWith('.view'));
}

let ctx: TestContext;
const credentials: Record<Exclude<Persona, 'anonymous'>, { email: string; password: string }> = {
  noPermission: { email: 'plain@test.local', password: 'plain-password-1' },
  viewer: { email: 'viewer@test.local', password: 'viewer-password-1' },
  admin: ADMIN,
};

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.createUser({ ...credentials.noPermission });
  await ctx.createUser({
    ...credentials.viewer,
    permissions: permissions.filter((p) => p.endsWith('.view')),
  });
});
afterAll(() => ctx.close());

const apiRoutes = () =>
  ctx.app.routeTable
    .filter((r) => r.url.startsWith('/api'))
    .map((r) => ({ key: `${r.method} ${r.url}`, ...r }));

describe('route access', () => {
  it('every /api route declares its access, and this table lists every one of them', () => {
    const registered = Object.fromEntries(apiRoutes().map((r) => [r.key, r.access]));
    expect(registered).toEqual(expectedAccess);
  });

  it('a route that declares no access is denied', async () => {
    const other = await createTestContext();
    try {
      other.app.get('/api/undeclared', () => ({ secret: true }));
      const res = await other.app.inject({ method: 'GET', url: '/api/undeclared' });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('secret');
    } finally {
      await other.close();
    }
  });

  const cases = Object.entries(expectedAccess).flatMap(([key, access]) =>
    personas.map((persona) => ({ key, access, persona })),
  );
  it.each(cases)('$key as $persona', async ({ key, access, persona }) => {
    const [method, url] = key.split(' ') as [string, string];
    const headers: Record<string, string> = {};
    if (persona !== 'anonymous') {
      // A token of its own for each call: some routes (logout) spend the token they are called with.
      const { email, password } = credentials[persona];
      headers.authorization = `Bearer ${await ctx.login(email, password)}`;
    }
    const res = await ctx.app.inject({
      method: method as 'GET',
      url: url.replaceAll(':id', '00000000-0000-4000-8000-000000000000').replace('*', 'index.css'),
      headers,
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    });
    if (allowed(access, persona)) {
      // Let through, and answered: a client error of the empty request at most, never a failure.
      expect([401, 403]).not.toContain(res.statusCode);
      expect(res.statusCode).toBeLessThan(500);
    } else {
      expect(res.statusCode).toBe(persona === 'anonymous' ? 401 : 403);
    }
  });
});
