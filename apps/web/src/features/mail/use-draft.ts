import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStaleRecord } from '../../lib/stale-record';
import { type DraftValues, type MailDraft, mailApi, mailKeys } from './api';

/** How long typing must pause before the draft is saved. */
export const AUTOSAVE_DELAY_MS = 800;

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** Whether a draft holds anything worth keeping (a blank composer creates no draft). */
function hasContent(values: DraftValues): boolean {
  const text = values.bodyHtml.replace(/<[^>]*>/g, '').trim();
  return (
    values.to.length + values.cc.length + values.bcc.length > 0 || values.subject.trim() !== '' || text !== ''
  );
}

/** What the composer shows of a stored draft. */
export function valuesOf(draft: MailDraft): DraftValues {
  const { to, cc, bcc, subject, bodyHtml, inReplyTo } = draft;
  return { to, cc, bcc, subject, bodyHtml, inReplyTo };
}

/**
 * A draft saved as the user types: each change schedules a save after a pause; saves never overlap
 * (a change made during one is saved right after it); the first save creates the draft, the next
 * ones send the version they know. When someone else saved the draft meanwhile (409 STALE_RECORD,
 * another tab), `stale` holds the stored draft for StaleRecordNotice: `reload` takes it, `overwrite`
 * saves these values over it. `flush` saves now and resolves with the draft (before sending).
 */
export function useDraft(initial: DraftValues, existing: MailDraft | null) {
  const client = useQueryClient();
  const [values, setValues] = useState<DraftValues>(existing ? valuesOf(existing) : initial);
  const [state, setState] = useState<SaveState>('idle');
  const stale = useStaleRecord<MailDraft>();
  const draft = useRef<MailDraft | null>(existing);
  const [savedDraft, setSavedDraft] = useState<MailDraft | null>(existing);
  const latest = useRef(values);

  const dirty = useRef(false);
  const running = useRef<Promise<MailDraft | null> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const blocked = useRef(false);

  const saveOnce = useCallback(
    async (version?: number): Promise<MailDraft | null> => {
      const input = latest.current;
      dirty.current = false;
      if (!draft.current && !hasContent(input)) return null;
      setState('saving');
      try {
        const saved = draft.current
          ? await mailApi.saveDraft(draft.current.id, input, version ?? draft.current.version)
          : await mailApi.createDraft(input);
        draft.current = saved;
        setSavedDraft(saved);
        setState(dirty.current ? 'saving' : 'saved');
        void client.invalidateQueries({ queryKey: mailKeys.counts });
        return saved;
      } catch (error) {
        dirty.current = true;
        if (stale.caught(error)) blocked.current = true;
        setState('failed');
        throw error;
      }
    },
    [client, stale],
  );

  /** Saves what is typed, after any save in flight; resolves with the draft as saved. */
  const save = useCallback((): Promise<MailDraft | null> => {
    clearTimeout(timer.current);
    const previous = running.current ?? Promise.resolve(null);
    const next = previous
      .catch(() => null)
      .then(() => (dirty.current && !blocked.current ? saveOnce() : draft.current));
    running.current = next;
    next
      .finally(() => {
        if (running.current === next) running.current = null;
      })
      .catch(() => undefined);
    return next;
  }, [saveOnce]);

  const change = useCallback(
    (patch: Partial<DraftValues>) => {
      setValues((current) => {
        const next = { ...current, ...patch };
        latest.current = next;
        return next;
      });
      dirty.current = true;
      clearTimeout(timer.current);
      if (!blocked.current)
        timer.current = setTimeout(() => void save().catch(() => undefined), AUTOSAVE_DELAY_MS);
    },
    [save],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  /** Takes the stored draft (this composer's edits since are dropped). */
  const reload = useCallback(() => {
    const current = stale.current;
    if (!current) return;
    draft.current = current;
    setSavedDraft(current);
    latest.current = valuesOf(current);
    setValues(latest.current);
    dirty.current = false;
    blocked.current = false;
    stale.clear();
    setState('saved');
    return current;
  }, [stale]);

  /** Saves these values over the stored draft. */
  const overwrite = useCallback(async () => {
    const current = stale.current;
    if (!current || !draft.current) return;
    blocked.current = false;
    stale.clear();
    await saveOnce(current.version).catch(() => undefined);
  }, [saveOnce, stale]);

  return {
    values,
    change,
    state,
    /** The draft once saved (its id, message id and version). */
    draft: savedDraft,
    stale: stale.current,
    reload,
    overwrite,
    flush: save,
    /** Whether changes are waiting to be saved. */
    pending: () => dirty.current || running.current !== null,
  };
}
