import { describe, expect, it } from 'vitest';
import { makeEmergency } from '../../../test/data.ts';
import { placeInQueue, timeAgo } from './lists.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute)).toISOString();

describe('placeInQueue', () => {
  it('keeps as many resolved requests as the server lists, the latest resolved first', () => {
    const resolved = Array.from({ length: 20 }, (_, i) =>
      makeEmergency({ id: `r${i}`, status: 'resolved', updatedAt: at(40 - i) }),
    );
    const open = makeEmergency({ id: 'o1', createdAt: at(50), updatedAt: at(50) });
    const list = placeInQueue([open, ...resolved], { ...open, status: 'resolved', updatedAt: at(55) });
    expect(list.map((e) => e.id)).toEqual(['o1', ...resolved.slice(0, 19).map((e) => e.id)]);
  });
});

describe('timeAgo', () => {
  it('says minutes, then hours and minutes, then days', () => {
    const now = Date.parse(at(0));
    expect(timeAgo(at(0), now + 20_000)).toBe('just now');
    expect(timeAgo(at(0), now + 3 * 60_000)).toBe('3 min ago');
    expect(timeAgo(at(0), now + 125 * 60_000)).toBe('2 hr 5 min ago');
    expect(timeAgo(at(0), now + 180 * 60_000)).toBe('3 hr ago');
    expect(timeAgo(at(0), now + 26 * 3_600_000)).toBe('1 day ago');
    // A server clock a little ahead of this one.
    expect(timeAgo(at(1), now)).toBe('just now');
  });
});
