import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight.ts';

/** A read that settles when told to, counting how often it ran. */
function gatedRead() {
  let runs = 0;
  let settle!: (v: string) => void;
  let fail!: (e: Error) => void;
  const run = () => {
    runs += 1;
    return new Promise<string>((resolve, reject) => {
      settle = resolve;
      fail = reject;
    });
  };
  return { run, runs: () => runs, settle: (v: string) => settle(v), fail: (e: Error) => fail(e) };
}

describe('singleFlight', () => {
  it('runs a read once for every identical caller while it is in flight, and they all get its answer', async () => {
    const once = singleFlight<string>();
    const read = gatedRead();
    const callers = Array.from({ length: 8 }, () => once('2026-12|checkup|false', read.run));
    read.settle('the calendar');
    expect(await Promise.all(callers)).toEqual(Array.from({ length: 8 }, () => 'the calendar'));
    expect(read.runs()).toBe(1);
  });

  it('keeps nothing once it settles: the next caller reads afresh', async () => {
    const once = singleFlight<string>();
    const read = gatedRead();
    const first = once('k', read.run);
    read.settle('then');
    await first;
    const second = once('k', read.run);
    read.settle('now');
    expect(await second).toBe('now');
    expect(read.runs()).toBe(2);
  });

  it('keeps different keys apart, and a failure reaches every waiting caller, then is forgotten', async () => {
    const once = singleFlight<string>();
    const a = gatedRead();
    const b = gatedRead();
    const fromA = [once('a', a.run), once('a', a.run)];
    const fromB = once('b', b.run);
    expect([a.runs(), b.runs()]).toEqual([1, 1]);
    a.fail(new Error('database away'));
    b.settle('b');
    for (const p of fromA) await expect(p).rejects.toThrow('database away');
    expect(await fromB).toBe('b');
    const retry = once('a', a.run);
    a.settle('back');
    expect(await retry).toBe('back');
  });
});
