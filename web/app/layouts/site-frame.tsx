import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { PawIcon } from '../../components/icons.tsx';
import { LoadingState } from '../../components/states.tsx';
import { usePublicConfig } from '../../lib/public-config.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { ErrorBoundary } from '../error-boundary.tsx';

/** The clinic's weekly hours as the admin last saved them ("Mon-Sat 09:00-18:00, Sun 10:00-14:00"). */
function OpeningHours() {
  const config = usePublicConfig();
  // A prerendered page's footer has no hours: nor has its first render while it hydrates.
  const hydrated = useHydrated();
  const hours = hydrated ? config.data?.clinic.hours : undefined;
  // Until the clinic's own hours arrive nothing is said of them, rather than hours that may be wrong.
  if (!hours) return null;
  return <>{hours === 'Closed' ? 'Visits are paused for now.' : `Open ${hours}.`} </>;
}

function Footer() {
  return (
    <footer className="themed mt-12 border-t border-current/20">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="flex items-center gap-2 font-semibold">
          <PawIcon className="h-5 w-5" /> Pawcare pet clinic and shop
        </p>
        <p>
          <OpeningHours />
          Emergencies around the clock.
        </p>
      </div>
    </footer>
  );
}

/**
 * Header + main + footer, with a loading state while a page's code arrives. After a client-side navigation focus moves to the main region, so keyboard and
 * screen-reader users start reading the new page instead of staying on the old link.
 */
export function SiteFrame({ header, children }: { header: ReactNode; children?: ReactNode }) {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {header}
      <main id="main" ref={mainRef} tabIndex={-1} className="flex-1 outline-none">
        <ErrorBoundary resetKey={pathname}>
          <Suspense
            fallback={
              <div className="mx-auto max-w-6xl px-4 py-12">
                <LoadingState label="Loading page…" />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      {children}
      <Footer />
    </div>
  );
}

/** Link back home used by error and not-found pages. */
export function HomeLink({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="font-semibold underline underline-offset-4">
      Back to the home page
    </Link>
  );
}
