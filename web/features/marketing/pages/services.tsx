import { LinkButton } from '../../../components/button.tsx';
import { CheckIcon } from '../../../components/icons.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { ServiceIllustration } from '../components/illustrations.tsx';
import { ServiceFacts, useLiveOfferings } from '../components/service-facts.tsx';
import { ServiceProviders } from '../components/vet-cards.tsx';
import { bookingPath, EMERGENCY_PATH, serviceBookingPath, type Variant } from '../content.ts';

/**
 * /services and /servicescustomers: the clinic's services. The cards' copy is prerendered; the live price and
 * duration of each (GET /api/services, matched by kind) and any service the clinic has added follow once loaded.
 */
export default function ServicesPage({ variant = 'public' }: { variant?: Variant }) {
  const live = useLiveOfferings();
  return (
    <PageShell
      title="Our services"
      intro="Everything your pet needs, from a yearly checkup to a midnight emergency. Our van can pick your pet up for any of them."
    >
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {live.cards.map(({ card, service }) => {
          // Once the list is in, a kind the clinic has stopped offering says so instead of offering a booking.
          const unavailable = live.loaded && !service;
          return (
            <li
              key={card.title}
              className="flex flex-col rounded-xl bg-white p-6 text-ink shadow-sm ring-1 ring-black/5"
            >
              <ServiceIllustration kind={card.kind} />
              <h2 className="mt-4 text-xl font-semibold">{card.title}</h2>
              <ServiceFacts service={service} className="mt-1" />
              <ServiceProviders serviceId={service?.id} />
              <p className="mt-2 text-ink-muted">{card.text}</p>
              <ul className="mt-4 flex-1 space-y-2">
                {card.points.map((p) => (
                  <li key={p} className="flex items-start gap-2">
                    <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
                    <span>{p}</span>
                  </li>
                ))}
              </ul>
              {card.kind === 'emergency' ? (
                // Open round the clock: never "not taking bookings", and not booked on the calendar.
                <LinkButton to={EMERGENCY_PATH} variant="danger" className="mt-6">
                  Request emergency care
                </LinkButton>
              ) : unavailable ? (
                <p className="mt-6 rounded-md bg-gray-100 px-4 py-2 text-center text-sm font-medium">
                  Not taking bookings at the moment
                </p>
              ) : (
                // The name says which service; the visible words stay part of it (WCAG 2.5.3, label in name).
                <LinkButton to={serviceBookingPath(variant, service?.id)} className="mt-6">
                  Book <span className="sr-only">{card.title} </span>now
                </LinkButton>
              )}
            </li>
          );
        })}
      </ul>
      {live.others.length > 0 && (
        <section aria-labelledby="more-services" className="mt-12">
          <h2 id="more-services" className="themed text-2xl font-bold">
            More from the clinic
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {live.others.map((s) => (
              <li key={s.id} className="flex flex-col rounded-xl bg-white p-6 text-ink shadow-sm ring-1 ring-black/5">
                <h3 className="text-lg font-semibold">{s.name}</h3>
                <ServiceFacts service={s} className="mt-1" />
                {s.description && <p className="mt-2 flex-1 text-ink-muted">{s.description}</p>}
                <LinkButton
                  to={s.bookable ? serviceBookingPath(variant, s.id) : bookingPath(variant)}
                  className="mt-6"
                  variant="secondary"
                >
                  Book <span className="sr-only">{s.name} </span>now
                </LinkButton>
              </li>
            ))}
          </ul>
        </section>
      )}
    </PageShell>
  );
}
