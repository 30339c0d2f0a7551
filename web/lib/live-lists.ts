import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';

/** One page of a list endpoint, as `page` (api-client.ts) returns it. */
interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** How one cached list treats a row: whether the row belongs in it, and the list's order (as the server sorts). */
export interface ListRule<T> {
  includes: (row: T) => boolean;
  /** Negative when `a` comes first. Ties are broken by id, as the server does, so only a row equals itself. */
  compare: (a: T, b: T) => number;
}

/**
 * Options of a query that socket events keep current (a list, a count): it is loaded again whenever the tab comes
 * back, since a tab the browser put to sleep may have missed events. A reconnect and the server's resync refetch it
 * too (see SocketProvider); nothing else does.
 */
export const LIVE_QUERY = { refetchOnWindowFocus: 'always' } as const;

/** Newest first by createdAt, then by id, descending: the order of the server's lists of bookings and orders. */
export function newestFirst<T extends { id: string; createdAt: string }>(a: T, b: T): number {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

type Paged<T> = InfiniteData<Page<T>, unknown>;

/**
 * The pages with `row` where the list's rule puts it: replaced where it is while its place holds, else moved or
 * inserted at its sorted place, or removed when it no longer belongs. A row that sorts after everything loaded while
 * the server has more pages is left out: it comes with a later page. Returns `data` itself when nothing changes.
 */
export function placeRow<T extends { id: string }>(data: Paged<T>, row: T, rule: ListRule<T>): Paged<T> {
  const flat = data.pages.flatMap((p, page) => p.items.map((item, index) => ({ item, page, index })));
  const at = flat.findIndex((e) => e.item.id === row.id);
  const old = at >= 0 ? flat[at]! : undefined;
  const belongs = rule.includes(row);
  if (!old && !belongs) return data;
  const more = data.pages.at(-1)?.nextCursor != null;

  const pages = data.pages.map((p) => ({ ...p, items: [...p.items] }));
  if (old && belongs) {
    const prev = flat[at - 1]?.item;
    const next = flat[at + 1]?.item;
    const fits =
      (!prev || rule.compare(prev, row) < 0) &&
      (next ? rule.compare(row, next) < 0 : !more || rule.compare(row, old.item) <= 0);
    if (fits) {
      pages[old.page]!.items[old.index] = row;
      return { ...data, pages };
    }
  }
  if (old) pages[old.page]!.items.splice(old.index, 1);
  const before = belongs && flat.find((e) => e.item.id !== row.id && rule.compare(row, e.item) < 0);
  if (before) {
    const shift = old && old.page === before.page && old.index < before.index ? 1 : 0;
    pages[before.page]!.items.splice(before.index - shift, 0, row);
  } else if (belongs && !more && pages.length) pages.at(-1)!.items.push(row);
  else if (!old) return data;
  return { ...data, pages };
}

/**
 * Puts `row` in every cached paged list under `queryKey` (see placeRow), without a request. `ruleFor` gives each
 * list's rule from its key, or null to leave that list alone.
 */
export function applyRow<T extends { id: string }>(
  client: QueryClient,
  queryKey: QueryKey,
  row: T,
  ruleFor: (key: QueryKey) => ListRule<T> | null,
): void {
  for (const [key, data] of client.getQueriesData<Paged<T>>({ queryKey })) {
    const rule = data?.pages ? ruleFor(key) : null;
    if (!data || !rule) continue;
    const next = placeRow(data, row, rule);
    if (next !== data) client.setQueryData(key, next);
  }
}
