import { Suspense } from 'react';
import { Spinner } from '../components/states.tsx';
import { ClinicConfigSync } from '../lib/public-config.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { FollowAccountChanges } from './follow-account.tsx';
import { FocusAfterNavigation } from './route-focus.tsx';
import { PageWaitingNotice } from './page-waiting.tsx';
import { NotificationListener } from './notification-listener.tsx';
import { AppRoutes } from './router.tsx';
import { ThemeSync } from './theme-sync.tsx';
import { ToastHost } from './toast-host.tsx';

/** Shown while a role area's code loads. */
function ShellFallback() {
  return (
    <div role="status" className="themed flex min-h-screen items-center justify-center gap-3">
      <Spinner />
      <span>Loading Pawcare…</span>
    </div>
  );
}

/** Everything inside the router: theme, the clinic's hours, live notifications, routes, toasts. */
export function AppShell() {
  return (
    <>
      <ThemeSync />
      <ClinicConfigSync />
      <NotificationListener />
      <ErrorBoundary variant="screen">
        <Suspense fallback={<ShellFallback />}>
          <AppRoutes />
        </Suspense>
      </ErrorBoundary>
      {/* After the routes: a guard's redirect for the old role runs first, this move to the new role's home last. */}
      <FollowAccountChanges />
      <FocusAfterNavigation />
      <PageWaitingNotice />
      <ToastHost />
    </>
  );
}
