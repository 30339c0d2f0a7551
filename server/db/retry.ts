import { findPgError } from './client.ts';

/** Retries a transaction that lost a deadlock or serialization race; the database already undid it. */
export async function withRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const code = findPgError(err)?.code;
      if (attempt >= 3 || (code !== '40P01' && code !== '40001')) throw err;
    }
  }
}
