import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, isFiltered, readFilters, toApiQuery, writeFilters } from './filters.ts';

describe('catalogue filters in the URL', () => {
  it('round-trips every filter and leaves defaults out of the address', () => {
    const f = { category: 'Toys', maxPrice: 1200, minRating: 4, q: 'bone' } as const;
    const qs = writeFilters(f).toString();
    expect(qs).toBe('category=Toys&maxPrice=1200&minRating=4&q=bone');
    expect(readFilters(new URLSearchParams(qs))).toEqual(f);
    expect(writeFilters(DEFAULT_FILTERS).toString()).toBe('');
    expect(isFiltered(DEFAULT_FILTERS)).toBe(false);
  });

  it('falls back to defaults for hand-edited or stale links', () => {
    expect(readFilters(new URLSearchParams('category=Cars&maxPrice=abc&minRating=5&q='))).toEqual(DEFAULT_FILTERS);
    expect(readFilters(new URLSearchParams('maxPrice=99999')).maxPrice).toBe(5000);
    expect(readFilters(new URLSearchParams('maxPrice=10')).maxPrice).toBe(100);
  });

  it('sends only the filters in use to the API', () => {
    expect(toApiQuery(DEFAULT_FILTERS)).toEqual({
      category: undefined,
      maxPrice: undefined,
      minRating: undefined,
      q: undefined,
    });
    expect(toApiQuery({ category: 'Care', maxPrice: 300, minRating: 3, q: ' shampoo ' })).toEqual({
      category: 'Care',
      maxPrice: 300,
      minRating: 3,
      q: 'shampoo',
    });
  });
});
