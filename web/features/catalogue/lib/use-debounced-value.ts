import { useEffect, useState } from 'react';

/** The value, once it has stopped changing for `delayMs` (slider drags and typing make one request, not fifty). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(id);
  }, [value, delayMs]);
  return settled;
}
