import { LinkButton } from '../../../components/button.tsx';
import { StarIcon } from '../../../components/icons.tsx';
import { useDocumentTitle } from '../../../components/page-shell.tsx';
import { useSession } from '../../../lib/session.tsx';
import { PickupIllustration, ServiceIllustration } from '../components/illustrations.tsx';
import { VetCards } from '../components/vet-cards.tsx';
import { ServiceFacts, useLiveOfferings } from '../components/service-facts.tsx';
import { TESTIMONIALS, ridePath, type Variant } from '../content.ts';

/** The way to emergency care, in sight on the first screen: a customer's page, or the login that leads to it. */
function EmergencyEntry() {
  return (
    <p className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-red-200 bg-red-50 p-3 text-red-950">
      <span className="font-semibold">Pet in danger? We answer day and night.</span>
      <LinkButton to="/customer/emergency" variant="danger" size="sm">
        Get emergency care
      </LinkButton>
    </p>
  );
}

/** Landing page (/ and /home) and the customer's home (/homeusers). */
export default function HomePage({ variant = 'public' }: { variant?: Variant }) {
  useDocumentTitle(variant === 'customer' ? 'Home' : 'Pet pickup, vet visits and training');
  const { user } = useSession();
  const firstName = user?.name.split(' ')[0];
  const live = useLiveOfferings();
  const servicesPath = variant === 'customer' ? '/servicescustomers' : '/services';

  return (
    <>
      <section className="themed mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:py-20">
        <div>
          {variant === 'customer' && firstName && (
            <p className="mb-3 text-lg font-semibold">Welcome back, {firstName}!</p>
          )}
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Reliable Pet Pickup Services</h1>
          <p className="mt-5 max-w-xl text-lg">
            We collect your pet from your door, bring them to our clinic for checkups, training or urgent care, and
            drive them home again. You follow every step from your phone.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <LinkButton to={ridePath(variant)} size="lg">
              Book a Ride
            </LinkButton>
            <LinkButton to={servicesPath} size="lg" variant="secondary">
              See our services
            </LinkButton>
          </div>
          <EmergencyEntry />
        </div>
        <PickupIllustration className="mx-auto w-full max-w-md drop-shadow-sm" />
      </section>

      <section aria-labelledby="services-heading" className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <h2 id="services-heading" className="themed text-2xl font-bold sm:text-3xl">
          What we do
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {live.cards.map(({ card, service }) => (
            <li
              key={card.title}
              className="flex flex-col rounded-xl bg-white p-6 text-ink shadow-sm ring-1 ring-black/5"
            >
              <ServiceIllustration kind={card.kind} />
              <h3 className="mt-4 text-lg font-semibold">{card.title}</h3>
              <ServiceFacts service={service} className="mt-1 text-sm" />
              <p className="mt-2 text-ink-muted">{card.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-6">
          <LinkButton to={servicesPath} variant="secondary">
            All services and prices
          </LinkButton>
        </p>
      </section>

      <section aria-labelledby="vets-heading" className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <h2 id="vets-heading" className="themed text-2xl font-bold sm:text-3xl">
          Meet our vets
        </h2>
        <VetCards variant={variant} />
      </section>

      <section aria-labelledby="testimonials-heading" className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <h2 id="testimonials-heading" className="themed text-2xl font-bold sm:text-3xl">
          What pet parents say
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.who} className="rounded-xl bg-white p-6 text-ink shadow-sm ring-1 ring-black/5">
              <figure>
                <div className="flex gap-0.5 text-amber-600" role="img" aria-label="Rated 5 out of 5">
                  {[0, 1, 2, 3, 4].map((i) => (
                    <StarIcon key={i} className="h-5 w-5" />
                  ))}
                </div>
                <blockquote className="mt-3">“{t.quote}”</blockquote>
                <figcaption className="mt-4 font-semibold">{t.who}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
