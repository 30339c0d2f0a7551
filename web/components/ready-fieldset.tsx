import type { ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated.ts';

/**
 * Holds a form's controls. On a prerendered page they stay disabled until the app has taken the page over: what
 * was typed before would be lost, and a form the browser sent by itself would put it, a password included, into
 * the address bar. Rendered in the browser from the start, it is enabled at once.
 */
export function ReadyFieldset({ children, className = '' }: { children: ReactNode; className?: string }) {
  const hydrated = useHydrated();
  return (
    <fieldset
      disabled={!hydrated}
      aria-busy={!hydrated || undefined}
      className={`m-0 min-w-0 border-0 p-0 ${className}`}
    >
      {children}
    </fieldset>
  );
}
