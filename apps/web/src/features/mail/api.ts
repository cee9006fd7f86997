import type {
  MailAddress,
  MailCategory,
  MailCounts,
  MailDraft,
  MailEntriesPatch,
  MailLabel,
  MailList,
  MailListItem,
  MailRecipients,
  MailThread,
  MailType,
} from '@ledgerdesk/contracts';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/*
 * The mailbox's side of /api/mail (LIVE-DESIGN.md, "Mailbox"). Every view sits under one root, so a
 * change (a bulk action, a sent mail, a `mail.new` from the live channel) refreshes the list, the
 * counts and the open thread at once.
 */

export type {
  MailAddress,
  MailCategory,
  MailCounts,
  MailDraft,
  MailEntriesPatch,
  MailLabel,
  MailListItem,
  MailMessage,
  MailRecipient,
  MailThread,
  MailThreadEntry,
  MailType,
} from '@ledgerdesk/contracts';
export { mailLabels, mailTypes } from '@ledgerdesk/contracts';

/** The folders of the side list, in its order (starred, important and all are views over folders). */
export const sideCategories = [
  'inbox',
  'starred',
  'important',
  'sent',
  'draft',
  'all',
  'spam',
  'trash',
] as const;

/** What the composer edits: recipients with their names (chips), the rest as the draft holds it. */
export interface DraftValues {
  to: MailAddress[];
  cc: MailAddress[];
  bcc: MailAddress[];
  subject: string;
  bodyHtml: string;
  inReplyTo?: string | null;
  forwardOf?: string | null;
}

export interface MailQuery {
  category: MailCategory;
  type?: MailType | undefined;
  label?: MailLabel | undefined;
  q?: string | undefined;
}

export const PAGE_SIZE = 50;

const root = queryKeys.all('/mail');
export const mailKeys = {
  root,
  lists: [...root, 'list'] as const,
  list: (query: MailQuery) => [...root, 'list', query] as const,
  counts: [...root, 'counts'] as const,
  thread: (forId: string) => [...root, 'thread', forId] as const,
  recipients: (q: string) => [...root, 'recipients', q] as const,
  draft: (id: string) => [...root, 'draft', id] as const,
};

/** The API path of a message's attachments (the engine's routes for owner type mail-messages). */
export const MESSAGES_API = '/mail/messages';

/** The addresses the server takes: e-mail addresses only (it finds the users by theirs). */
function draftBody(values: DraftValues) {
  const addresses = (list: MailAddress[]) => list.map((recipient) => recipient.address);
  return {
    ...values,
    to: addresses(values.to),
    cc: addresses(values.cc),
    bcc: addresses(values.bcc),
  };
}

/** A write's answer: the record, bare or inside the product's `{successCode, data}` envelope. */
function unwrap<T>(answer: T | { data: T }): T {
  return typeof answer === 'object' && answer !== null && 'successCode' in answer && 'data' in answer
    ? answer.data
    : (answer as T);
}

export const mailApi = {
  list: (query: MailQuery, cursor: string | null, signal?: AbortSignal) =>
    api.get<MailList>('/mail', { query: { ...query, cursor, limit: PAGE_SIZE }, signal }),
  counts: (signal?: AbortSignal) => api.get<MailCounts>('/mail/counts', { signal }),
  thread: (forId: string, signal?: AbortSignal) => api.get<MailThread>(`/mail/threads/${forId}`, { signal }),
  change: (change: MailEntriesPatch) => api.patch<unknown>('/mail/entries', change),
  removeThread: (forId: string) => api.delete<unknown>(`/mail/threads/${forId}`),
  draft: (id: string, signal?: AbortSignal) =>
    api.get<MailDraft | { data: MailDraft }>(`/mail/drafts/${id}`, { signal }).then(unwrap),
  createDraft: (values: DraftValues) =>
    api.post<MailDraft | { data: MailDraft }>('/mail/drafts', draftBody(values)).then(unwrap),
  /** What a draft may change once created (what it answers or forwards is set at its creation). */
  saveDraft: (id: string, values: DraftValues, version: number) => {
    const { inReplyTo: _answered, forwardOf: _forwarded, ...changed } = draftBody(values);
    return api
      .put<MailDraft | { data: MailDraft }>(`/mail/drafts/${id}`, { ...changed, version })
      .then(unwrap);
  },
  deleteDraft: (id: string) => api.delete<unknown>(`/mail/drafts/${id}`),
  sendDraft: (id: string, version: number) => api.post<unknown>(`/mail/drafts/${id}/send`, { version }),
  recipients: (q: string, signal?: AbortSignal) =>
    api.get<MailRecipients>('/mail/recipients', { query: { q }, signal }).then((answer) => answer.items),
};

export function useMailList(query: MailQuery) {
  return useInfiniteQuery({
    queryKey: mailKeys.list(query),
    queryFn: ({ pageParam, signal }) => mailApi.list(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useMailCounts() {
  return useQuery({ queryKey: mailKeys.counts, queryFn: ({ signal }) => mailApi.counts(signal) });
}

export function useThread(forId: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: mailKeys.thread(forId ?? ''),
    queryFn: async ({ signal }) => {
      const thread = await mailApi.thread(forId ?? '', signal);
      // Opening marks the thread read on the server: the counts and the list's bold lines follow.
      void client.invalidateQueries({ queryKey: mailKeys.counts });
      markReadInLists(client, thread.forId);
      return thread;
    },
    enabled: forId !== null,
  });
}

type Lists = InfiniteData<MailList, string | null>;

function updateItems(
  client: ReturnType<typeof useQueryClient>,
  update: (item: MailListItem) => MailListItem,
) {
  client.setQueriesData<Lists>({ queryKey: mailKeys.lists }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(update) })) } : data,
  );
}

function markReadInLists(client: ReturnType<typeof useQueryClient>, forId: string) {
  updateItems(client, (item) => (item.forId === forId && item.unread ? { ...item, unread: false } : item));
}

/**
 * A bulk change of entries: shown at once in the lists (flags), then everything refetched (an entry
 * moved out of the folder leaves it, counts follow).
 */
export function useChangeEntries() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: mailApi.change,
    onMutate: (change) => {
      const { ids, folder: _folder, restore: _restore, ...flags } = change;
      const chosen = new Set(ids);
      updateItems(client, (item) => (chosen.has(item.id) ? { ...item, ...flags } : item));
    },
    onSettled: () => client.invalidateQueries({ queryKey: mailKeys.root }),
  });
}

export function useRemoveThreads() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (forIds: string[]) => {
      for (const forId of new Set(forIds)) await mailApi.removeThread(forId);
    },
    onSettled: () => client.invalidateQueries({ queryKey: mailKeys.root }),
  });
}

export function useRecipients(q: string) {
  return useQuery({
    queryKey: mailKeys.recipients(q),
    queryFn: ({ signal }) => mailApi.recipients(q, signal),
    staleTime: 60_000,
  });
}
