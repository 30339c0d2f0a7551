import { randomId } from './random-id.ts';

interface Attempt {
  key: string;
  fingerprint: string;
}

/** The Idempotency-Key of one kind of attempt (a checkout, a booking), kept across retries and reloads of the tab. */
export interface AttemptKeys {
  /** The key of the attempt sending `fingerprint`: the current one when it sends the same, else a new one. */
  keyFor(fingerprint: string): string;
  /** Ends the attempt (it succeeded, or the server refused it for good), so the next request gets a new key. */
  finish(): void;
}

/**
 * Keys for retryable attempts, one at a time per `storageKey`. The same request keeps its key, so a retry after a
 * lost answer, a timeout or a reload can never create the thing twice; any change starts a new attempt.
 */
export function attemptKeys(storageKey: string): AttemptKeys {
  let memory: Attempt | null = null;

  const read = (): Attempt | null => {
    try {
      const raw = window.sessionStorage.getItem(storageKey);
      const v = raw ? (JSON.parse(raw) as Partial<Attempt>) : null;
      return v && typeof v.key === 'string' && typeof v.fingerprint === 'string'
        ? { key: v.key, fingerprint: v.fingerprint }
        : null;
    } catch {
      return null;
    }
  };
  const write = (a: Attempt | null): void => {
    try {
      if (a) window.sessionStorage.setItem(storageKey, JSON.stringify(a));
      else window.sessionStorage.removeItem(storageKey);
    } catch {
      // Without session storage a retry after a reload gets a new key; retries within the page still reuse it.
    }
  };

  return {
    keyFor(fingerprint) {
      const current = read() ?? memory;
      if (current && current.fingerprint === fingerprint) return current.key;
      memory = { key: randomId(), fingerprint };
      write(memory);
      return memory.key;
    },
    finish() {
      memory = null;
      write(null);
    },
  };
}
