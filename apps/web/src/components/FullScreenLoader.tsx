import { i18n } from '../i18n';

/**
 * The same full-screen spinner as the boot screen in index.html (its styles live there), shown by
 * the router while the first page of a visit loads, and while the shared strings load: so the
 * label has its English default for the moment before the catalogue has arrived.
 */
export function FullScreenLoader() {
  return (
    <div className="ld-boot" role="status" aria-live="polite">
      <div className="ld-boot__spinner" aria-hidden="true" />
      <p className="ld-boot__text">
        {i18n.t('status.loading', { ns: 'common', defaultValue: 'Loading...' })}
      </p>
    </div>
  );
}
