import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { readView, writeFilters, writeView, type CatalogueFilters, type CatalogueSort } from '../lib/filters.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';

/**
 * The catalogue's view (filters, order, page), kept in the URL. The URL decides what is asked for. The filter
 * controls follow every keystroke; the URL follows once input settles, and a new filter starts again from page 1.
 * Whatever came with the page (the product an ad pointed at) stays when the view is written to the URL.
 */
export function useCatalogueView() {
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const routeState: unknown = location.state;

  const view = useMemo(() => readView(searchParams), [searchParams]);
  const [draft, setDraft] = useState<CatalogueFilters>(view.filters);
  const lastWritten = useRef(writeFilters(view.filters).toString());
  useEffect(() => {
    // Back/forward or a pasted link changed the URL: show those filters.
    const fromUrl = writeFilters(view.filters).toString();
    if (fromUrl !== lastWritten.current) {
      lastWritten.current = fromUrl;
      setDraft(view.filters);
    }
  }, [view.filters]);
  const settled = useDebouncedValue(draft, 250);
  useEffect(() => {
    const next = writeFilters(settled).toString();
    if (next === lastWritten.current) return;
    lastWritten.current = next;
    setSearchParams((prev) => writeView({ ...readView(prev), filters: settled, page: 1 }), {
      replace: true,
      state: routeState,
    });
  }, [settled, setSearchParams, routeState]);

  const changeSort = (sort: CatalogueSort) => {
    // The filters on screen go with the new order, even when they have not reached the URL yet.
    lastWritten.current = writeFilters(draft).toString();
    setSearchParams(writeView({ filters: draft, sort, page: 1 }), { state: routeState });
  };
  const pageHref = (page: number) => {
    const qs = writeView({ ...view, page }).toString();
    return qs ? `${location.pathname}?${qs}` : location.pathname;
  };

  return { view, draft, setDraft, changeSort, pageHref, routeState };
}
