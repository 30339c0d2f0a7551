import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastsWanted } from '../lib/toast.ts';

const Toasts = lazy(() => import('./toasts.tsx'));

/** The toasts' container, mounted (and its code loaded) once the first toast is asked for (lib/toast.ts). */
export function ToastHost() {
  const wanted = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.current, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
