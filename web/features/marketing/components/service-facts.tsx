import type { Service } from '#shared/offerings';
import { customerPrice, formatDuration, useOfferings } from '../../../lib/offerings.ts';
import { SERVICES, type ServiceCard } from '../content.ts';

/** Each card of the public pages with the live service of its kind, and the services no card describes. */
export interface LiveOfferings {
  /** The list has arrived (after hydration; never in the prerendered page). */
  loaded: boolean;
  cards: { card: ServiceCard; service: Service | undefined }[];
  /** Active services beyond the first of each kind (added by the clinic's admins). */
  others: Service[];
}

/**
 * The public pages' cards joined to GET /api/services by `kind`. The prerendered page and the first render in the
 * browser have no data (no fetch runs at build time), so both show the same copy; the live facts follow.
 */
export function useLiveOfferings(): LiveOfferings {
  const query = useOfferings();
  const services = query.data ?? [];
  const cards = SERVICES.map((card) => ({ card, service: services.find((s) => s.kind === card.kind) }));
  const shown = new Set(cards.map((c) => c.service?.id));
  return { loaded: query.isSuccess, cards, others: services.filter((s) => !shown.has(s.id)) };
}

/**
 * A service's live duration and starting price ("1 hr · from ₹800.00"). The line keeps its height while the list
 * loads, so the card does not jump when the facts arrive.
 */
export function ServiceFacts({ service, className = '' }: { service: Service | undefined; className?: string }) {
  const facts = service
    ? [service.bookable ? formatDuration(service.durationMinutes) : null, customerPrice(service.price)].filter(Boolean)
    : [];
  return <p className={`min-h-6 font-semibold text-brand-800 ${className}`}>{facts.join(' · ')}</p>;
}
