import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../../lib/live';
import { mailKeys } from './api';

/**
 * Keeps the mailbox current without a reload: new mail (`mail.new`), a change made elsewhere
 * (`mail.changed`: another tab, a delivery's outcome) and a reconnect (`resync`: events may have been
 * missed) refetch the counts, the lists and the open thread. A draft open in the composer is left
 * alone: it is being edited here.
 */
export function useMailLive() {
  const client = useQueryClient();
  const refresh = () =>
    void client.invalidateQueries({
      queryKey: mailKeys.root,
      predicate: (query) => query.queryKey[1] !== 'draft',
    });
  useLiveEvent('mail.new', refresh);
  useLiveEvent('mail.changed', refresh);
  useLiveEvent('resync', refresh);
}
