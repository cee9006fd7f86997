import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@ledgerdesk/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod/mini';

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

/** A whole number from 1 to `max`, written in the URL as digits. */
const countParam = (max: number) =>
  z.pipe(
    z.string().check(z.regex(/^\d{1,9}$/)),
    z.transform(Number).check(z.refine((value) => value >= 1 && value <= max)),
  );

/** "field" or "-field": a name as the list call's ordering takes it. */
const ORDERING = /^-?[A-Za-z][\w.]*$/;

/**
 * The URL's paging, ordering and search, checked (as shadcn-admin does): a value that is not valid
 * (page=abc, pageSize=0, an ordering no column offers) falls back to its default instead of being
 * sent to the server as a bad request.
 */
export function tableParamsSchema(options: { defaultPageSize?: number; orderings?: readonly string[] } = {}) {
  const { defaultPageSize = DEFAULT_PAGE_SIZE, orderings } = options;
  const ordering = orderings
    ? z.string().check(z.refine((value) => orderings.includes(value.replace(/^-/, ''))))
    : z.string().check(z.regex(ORDERING));
  return z.object({
    page: z.catch(countParam(Number.MAX_SAFE_INTEGER), 1),
    pageSize: z.catch(countParam(MAX_PAGE_SIZE), defaultPageSize),
    ordering: z.catch(z.optional(ordering), undefined),
    search: z.catch(
      z.pipe(
        z.string(),
        z.transform((value) => value.trim()),
      ),
      '',
    ),
  });
}
export type TableParams = z.output<ReturnType<typeof tableParamsSchema>>;

/** The paging, ordering and search of `params` (a parameter absent or not valid: its default). */
export function parseTableParams(
  params: URLSearchParams,
  options?: { defaultPageSize?: number; orderings?: readonly string[] },
): TableParams {
  const present = (name: string) => params.get(name) || undefined;
  return tableParamsSchema(options).parse({
    page: present('page'),
    pageSize: present('pageSize'),
    ordering: present('ordering'),
    search: present('search'),
  });
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
  options: {
    filters?: readonly Filter[];
    defaultPageSize?: number;
    /** The fields the list may be ordered by (without "-"); any other ordering falls back to the default. */
    orderings?: readonly string[];
  } = {},
): TableUrlState<Filter> {
  const { filters: filterNames = [], defaultPageSize = DEFAULT_PAGE_SIZE, orderings } = options;
  const [params, setParams] = useSearchParams();

  const { page, pageSize, ordering, search } = parseTableParams(params, { defaultPageSize, orderings });
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
