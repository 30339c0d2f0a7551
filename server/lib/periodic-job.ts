import type { FastifyBaseLogger } from 'fastify';

/** A job that runs every so often in the background and on demand. */
export interface PeriodicJob {
  /** One run now (tests pass their own clock); resolves with how many things it handled. */
  runOnce(now?: Date): Promise<number>;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `run` at start and every `pollMs` (unless `autoStart` is false), one run at a time per process; a run that
 * fails is logged and the next one tries again. `run` gets `stopping()` to end a long loop early on shutdown. Claiming
 * due rows exactly once across processes is the run's own business (the reminders' and the order holds' statements).
 */
export function periodicJob(opts: {
  name: string;
  log: FastifyBaseLogger;
  pollMs: number;
  autoStart?: boolean;
  run: (now: Date, stopping: () => boolean) => Promise<number>;
}): PeriodicJob {
  let stopped = false;
  let running: Promise<unknown> | undefined;
  const runOnce = (now = new Date()) => opts.run(now, () => stopped);

  const tick = () => {
    if (stopped || running) return;
    running = runOnce()
      .catch((err: unknown) =>
        opts.log.error({ err: String(err) }, `${opts.name}: a run failed; retrying on the next one`),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const timer = opts.autoStart === false ? undefined : setInterval(tick, opts.pollMs);
  timer?.unref();
  if (opts.autoStart !== false) setImmediate(tick);

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
