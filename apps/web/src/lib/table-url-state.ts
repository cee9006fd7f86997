import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@ledgerdesk/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** The page sizes a list offers. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/**
 * A list call's query as the URL holds it: paging, ordering, search and filters, as strings. The
 * server checks them against the contract's list query (a bad value is a 400, shown as an error).
 */
export type ListParams<Filter extends string = never> = {
  page: number;
  pageSize: number;
  ordering?: string;
  search?: string;
} & Partial<Record<Filter, string>>;

export interface TableUrlState<Filter extends string = string> {
  page: number;
  pageSize: number;
  /** "field" or "-field"; undefined for the server's default order. */
  ordering: string | undefined;
  search: string;
  filters: Partial<Record<Filter, string>>;
  /** What the list call takes: page, pageSize, ordering, search and the filters that are set. */
  query: ListParams<Filter>;
  setPage(page: number): void;
  setPageSize(pageSize: number): void;
  setOrdering(ordering: string | undefined): void;
  setSearch(search: string): void;
  /** Sets (or, with an empty value, removes) a filter; back to page 1. */
  setFilter(name: Filter, value: string | null | undefined): void;
  /** Removes the search and every filter. */
  clearFilters(): void;
}

function positiveInt(value: string | null): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 ? number : undefined;
}

function set(next: URLSearchParams, name: string, value: string | null | undefined) {
  if (value) next.set(name, value);
  else next.delete(name);
}

/**
 * A list's paging, ordering, search and filters, kept in the URL's search parameters: a list can be
 * bookmarked, shared, reloaded and walked with the browser's back button. Parameters equal to their
 * default are left out of the URL; other parameters of the page are kept as they are.
 */
export function useTableUrlState<Filter extends string = never>(
  options: { filters?: readonly Filter[]; defaultPageSize?: number } = {},
): TableUrlState<Filter> {
  const { filters: filterNames = [], defaultPageSize = DEFAULT_PAGE_SIZE } = options;
  const [params, setParams] = useSearchParams();

  const page = positiveInt(params.get('page')) ?? 1;
  const pageSize = Math.min(positiveInt(params.get('pageSize')) ?? defaultPageSize, MAX_PAGE_SIZE);
  const ordering = params.get('ordering') || undefined;
  const search = params.get('search') ?? '';
  // The filters' names and values as one string: a new object only when one of them changes.
  const filterKey = JSON.stringify(filterNames.map((name) => [name, params.get(name) ?? '']));

  const filters = useMemo(() => {
    const values: Partial<Record<Filter, string>> = {};
    for (const [name, value] of JSON.parse(filterKey) as [Filter, string][]) {
      if (value) values[name] = value;
    }
    return values;
  }, [filterKey]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void, { resetPage = true, replace = false } = {}) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          change(next);
          if (resetPage) next.delete('page');
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  const setPage = useCallback(
    (value: number) =>
      update((next) => set(next, 'page', value > 1 ? String(value) : null), { resetPage: false }),
    [update],
  );
  const setPageSize = useCallback(
    (value: number) =>
      update((next) => set(next, 'pageSize', value === defaultPageSize ? null : String(value))),
    [update, defaultPageSize],
  );
  const setOrdering = useCallback(
    (value: string | undefined) => update((next) => set(next, 'ordering', value)),
    [update],
  );
  // Typing in the search box should not fill the history with one entry per word.
  const setSearch = useCallback(
    (value: string) => update((next) => set(next, 'search', value.trim()), { replace: true }),
    [update],
  );
  const setFilter = useCallback(
    (name: Filter, value: string | null | undefined) => update((next) => set(next, name, value)),
    [update],
  );
  const clearFilters = useCallback(
    () =>
      update((next) => {
        next.delete('search');
        for (const [name] of JSON.parse(filterKey) as [Filter, string][]) next.delete(name);
      }),
    [update, filterKey],
  );

  const query = useMemo(
    () => ({ page, pageSize, ordering, search: search || undefined, ...filters }),
    [page, pageSize, ordering, search, filters],
  );

  return {
    page,
    pageSize,
    ordering,
    search,
    filters,
    query,
    setPage,
    setPageSize,
    setOrdering,
    setSearch,
    setFilter,
    clearFilters,
  };
}
