import type {
  TicketCountersResponse,
  TicketRecord,
  TicketReplyInput,
  TicketReplyRecord,
  UploadResponse,
} from '@ledgerdesk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { queryKeys } from '../../lib/query-keys';
import { type UploadFilesOptions, uploadFiles } from '../../lib/upload';

const TICKETS = '/apps/ticket';
/** Under the tickets' query-key root: a change to a ticket anywhere refreshes these too. */
const keys = {
  counters: () => [...queryKeys.all(TICKETS), 'counters'] as const,
  replies: (ticketId: string) => [...queryKeys.all(TICKETS), 'replies', ticketId] as const,
};

/** The counters widget: total, pending, closed and deleted, with their 30-day change. */
export function useTicketCounters() {
  return useQuery({
    queryKey: keys.counters(),
    queryFn: ({ signal }) => api.get<TicketCountersResponse>(`${TICKETS}/counters`, { signal }),
  });
}

type Page<Rec> = { count: number; results: Rec[] };
/** A thread is short: its first 500 replies, oldest first. */
const THREAD_PAGE_SIZE = 500;

export function useTicketReplies(ticketId: string) {
  return useQuery({
    queryKey: keys.replies(ticketId),
    queryFn: ({ signal }) =>
      api.get<Page<TicketReplyRecord>>(`${TICKETS}/${ticketId}/replies`, {
        query: { pageSize: THREAD_PAGE_SIZE },
        signal,
      }),
  });
}

/** Adds a reply (appended to the thread, SPEC §4) and counts it on the ticket; toast once it is saved. */
export function useAddReply(ticketId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TicketReplyInput) =>
      api.post<{ successMessage: string; data: TicketReplyRecord }>(`${TICKETS}/${ticketId}/replies`, input),
    onSuccess: ({ data, successMessage }) => {
      client.setQueryData<Page<TicketReplyRecord>>(keys.replies(ticketId), (page) =>
        page ? { count: page.count + 1, results: [...page.results, data] } : page,
      );
      client.setQueryData<TicketRecord>(queryKeys.one(TICKETS, ticketId), (ticket) =>
        ticket ? { ...ticket, replyCount: ticket.replyCount + 1 } : ticket,
      );
      void client.invalidateQueries({ queryKey: queryKeys.lists(TICKETS), refetchType: 'none' });
      notifySuccess(successMessage);
    },
  });
}

/**
 * Attaches a file to a reply (its author's, once posted: a reply that fails to post takes no file),
 * then refreshes the thread to show it.
 */
export function useAttachToReply(ticketId: string) {
  const client = useQueryClient();
  return (replyId: string, file: File, options: UploadFilesOptions) =>
    uploadFiles<UploadResponse>(`${TICKETS}/reply/${replyId}/attachments`, file, options).then((answer) => {
      void client.invalidateQueries({ queryKey: keys.replies(ticketId) });
      return answer;
    });
}
