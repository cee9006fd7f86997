import { errorCodes } from '@ledgerdesk/contracts';
import { useCallback, useState } from 'react';
import { isApiError } from './api';

/** A record that carries its version (every record an edit form changes). */
export type Versioned = { version: number };

/**
 * The record as it is now stored, when `error` is a refused update of an older version (409
 * STALE_RECORD); null for any other error.
 */
export function staleRecordOf<Rec extends Versioned>(error: unknown): Rec | null {
  if (!isApiError(error) || error.errorCode !== errorCodes.stale) return null;
  const current = error.current as Partial<Versioned> | undefined;
  return current && typeof current.version === 'number' ? (current as Rec) : null;
}

/**
 * An edit form's side of the version protocol: the form sends the version it loaded; when the
 * server answers that the record changed meanwhile, `current` holds the record as it is now, for
 * StaleRecordNotice to offer Reload (the current record into the form, the edits dropped) or
 * Overwrite (the edits sent again over the current version).
 */
export function useStaleRecord<Rec extends Versioned>() {
  const [current, setCurrent] = useState<Rec | null>(null);
  /** Whether `error` was a stale update: if so, `current` is set and the form shows the notice. */
  const caught = useCallback((error: unknown) => {
    const stale = staleRecordOf<Rec>(error);
    setCurrent(stale);
    return stale !== null;
  }, []);
  const clear = useCallback(() => setCurrent(null), []);
  return { current, caught, clear };
}
