import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/**
 * Puts a refused save's answer next to the fields it is about: the details naming one of `fields`, and the messages
 * `byMessage` ties to a field (which then takes the focus). Answers what is left for above the buttons: `failed`
 * when the server could not be reached or failed, the server's message when no field showed it, else null.
 */
export function placeRefusal<T extends FieldValues>(
  err: unknown,
  fields: ReadonlySet<string>,
  setError: UseFormSetError<T>,
  byMessage: Readonly<Record<string, Path<T>>>,
  failed: string,
): string | null {
  if (!(err instanceof ApiError) || err.status === 0 || err.status >= 500) return failed;
  let placed = false;
  for (const d of err.details ?? []) {
    if (fields.has(d.path)) {
      setError(d.path as Path<T>, { message: d.message });
      placed = true;
    }
  }
  const field = Object.hasOwn(byMessage, err.message) ? byMessage[err.message] : undefined;
  if (field) {
    setError(field, { message: err.message }, { shouldFocus: true });
    placed = true;
  }
  return placed ? null : err.message || failed;
}
