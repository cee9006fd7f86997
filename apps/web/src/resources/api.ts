import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, errorMessageOf } from '../lib/api';
import { notifyError, notifySuccess } from '../lib/notify';
import { queryKeys } from '../lib/query-keys';
import { staleRecordOf, type Versioned } from '../lib/stale-record';
import type { ListParams } from '../lib/table-url-state';
import type { ResourceDefinition } from './types';

type Page<Rec> = { count: number; page: number; pageSize: number; results: Rec[] };
type Saved<Data> = { successCode: string; successMessage: string; data: Data };
type Query = ListParams<string>;

/** One page of the list; the previous page stays on screen while the next one loads. */
export function useResourceList<Rec>(
  def: Pick<ResourceDefinition<Rec, unknown>, 'api' | 'keyOf'>,
  query: Query,
) {
  return useQuery({
    queryKey: queryKeys.list(def.api, query),
    queryFn: ({ signal }) => api.get<Page<Rec>>(def.api, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useResourceRecord<Rec, Values>(
  def: ResourceDefinition<Rec, Values>,
  key: string | undefined,
) {
  return useQuery({
    queryKey: queryKeys.one(def.api, key ?? ''),
    queryFn: ({ signal }) => api.get<Rec>(`${def.api}/${key}`, { signal }),
    enabled: Boolean(key),
  });
}

/**
 * SPEC §4's list behaviour on the lists already fetched: an added record is appended (or
 * prepended), an updated one merged by key, a deleted one removed by key. The lists are then marked
 * stale, so the next time one is shown a fetch replaces it with the server's order and count.
 */
function changeLists<Rec>(client: QueryClient, path: string, change: (page: Page<Rec>) => Page<Rec>) {
  client.setQueriesData<Page<Rec>>({ queryKey: queryKeys.lists(path) }, (page) =>
    page ? change(page) : page,
  );
  void client.invalidateQueries({ queryKey: queryKeys.all(path), refetchType: 'none' });
}

/** Add, update, delete and bulk delete, with the toasts of SPEC §8 once the call has completed. */
export function useResourceMutations<Rec, Values>(def: ResourceDefinition<Rec, Values>) {
  const client = useQueryClient();
  const { t } = useTranslation([def.ns, 'common']);
  const entity = t('one', { ns: def.ns });
  const failed = (title: string) => (error: unknown) => notifyError(errorMessageOf(error), { title });
  const sameKey = (key: string) => (record: Rec) => def.keyOf(record) === key;

  const create = useMutation({
    mutationFn: (values: Values) => api.post<Saved<Rec>>(def.api, values),
    onSuccess: ({ data, successMessage }) => {
      changeLists<Rec>(client, def.api, (page) => ({
        ...page,
        count: page.count + 1,
        results: def.addPosition === 'prepend' ? [data, ...page.results] : [...page.results, data],
      }));
      client.setQueryData(queryKeys.one(def.api, def.keyOf(data)), data);
      notifySuccess(successMessage);
    },
    onError: failed(t('common:resource.addFailed', { entity })),
  });

  const update = useMutation({
    mutationFn: ({
      key,
      values,
    }: {
      key: string;
      values: Partial<Values>;
      /** The caller shows a stale-record refusal itself (an edit form's notice): no toast for it. */
      showsStale?: boolean;
    }) => api.patch<Saved<Rec>>(`${def.api}/${key}`, values),
    onSuccess: ({ data, successMessage }, { key }) => {
      changeLists<Rec>(client, def.api, (page) => ({
        ...page,
        results: page.results.map((record) => (sameKey(key)(record) ? data : record)),
      }));
      client.setQueryData(queryKeys.one(def.api, key), data);
      notifySuccess(successMessage);
    },
    onError: (error, { key, showsStale }) => {
      // Someone changed the record meanwhile: every view shows it as it is now (a form says so).
      const current = staleRecordOf<Rec & Versioned>(error);
      if (!current) return failed(t('common:resource.updateFailed'))(error);
      changeLists<Rec>(client, def.api, (page) => ({
        ...page,
        results: page.results.map((record) => (sameKey(key)(record) ? current : record)),
      }));
      client.setQueryData(queryKeys.one(def.api, key), current);
      if (!showsStale)
        notifyError(t('common:staleRecord.reloaded'), { title: t('common:staleRecord.title') });
    },
  });

  const removeFromLists = (keys: Set<string>) =>
    changeLists<Rec>(client, def.api, (page) => {
      const results = page.results.filter((record) => !keys.has(def.keyOf(record)));
      return { ...page, results, count: page.count - (page.results.length - results.length) };
    });

  const remove = useMutation({
    mutationFn: (key: string) => api.delete<Saved<{ id: string }>>(`${def.api}/${key}`),
    onSuccess: ({ successMessage }, key) => {
      removeFromLists(new Set([key]));
      client.removeQueries({ queryKey: queryKeys.one(def.api, key) });
      notifySuccess(successMessage);
    },
    onError: failed(t('common:resource.deleteFailed')),
  });

  const bulkRemove = useMutation({
    mutationFn: (keys: string[]) =>
      api.post<Saved<{ deleted: number }>>(`${def.api}/bulk-delete`, { items: keys.map((id) => ({ id })) }),
    onSuccess: ({ successMessage }, keys) => {
      removeFromLists(new Set(keys));
      notifySuccess(successMessage);
    },
    onError: failed(t('common:resource.deleteFailed')),
  });

  return { create, update, remove, bulkRemove };
}
