import { describe, expect, it } from 'vitest';
import { newestFirst, placeRow, type ListRule } from './live-lists.ts';

interface Row {
  id: string;
  createdAt: string;
  status: 'open' | 'closed';
  note?: string;
}

/** Row `id` created at `hour` o'clock. */
const row = (id: string, hour: number, over: Partial<Row> = {}): Row => ({
  id,
  createdAt: `2026-03-01T${String(hour).padStart(2, '0')}:00:00.000Z`,
  status: 'open',
  ...over,
});

/** Loaded pages of rows; the last one says whether the server has more. */
const pages = (more: boolean, ...lists: Row[][]) => ({
  pages: lists.map((items, i) => ({ items, nextCursor: i < lists.length - 1 || more ? `after-${i}` : null })),
  pageParams: lists.map((_, i) => (i === 0 ? null : `after-${i - 1}`)),
});
const ids = (data: { pages: { items: Row[] }[] }) => data.pages.map((p) => p.items.map((r) => r.id));

/** The open rows, newest first. */
const openRows: ListRule<Row> = { includes: (r) => r.status === 'open', compare: newestFirst };

describe('placeRow', () => {
  it('replaces a row where it is, in its page', () => {
    const data = pages(true, [row('e', 9), row('d', 8)], [row('c', 7), row('b', 6)]);
    const next = placeRow(data, row('c', 7, { note: 'changed' }), openRows);
    expect(ids(next)).toEqual([
      ['e', 'd'],
      ['c', 'b'],
    ]);
    expect(next.pages[1]!.items[0]!.note).toBe('changed');
  });

  it('keeps the last row loaded where it is when it changes without moving, though the server has more', () => {
    const data = pages(true, [row('e', 9), row('d', 8)]);
    const next = placeRow(data, row('d', 8, { note: 'changed' }), openRows);
    expect(ids(next)).toEqual([['e', 'd']]);
    expect(next.pages[0]!.items[1]!.note).toBe('changed');
  });

  it('inserts a new row at its sorted place, in the page that holds that place', () => {
    const data = pages(true, [row('e', 9), row('d', 7)], [row('c', 5), row('b', 3)]);
    expect(ids(placeRow(data, row('x', 10), openRows))).toEqual([
      ['x', 'e', 'd'],
      ['c', 'b'],
    ]);
    expect(ids(placeRow(data, row('x', 6), openRows))).toEqual([
      ['e', 'd'],
      ['x', 'c', 'b'],
    ]);
    expect(ids(placeRow(data, row('x', 4), openRows))).toEqual([
      ['e', 'd'],
      ['c', 'x', 'b'],
    ]);
  });

  it('leaves out a new row that sorts after everything loaded while the server has more, else appends it', () => {
    const more = pages(true, [row('e', 9), row('d', 7)]);
    expect(placeRow(more, row('x', 1), openRows)).toBe(more);
    const all = pages(false, [row('e', 9), row('d', 7)]);
    expect(ids(placeRow(all, row('x', 1), openRows))).toEqual([['e', 'd', 'x']]);
  });

  it('removes a row that no longer belongs, and ignores one that never did', () => {
    const data = pages(false, [row('e', 9), row('d', 7)], [row('c', 5)]);
    expect(ids(placeRow(data, row('d', 7, { status: 'closed' }), openRows))).toEqual([['e'], ['c']]);
    expect(placeRow(data, row('x', 8, { status: 'closed' }), openRows)).toBe(data);
  });

  it('moves a row whose place in the order changed, and drops it when that place is beyond the loaded pages', () => {
    const data = pages(true, [row('e', 9), row('d', 7)], [row('c', 5), row('b', 3)]);
    expect(ids(placeRow(data, row('d', 10), openRows))).toEqual([
      ['d', 'e'],
      ['c', 'b'],
    ]);
    expect(ids(placeRow(data, row('e', 4), openRows))).toEqual([['d'], ['c', 'e', 'b']]);
    expect(ids(placeRow(data, row('d', 1), openRows))).toEqual([['e'], ['c', 'b']]);
  });
});
