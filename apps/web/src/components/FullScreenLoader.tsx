/**
 * The same full-screen spinner as the boot screen in index.html (its styles live there), shown by
 * the router while the first page of a visit loads.
 */
export function FullScreenLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="ld-boot" role="status" aria-live="polite">
      <div className="ld-boot__spinner" aria-hidden="true" />
      <p className="ld-boot__text">{label}</p>
    </div>
  );
}
