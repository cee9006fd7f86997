import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useTableUrlState } from '../lib/table-url-state';
import { renderInApp } from '../test/render';
import { ResourceFilters } from './ResourceFilters';
import type { ResourceDefinition } from './types';

vi.setConfig({ testTimeout: 20_000 });

// Only what the filters read of a definition: its namespace (labels) and its filters.
const def = {
  ns: 'tickets',
  filters: [
    { name: 'status', options: ['New', 'Open', 'Closed'] },
    { name: 'priority', options: ['High', 'Low'] },
  ],
} as unknown as ResourceDefinition;

function Filters() {
  const table = useTableUrlState<string>({ filters: ['status', 'priority'] });
  return <ResourceFilters def={def} table={table} />;
}

const params = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);

describe('ResourceFilters', () => {
  it('puts a chosen filter in the URL and back to page 1, with its label from the catalogue', async () => {
    const { router, user } = await renderInApp(<Filters />, { url: '/t?page=4', namespaces: ['tickets'] });
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();

    await user.click(screen.getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Open', hidden: true }));
    expect(params(router).get('status')).toBe('Open');
    expect(params(router).get('page')).toBeNull();
    expect(screen.getByLabelText('Status', { selector: 'input' })).toHaveProperty('value', 'Open');
  });

  it('shows the filters of the URL, and "Clear filters" removes them and the search', async () => {
    const { router, user } = await renderInApp(<Filters />, {
      url: '/t?status=Closed&priority=High&search=pump&ordering=title',
      namespaces: ['tickets'],
    });
    expect(screen.getByLabelText('Priority', { selector: 'input' })).toHaveProperty('value', 'High');
    expect(screen.getByRole('searchbox')).toHaveProperty('value', 'pump');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    const after = params(router);
    expect([after.get('status'), after.get('priority'), after.get('search')]).toEqual([null, null, null]);
    // The order is not a filter: it stays.
    expect(after.get('ordering')).toBe('title');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    expect(screen.getByRole('searchbox')).toHaveProperty('value', '');
  });
});
