import type { AttachmentList, FileRecord } from '@ledgerdesk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/*
 * A record's attachments (GET {api}/{id}/attachments), keyed under the records' own root: a change
 * to the files refreshes the record, its lists and its cards too (their counters), and a refresh of
 * the records refreshes the files (their signed URLs).
 */

export const attachmentsPath = (recordsApi: string, recordId: string) =>
  `${recordsApi}/${recordId}/attachments`;
export const attachmentsKey = (recordsApi: string, recordId: string) =>
  [...queryKeys.all(recordsApi), 'attachments', recordId] as const;

export function useAttachments(recordsApi: string, recordId: string) {
  return useQuery({
    queryKey: attachmentsKey(recordsApi, recordId),
    queryFn: ({ signal }) => api.get<AttachmentList>(attachmentsPath(recordsApi, recordId), { signal }),
  });
}

/** After files were added or removed: the records' root (their counters, and the list itself). */
export function useAttachmentsChanged(recordsApi: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.all(recordsApi) });
}

export function useDeleteAttachment(recordsApi: string, recordId: string) {
  const changed = useAttachmentsChanged(recordsApi);
  return useMutation({
    mutationFn: (file: FileRecord) => api.delete(`${attachmentsPath(recordsApi, recordId)}/${file.id}`),
    onSuccess: changed,
  });
}
