import { Suspense } from 'react';
import { ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '#shared/constants';
import { Spinner } from '../components/states';
import { ErrorBoundary } from './error-boundary';
import { NotificationListener } from './notification-listener';
import { AppRoutes } from './router';
import { ThemeSync } from './theme-sync';

/** Shown while a role area's code loads. */
function ShellFallback() {
  return (
    <div role="status" className="themed flex min-h-screen items-center justify-center gap-3">
      <Spinner />
      <span>Loading Pawcare…</span>
    </div>
  );
}

/** Everything inside the router: theme, live notifications, routes, toasts. */
export function AppShell() {
  return (
    <>
      <ThemeSync />
      <NotificationListener />
      <ErrorBoundary variant="screen">
        <Suspense fallback={<ShellFallback />}>
          <AppRoutes />
        </Suspense>
      </ErrorBoundary>
      <ToastContainer
        position="top-right"
        autoClose={TOAST_AUTO_CLOSE_MS}
        newestOnTop
        closeOnClick={false}
        pauseOnFocusLoss
        theme="light"
      />
    </>
  );
}
