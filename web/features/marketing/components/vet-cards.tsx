import type { Provider } from '#shared/providers';
import { LinkButton } from '../../../components/button.tsx';
import { providersOf, useProviders } from '../../../lib/providers.ts';
import { bookingPath, VETS, type Variant } from '../content.ts';
import { VetPortrait } from './illustrations.tsx';

/** Where "Book with ..." leads: a customer's booking form with that provider and their first service chosen. */
const providerBookingPath = (variant: Variant, p: Provider) =>
  variant === 'customer'
    ? `/slots?providerId=${encodeURIComponent(p.id)}${p.serviceIds[0] ? `&serviceId=${encodeURIComponent(p.serviceIds[0])}` : ''}`
    : bookingPath(variant);

const cardClass =
  'flex flex-col items-center rounded-xl bg-white p-6 text-center text-ink shadow-sm ring-1 ring-black/5';

/**
 * "Meet our vets": the clinic's providers (GET /api/providers) once loaded, each with a way to book them. The
 * prerendered page, the first render and a clinic without providers show the landing page's own three cards.
 */
export function VetCards({ variant }: { variant: Variant }) {
  const query = useProviders();
  const providers = query.data ?? [];
  if (providers.length === 0) {
    return (
      <ul className="mt-6 grid gap-6 md:grid-cols-3">
        {VETS.map((vet) => (
          <li key={vet.name} className={cardClass}>
            <VetPortrait {...vet.portrait} title={`Portrait of ${vet.name}`} />
            <h3 className="mt-4 text-lg font-semibold">{vet.name}</h3>
            <p className="text-sm font-medium text-brand-800">{vet.role}</p>
            <p className="mt-3 text-ink-muted">{vet.about}</p>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="mt-6 grid gap-6 md:grid-cols-3">
      {providers.map((p, i) => (
        <li key={p.id} className={cardClass}>
          {p.photoUrl ? (
            <img
              src={p.photoUrl}
              alt={`Portrait of ${p.displayName}`}
              className="h-24 w-24 rounded-full object-cover"
            />
          ) : (
            <VetPortrait {...VETS[i % VETS.length]!.portrait} title={`Portrait of ${p.displayName}`} />
          )}
          <h3 className="mt-4 text-lg font-semibold">{p.displayName}</h3>
          {p.qualifications && <p className="text-sm font-medium text-brand-800">{p.qualifications}</p>}
          {p.bio && <p className="mt-3 text-ink-muted">{p.bio}</p>}
          {p.languages.length > 0 && <p className="mt-2 text-sm">Speaks {p.languages.join(', ')}</p>}
          <LinkButton to={providerBookingPath(variant, p)} variant="secondary" size="sm" className="mt-4">
            Book with {p.displayName}
          </LinkButton>
        </li>
      ))}
    </ul>
  );
}

/** A service card's line naming who does it ("With Dr. A and Dr. B"), once the providers are loaded. */
export function ServiceProviders({ serviceId }: { serviceId: string | undefined }) {
  const query = useProviders();
  const names = providersOf(query.data, serviceId).map((p) => p.displayName);
  if (names.length === 0) return null;
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return <p className="mt-1 text-sm font-medium">With {list}</p>;
}
