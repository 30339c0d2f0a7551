import { useSyncExternalStore } from 'react';

/** Tailwind's md breakpoint: from here on the catalogue has room for its filters beside nothing else. */
const WIDE = '(min-width: 48rem)';

const media = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(WIDE) : undefined);

function subscribe(onChange: () => void): () => void {
  const query = media();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * True on a tablet or wider. A prerendered page is built (and hydrated) as on a wide screen; CSS keeps what depends
 * on the width right until then, and a phone switches right after hydration.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? true,
    () => true,
  );
}
