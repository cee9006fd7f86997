import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@ledgerdesk/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../test/render';
import { parseTableParams, useTableUrlState } from './table-url-state';

// Rendering in jsdom on a busy machine takes seconds.
vi.setConfig({ testTimeout: 20_000 });

const parse = (query: string, options?: Parameters<typeof parseTableParams>[1]) =>
  parseTableParams(new URLSearchParams(query), options);

describe('parseTableParams', () => {
  it('reads valid paging, ordering and search', () => {
    expect(parse('page=3&pageSize=50&ordering=-dueDate&search=%20pump%20')).toEqual({
      page: 3,
      pageSize: 50,
      ordering: '-dueDate',
      search: 'pump',
    });
  });

  it('gives the defaults when the parameters are absent', () => {
    expect(parse('')).toEqual({ page: 1, pageSize: DEFAULT_PAGE_SIZE, ordering: undefined, search: '' });
    expect(parse('', { defaultPageSize: 12 }).pageSize).toBe(12);
  });

  it.each([
    ['page=0', 'page', 1],
    ['page=-2', 'page', 1],
    ['page=abc', 'page', 1],
    ['page=1.5', 'page', 1],
    ['page=', 'page', 1],
    ['pageSize=0', 'pageSize', DEFAULT_PAGE_SIZE],
    ['pageSize=ten', 'pageSize', DEFAULT_PAGE_SIZE],
    [`pageSize=${MAX_PAGE_SIZE + 1}`, 'pageSize', DEFAULT_PAGE_SIZE],
    ['ordering=;drop', 'ordering', undefined],
    ['ordering=--name', 'ordering', undefined],
  ])('falls back to the default for a bad value: %s', (query, name, fallback) => {
    expect(parse(query)[name as 'page']).toBe(fallback);
  });

  it('keeps the other parameters when one is bad', () => {
    expect(parse('page=x&pageSize=10&ordering=name')).toMatchObject({
      page: 1,
      pageSize: 10,
      ordering: 'name',
    });
  });

  it('accepts only the orderings the list offers, either way', () => {
    const orderings = ['title', 'dueDate'];
    expect(parse('ordering=-dueDate', { orderings }).ordering).toBe('-dueDate');
    expect(parse('ordering=title', { orderings }).ordering).toBe('title');
    expect(parse('ordering=password', { orderings }).ordering).toBeUndefined();
  });
});

function Probe() {
  const table = useTableUrlState({ filters: ['status'], orderings: ['title'] });
  return (
    <div>
      <output aria-label="state">{JSON.stringify(table.query)}</output>
      <button type="button" onClick={() => table.setPage(3)}>
        page 3
      </button>
      <button type="button" onClick={() => table.setFilter('status', 'Open')}>
        open only
      </button>
      <button type="button" onClick={() => table.setOrdering('-title')}>
        by title
      </button>
      <button type="button" onClick={table.clearFilters}>
        clear
      </button>
    </div>
  );
}

describe('useTableUrlState', () => {
  it('reads the URL through the schema and writes changes back to it', async () => {
    const { router, user } = await renderInApp(<Probe />, {
      url: '/list?page=2&pageSize=0&ordering=secret&other=kept',
    });
    const state = () => JSON.parse(screen.getByRole('status', { name: 'state' }).textContent ?? '{}');
    expect(state()).toEqual({ page: 2, pageSize: DEFAULT_PAGE_SIZE });

    await user.click(screen.getByRole('button', { name: 'page 3' }));
    expect(router.state.location.search).toContain('page=3');

    // A filter goes back to the first page; the page's other parameters stay.
    await user.click(screen.getByRole('button', { name: 'open only' }));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('status')).toBe('Open');
    expect(params.get('page')).toBeNull();
    expect(params.get('other')).toBe('kept');
    expect(state()).toMatchObject({ page: 1, status: 'Open' });

    await user.click(screen.getByRole('button', { name: 'by title' }));
    expect(state()).toMatchObject({ ordering: '-title' });

    await user.click(screen.getByRole('button', { name: 'clear' }));
    expect(new URLSearchParams(router.state.location.search).get('status')).toBeNull();
    expect(state()).not.toHaveProperty('status');
  });
});
