import { performance } from 'node:perf_hooks';

/**
 * The parts of a start and how long each took, in whole milliseconds: `mark(name)` closes the part that ran since
 * the previous mark. `modules` is the time from the process's start to the clock's creation (loading the code).
 */
export class StartupClock {
  private last = performance.now();
  private readonly times: Record<string, number> = { modules: Math.round(this.last) };

  mark(name: string): void {
    const now = performance.now();
    this.times[name] = Math.round(now - this.last);
    this.last = now;
  }

  parts(): Record<string, number> {
    return { ...this.times, total: Math.round(this.last) };
  }
}
