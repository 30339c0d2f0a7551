/** Per-key token buckets: `burst` messages at once, refilled at `perSecond`. In memory, per process. */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Takes one token for `key`; false when the bucket is empty (the caller refuses the action). */
  take(key: string): boolean {
    const t = this.now();
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: t };
    b.tokens = Math.min(this.burst, b.tokens + ((t - b.at) / 1000) * this.perSecond);
    b.at = t;
    if (this.buckets.size > 50_000) this.sweep(t);
    if (b.tokens < 1) {
      this.buckets.set(key, b);
      return false;
    }
    b.tokens -= 1;
    this.buckets.set(key, b);
    return true;
  }

  /** Drops buckets that have refilled completely: they carry no state worth keeping. */
  private sweep(t: number) {
    for (const [k, b] of this.buckets) {
      if (b.tokens + ((t - b.at) / 1000) * this.perSecond >= this.burst) this.buckets.delete(k);
    }
  }
}
