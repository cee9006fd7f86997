import { type ReactNode, Suspense, useState } from 'react';

interface DeferredMenuProps {
  /** The button shown until the menu is first used; `open` loads the menu and opens it. */
  standIn: (handlers: { onClick: () => void; onPointerEnter: () => void; onFocus: () => void }) => ReactNode;
  /** Starts fetching the menu's code (on hover or focus, so it is usually there by the click). */
  prefetch: () => void;
  /** The real menu (a lazy component), opened at once. */
  children: ReactNode;
}

/**
 * A top-bar menu whose code (Mantine's Menu and its positioning library) loads on first use
 * rather than with the first page after sign-in, which does not need it. Until then a button
 * that looks the same stands in for the menu's own.
 */
export function DeferredMenu({ standIn, prefetch, children }: DeferredMenuProps) {
  const [used, setUsed] = useState(false);
  const button = standIn({ onClick: () => setUsed(true), onPointerEnter: prefetch, onFocus: prefetch });
  return used ? <Suspense fallback={button}>{children}</Suspense> : button;
}
