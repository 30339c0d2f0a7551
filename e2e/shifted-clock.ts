/**
 * Loaded with `node --import` into a server of a spec's own (e2e/care-reminders.spec.ts): moves the process's clock
 * PAWCARE_E2E_CLOCK_OFFSET_MS forward, so that a restarted server lives weeks later (reminders come due, a booked
 * day arrives) without waiting for them. Only `Date` moves; timers run as they do.
 */
const offset = Number(process.env.PAWCARE_E2E_CLOCK_OFFSET_MS ?? 0);
if (offset) {
  const RealDate = Date;
  const now = () => RealDate.now() + offset;
  function ShiftedDate(this: unknown, ...args: unknown[]): Date | string {
    if (!new.target) return new RealDate(now()).toString();
    return args.length === 0 ? new RealDate(now()) : new RealDate(...(args as ConstructorParameters<typeof Date>));
  }
  ShiftedDate.prototype = RealDate.prototype;
  ShiftedDate.now = now;
  ShiftedDate.parse = RealDate.parse;
  ShiftedDate.UTC = RealDate.UTC;
  globalThis.Date = ShiftedDate as unknown as DateConstructor;
}
