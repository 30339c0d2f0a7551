import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  isFiltered,
  readFilters,
  readView,
  toApiPageQuery,
  toApiQuery,
  writeFilters,
  writeView,
} from './filters.ts';

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

  it('keeps the order and the page beside the filters, leaving Featured and page 1 out of the address', () => {
    const view = readView(new URLSearchParams('category=Toys&sort=rating&page=3'));
    expect(view).toEqual({ filters: { ...DEFAULT_FILTERS, category: 'Toys' }, sort: 'rating', page: 3 });
    expect(writeView(view).toString()).toBe('category=Toys&sort=rating&page=3');
    expect(writeView({ filters: DEFAULT_FILTERS, sort: '', page: 1 }).toString()).toBe('');
    expect(toApiPageQuery(view)).toEqual({ ...toApiQuery(view.filters), sort: 'rating', page: 3, limit: 12 });
  });

  it('reads an unknown order as Featured and a bad page as page 1', () => {
    for (const qs of ['sort=cheapest&page=0', 'sort=&page=-2', 'page=1.5', 'page=abc', 'page=999999999'])
      expect(readView(new URLSearchParams(qs))).toMatchObject({ sort: '', page: 1 });
  });
});
