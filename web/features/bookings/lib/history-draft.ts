/**
 * A half-filled form kept with the browser's history entry it was filled in: Back to another page then Forward
 * brings the entry back, and with it what was chosen and typed. One draft per tab (sessionStorage), for the latest
 * entry only; a new visit to the page (a new entry) starts afresh.
 */
const KEY = 'booking-draft';

interface Stored<T> {
  entry: string;
  draft: T;
}

/**
 * The router names the entry a tab opened on 'default', whatever its address: no draft is kept for it, since another
 * page typed into the address bar later would be 'default' too.
 */
const UNNAMED_ENTRY = 'default';

/** The draft kept for history entry `entry`, if it is the one kept. */
export function readHistoryDraft<T>(entry: string): T | undefined {
  if (entry === UNNAMED_ENTRY) return undefined;
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return undefined;
    const stored = JSON.parse(raw) as Stored<T>;
    return stored.entry === entry ? stored.draft : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `draft` for history entry `entry`; undefined forgets it (the booking was made). */
export function writeHistoryDraft<T>(entry: string, draft: T | undefined): void {
  if (entry === UNNAMED_ENTRY && draft !== undefined) return;
  try {
    if (draft === undefined) window.sessionStorage.removeItem(KEY);
    else window.sessionStorage.setItem(KEY, JSON.stringify({ entry, draft } satisfies Stored<T>));
  } catch {
    // Storage unavailable: the form simply starts empty after Back and Forward.
  }
}
