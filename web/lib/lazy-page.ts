import { lazy, useSyncExternalStore, type ComponentType, type LazyExoticComponent } from 'react';
import type { BuildInfo } from '#shared/common';
import { BUILD_ID_META } from '#shared/build';
import { serverAnswered, waitToRetry } from './reconnect.ts';

/** A page's code is gone because a new version was deployed after this page was loaded: only a reload helps. */
export class NewVersionError extends Error {
  constructor() {
    super('A new version of Pawcare is available.');
    this.name = 'NewVersionError';
  }
}

/** The id of the build the server serves now; undefined while the server cannot be reached. */
async function servedBuild(): Promise<string | null | undefined> {
  try {
    const res = await fetch('/api/build', { cache: 'no-store' });
    return res.ok ? ((await res.json()) as BuildInfo).id : undefined;
  } catch {
    return undefined;
  }
}

// How many pages are waiting for the server to load their code, and who wants to know.
let waiting = 0;
const watchers = new Set<() => void>();
const setWaiting = (change: 1 | -1) => {
  waiting += change;
  for (const w of watchers) w();
};

/**
 * Whether a page the person asked for is waiting for the server before it can load (the address bar already shows
 * it, the old page is still on screen): the app says so, rather than looking as if nothing happened.
 */
export function usePageWaitingForServer(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      watchers.add(onChange);
      return () => watchers.delete(onChange);
    },
    () => waiting > 0,
    () => false,
  );
}

/**
 * Loads a page's code, and when that fails finds out why: the server is away (wait on the reconnect schedule and
 * load again, for as long as it takes), a new build is served (NewVersionError), or neither (the error, after one
 * more try). React.lazy remembers a failure for good, so the waiting has to happen in here.
 */
async function loadPage<T>(load: () => Promise<T>): Promise<T> {
  let waitingHere = false;
  try {
    return await loadOrWait(load, () => {
      if (!waitingHere) setWaiting(1);
      waitingHere = true;
    });
  } finally {
    if (waitingHere) setWaiting(-1);
  }
}

async function loadOrWait<T>(load: () => Promise<T>, onServerAway: () => void): Promise<T> {
  let triedWithServerUp = false;
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (err) {
      const served = await servedBuild();
      if (served === undefined) {
        onServerAway();
        triedWithServerUp = false;
        await waitToRetry(attempt);
        continue;
      }
      serverAnswered();
      const ownBuild = document.querySelector(`meta[name="${BUILD_ID_META}"]`)?.getAttribute('content');
      if (ownBuild && served && served !== ownBuild) throw new NewVersionError();
      if (triedWithServerUp) throw err;
      triedWithServerUp = true;
    }
  }
}

/** React.lazy for a route's page or layout, with loadPage's recovery. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy's own
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() => loadPage(load));
}
