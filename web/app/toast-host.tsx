import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { preloadToasts, toastsWanted } from '../lib/toast.ts';

const Toasts = lazy(() => import('./toasts.tsx'));

/**
 * The toasts' container, mounted (and its code loaded) once the first toast is asked for (lib/toast.ts), or once
 * the page is idle after it starts, so that toasts work when the network is gone later.
 */
export function ToastHost() {
  const wanted = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.current, () => false);
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(preloadToasts, { timeout: 3000 });
      return () => cancelIdleCallback(id);
    }
    const t = setTimeout(preloadToasts, 1500);
    return () => clearTimeout(t);
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
