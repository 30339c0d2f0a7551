import type { Emergency } from '#shared/emergencies';

/** How many resolved requests the server lists below the open ones. */
const RESOLVED_SHOWN = 20;

const byId = (a: Emergency, b: Emergency) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The staff queue's order, as the server sorts it: unresolved first (untriaged, then triage 1-3, each oldest
 * first), then the resolved ones, most recently resolved first. Ties by id, so only a request equals itself.
 */
function queueOrder(a: Emergency, b: Emergency): number {
  const ra = a.status === 'resolved';
  const rb = b.status === 'resolved';
  if (ra !== rb) return ra ? 1 : -1;
  if (ra) return Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || byId(a, b);
  return (a.triageLevel ?? 0) - (b.triageLevel ?? 0) || Date.parse(a.createdAt) - Date.parse(b.createdAt) || byId(a, b);
}

/** The queue with `e` in its place: replaced or inserted, the order kept, the resolved tail as long as the server's. */
export function placeInQueue(list: Emergency[], e: Emergency): Emergency[] {
  const rest = list.filter((x) => x.id !== e.id);
  const at = rest.findIndex((x) => queueOrder(e, x) < 0);
  const next = at < 0 ? [...rest, e] : [...rest.slice(0, at), e, ...rest.slice(at)];
  let resolved = 0;
  return next.filter((x) => x.status !== 'resolved' || ++resolved <= RESOLVED_SHOWN);
}

/** A customer's requests with `e` replaced in place, or added on top (the newest). */
export function placeMine(list: Emergency[], e: Emergency): Emergency[] {
  return list.some((x) => x.id === e.id) ? list.map((x) => (x.id === e.id ? e : x)) : [e, ...list];
}

/** What the customer reads about their request. */
export function customerStatus(e: Emergency): string {
  switch (e.status) {
    case 'open':
      return 'Waiting for a vet';
    case 'acknowledged':
      return 'A vet has seen your request';
    case 'assigned':
      return `Assigned to ${e.assignedToName ?? 'a vet'}`;
    case 'resolved':
      return 'Resolved';
  }
}

/** "just now", "3 min ago", "2 hr 5 min ago", "1 day ago": how long ago `iso` was at `now`. */
export function timeAgo(iso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} hr ${minutes % 60} min ago` : `${hours} hr ago`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}
