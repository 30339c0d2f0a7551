import { usePageWaitingForServer } from '../lib/lazy-page.ts';

/**
 * While a page the person opened cannot load because the server is away, says so above whatever is on screen (the
 * address already shows the new page; the old one stays until the new one's code arrives). The live region is
 * always there, so its words are announced when they appear.
 */
export function PageWaitingNotice() {
  const waiting = usePageWaitingForServer();
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-2 z-50 flex justify-center px-4">
      {waiting && (
        <p className="pointer-events-auto rounded-lg bg-amber-50 px-4 py-2 font-medium text-amber-950 shadow-md ring-1 ring-amber-300">
          The connection to Pawcare is lost. The page you opened loads as soon as it is back.
        </p>
      )}
    </div>
  );
}
