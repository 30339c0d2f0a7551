/**
 * Coalesces identical reads in flight: while one is running, callers with the same key share its answer instead of
 * starting their own. Nothing is kept once it settles, so no answer is older than the request that asked for it.
 * Eight identical calendar requests from one customer cost the database one calendar.
 */
export function singleFlight<V>(): (key: string, run: () => Promise<V>) => Promise<V> {
  const inFlight = new Map<string, Promise<V>>();
  return (key, run) => {
    const running = inFlight.get(key);
    if (running) return running;
    const started = run().finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };
}
