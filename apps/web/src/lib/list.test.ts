import { describe, expect, it } from 'vitest';
import { hasMorePages } from './list';

const page = (fields: { page: number; count: number; countCapped?: boolean; rows: number }) => ({
  page: fields.page,
  pageSize: 100,
  count: fields.count,
  countCapped: fields.countCapped,
  results: Array.from({ length: fields.rows }),
});

describe('hasMorePages', () => {
  it('follows an exact count', () => {
    expect(hasMorePages(page({ page: 1, count: 250, rows: 100 }))).toBe(true);
    expect(hasMorePages(page({ page: 3, count: 250, rows: 50 }))).toBe(false);
    expect(hasMorePages(page({ page: 2, count: 200, rows: 100 }))).toBe(false);
  });

  it('goes on past a capped count while pages come back full', () => {
    expect(hasMorePages(page({ page: 10, count: 1000, countCapped: true, rows: 100 }))).toBe(true);
    expect(hasMorePages(page({ page: 12, count: 1000, countCapped: true, rows: 100 }))).toBe(true);
    expect(hasMorePages(page({ page: 13, count: 1000, countCapped: true, rows: 40 }))).toBe(false);
  });
});
