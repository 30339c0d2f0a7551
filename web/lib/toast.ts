import type { Id, ToastContent, ToastOptions } from 'react-toastify';

/**
 * The app's toasts (react-toastify), loaded the first time one is shown: most visits show none, and the library is
 * not part of any page's first scripts (decision 049). Same calls as react-toastify's `toast`: `toast.success(...)`,
 * `toast.error(...)`, `toast(content, options)`; a toast asked for before the library arrives is shown when it does.
 * Import toasts from here, never from react-toastify (ESLint says so).
 */
type Toastify = typeof import('react-toastify');

let lib: Toastify | null = null;
let loading: Promise<Toastify> | null = null;
const wantedListeners = new Set<() => void>();

/** Loads the library (once; again after a failed load); the toast host (app/toast-host.tsx) then mounts its container. */
function loadToasts(): Promise<Toastify> {
  if (!loading) {
    loading = import('react-toastify').then(
      (m) => (lib = m),
      (err: unknown) => {
        // Offline before the library arrived: the next toast asks again.
        loading = null;
        throw err;
      },
    );
    for (const listener of wantedListeners) listener();
  }
  return loading;
}

/**
 * Loads the library and its container when the page is idle after it starts, outside its first scripts: a toast
 * that says the network is gone ("Not connected to chat server") must not be the first to need the network.
 */
export function preloadToasts(): void {
  void loadToasts().catch(() => undefined);
}

/** Whether a toast has been asked for yet, and a way to hear when one is (for useSyncExternalStore). */
export const toastsWanted = {
  current: () => loading !== null,
  subscribe: (listener: () => void) => {
    wantedListeners.add(listener);
    return () => void wantedListeners.delete(listener);
  },
};

function withToast(show: (t: Toastify['toast']) => void): void {
  if (lib) show(lib.toast);
  else
    void loadToasts().then(
      (m) => show(m.toast),
      () => undefined,
    );
}

type Show = (content: ToastContent, options?: ToastOptions) => void;
const kind =
  (name: 'info' | 'success' | 'error' | 'warn'): Show =>
  (content, options) =>
    withToast((t) => t[name](content, options));

export const toast = Object.assign(((content, options) => withToast((t) => t(content, options))) as Show, {
  info: kind('info'),
  success: kind('success'),
  error: kind('error'),
  warn: kind('warn'),
  /** Removes a toast (all of them without an id); nothing is on screen before the library has loaded. */
  dismiss: (id?: Id) => void lib?.toast.dismiss(id),
  isActive: (id: Id): boolean => lib?.toast.isActive(id) ?? false,
});
