import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { i18n } from '../i18n';
import { clearSession } from '../lib/session';
import { renderInApp } from '../test/render';
import { signInForTest } from '../test/session';
import { statusBadge } from './cells';
import { ResourceDetailPage } from './ResourceDetailPage';
import type { ResourceDefinition } from './types';

// Two made-up resources: a customer whose orders are a related tab.
type Order = { id: string; number: string; total: string; customerId: string };
type Customer = { id: string; name: string; status: string; city: string; orders: number; version: number };

const KEY = '7b0c8a3e-1d2f-4c5b-9a6e-0f1e2d3c4b5a';
const ada: Customer = {
  id: KEY,
  name: 'Ada Lovelace',
  status: 'Active',
  city: 'London',
  orders: 2,
  version: 1,
};
const orderRows: Order[] = [
  { id: 'a1b2c3d4-0000-4000-8000-000000000001', number: 'SO-101', total: '12.50', customerId: KEY },
  { id: 'a1b2c3d4-0000-4000-8000-000000000002', number: 'SO-102', total: '99.00', customerId: KEY },
];

const orders: ResourceDefinition<Order, Record<string, unknown>> = {
  ns: 'test/orders',
  api: '/test/order',
  route: '/test/orders',
  area: 'ecommerce',
  keyOf: (order) => order.id,
  titleOf: (order) => order.number,
  columns: [{ id: 'number' }, { id: 'total', align: 'right' }],
  input: z.object({}),
  fields: [],
  emptyValues: {},
  toInput: () => ({}),
};

const customers: ResourceDefinition<Customer, Record<string, unknown>> = {
  ns: 'test/customers',
  api: '/test/customer',
  route: '/test/customers',
  area: 'ecommerce',
  keyOf: (customer) => customer.id,
  titleOf: (customer) => customer.name,
  columns: [{ id: 'name' }, { id: 'city' }],
  input: z.object({}),
  fields: [],
  emptyValues: {},
  toInput: () => ({}),
  detail: [{ id: 'name' }, { id: 'city' }],
  status: { id: 'status', value: statusBadge('status', { Active: 'teal' }) },
  figures: [{ id: 'orders' }, { id: 'city' }],
  related: [{ id: 'orders', resource: () => orders, filter: (customer) => ({ customer: customer.id }) }],
};

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['test/customers', 'test/orders']);
  i18n.addResourceBundle('en', 'test/customers', {
    title: 'Customers',
    one: 'Customer',
    many: 'customers',
    fields: { name: 'Name', city: 'City', orders: 'Orders placed', status: 'Status' },
    values: { status: { Active: 'Active' } },
    related: { orders: 'Orders' },
  });
  i18n.addResourceBundle('en', 'test/orders', {
    title: 'Orders',
    one: 'Order',
    many: 'orders',
    fields: { number: 'Number', total: 'Total' },
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API as the page calls it; returns the spy, to read the calls made. */
function stubApi() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === `/api/test/customer/${KEY}`) return json(200, ada);
    if (url.pathname === `/api/test/customer/${KEY}/activity`) {
      return json(200, {
        count: 1,
        page: 1,
        pageSize: 10,
        results: [
          {
            id: 'e0000000-0000-4000-8000-000000000001',
            at: new Date().toISOString(),
            actorId: null,
            actorLabel: 'Grace Hopper',
            action: 'update',
            entity: 'customer',
            entityKey: KEY,
            before: { city: 'Paris', version: 1 },
            after: { city: 'London', version: 2 },
            ip: '127.0.0.1',
          },
        ],
      });
    }
    if (url.pathname === '/api/test/order') {
      const results = orderRows.filter((order) => order.customerId === url.searchParams.get('customer'));
      return json(200, { count: results.length, page: 1, pageSize: 10, results });
    }
    return json(404, {
      errorCode: 'NOT_FOUND',
      errorMessage: 'Sorry! the data you are looking for could not be found',
    });
  });
}

// The trail the engine's routes declare (resources/routes.tsx): the list, then the record.
const handle = {
  crumbs: [
    { label: 'test/customers:title', to: '/test/customers' },
    { record: true as const, to: '/test/customers/:id' },
  ],
};
const page = (url: string) =>
  renderInApp(<ResourceDetailPage def={customers} />, { url, path: '/test/customers/:id', handle });

describe('ResourceDetailPage', () => {
  it('heads the record with its title, status and key figures, and offers Edit to who may manage', async () => {
    stubApi();
    signInForTest({
      id: KEY,
      username: 'admin',
      email: 'admin@example.com',
      firstName: 'A',
      lastName: 'B',
      role: 'admin',
    });
    await page(`/test/customers/${KEY}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeTruthy();
    const figures = screen.getByText('Orders placed').closest('dl') as HTMLElement;
    expect(within(figures).getByText('Status')).toBeTruthy();
    expect(within(figures).getByText('Active')).toBeTruthy();
    expect(within(figures).getByText('2')).toBeTruthy();
    expect(within(figures).getByText('London')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      `/test/customers/${KEY}/edit`,
    );
    // The overview is the tab shown first, with the fields.
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    // The overview shows the fields the header does not (the city is a key figure).
    const overview = screen.getByRole('tabpanel');
    expect(within(overview).getByText('Name')).toBeTruthy();
    expect(within(overview).queryByText('City')).toBeNull();
  });

  it('switches tabs, keeps the tab in the address, and lists the related rows of the record', async () => {
    const fetchSpy = stubApi();
    const { user, router } = await page(`/test/customers/${KEY}`);
    await user.click(await screen.findByRole('tab', { name: 'Orders' }));
    expect(router.state.location.search).toBe('?tab=orders');
    const table = await screen.findByRole('table', { name: 'Orders' });
    const links = within(table).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['SO-101', 'SO-102']);
    expect(links[0]?.getAttribute('href')).toBe(`/test/orders/${orderRows[0]?.id}`);
    // The related list is asked of the server, filtered to the record and paged.
    const listCall = fetchSpy.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    const related = listCall.find((url) => url.pathname === '/api/test/order');
    expect(related?.searchParams.get('customer')).toBe(KEY);
    expect(related?.searchParams.get('pageSize')).toBe('10');

    // Activity: the record's audit entries, the changed fields by their labels.
    await user.click(screen.getByRole('tab', { name: 'Activity' }));
    expect(router.state.location.search).toBe('?tab=activity');
    expect(await screen.findByText('Updated by Grace Hopper')).toBeTruthy();
    expect(screen.getByText('Changed: City')).toBeTruthy();

    // Back to the overview: the address loses its tab.
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(router.state.location.search).toBe('');
  });

  it('opens on the tab the address names, and moves between tabs with the arrow keys', async () => {
    stubApi();
    const { user, router } = await page(`/test/customers/${KEY}?tab=orders`);
    const ordersTab = await screen.findByRole('tab', { name: 'Orders' });
    expect(ordersTab.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('table', { name: 'Orders' })).toBeTruthy();
    ordersTab.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Activity' }).getAttribute('aria-selected')).toBe('true');
    expect(router.state.location.search).toBe('?tab=activity');
  });

  it('shows the not-found page, with breadcrumbs and a way back, for a key that names nothing', async () => {
    stubApi();
    await page('/test/customers/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Record not found' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Customers' }).getAttribute('href')).toBe(
      '/test/customers',
    );
    expect(screen.getByRole('link', { name: 'Back to Customers' }).getAttribute('href')).toBe(
      '/test/customers',
    );
    expect(screen.queryByText('Some fields are not valid.')).toBeNull();
  });
});
