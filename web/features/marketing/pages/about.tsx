import { LinkButton } from '../../../components/button.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import type { Variant } from '../content.ts';

const FACTS = [
  { value: '9,000+', label: 'pets cared for' },
  { value: '24/7', label: 'emergency line' },
  { value: '15', label: 'vets, trainers and drivers' },
];

const VALUES = [
  {
    title: 'Door to door',
    text: 'Busy day, no car, or a pet that hates travelling? Our climate-controlled van picks them up and brings them back.',
  },
  {
    title: 'Honest advice',
    text: 'We explain what your pet needs and what it costs before we start, and never sell treatments they do not need.',
  },
  {
    title: 'Kind handling',
    text: 'Low-stress handling, quiet waiting rooms for cats and dogs, and treats for everyone who is brave.',
  },
];

/** /about and /aboutcustomers. */
export default function AboutPage({ variant = 'public' }: { variant?: Variant }) {
  return (
    <PageShell
      title="About Pawcare"
      intro="Pawcare started as a two-room clinic with one van. Today we are a full pet clinic, training school and pet shop, still run by people who go home to pets of their own."
    >
      <dl className="grid gap-4 sm:grid-cols-3">
        {FACTS.map((f) => (
          <div
            key={f.label}
            className="flex flex-col rounded-xl bg-white p-6 text-center text-ink shadow-sm ring-1 ring-black/5"
          >
            <dt className="text-ink-muted">{f.label}</dt>
            <dd className="order-first text-3xl font-extrabold text-brand-800">{f.value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="themed mt-12 text-2xl font-bold">What we stand for</h2>
      <ul className="mt-6 grid gap-6 md:grid-cols-3">
        {VALUES.map((v) => (
          <li key={v.title} className="rounded-xl bg-white p-6 text-ink shadow-sm ring-1 ring-black/5">
            <h3 className="text-lg font-semibold">{v.title}</h3>
            <p className="mt-2 text-ink-muted">{v.text}</p>
          </li>
        ))}
      </ul>
      <div className="mt-12 flex flex-wrap gap-3">
        <LinkButton to={variant === 'customer' ? '/contactcustomers' : '/contact'}>Contact us</LinkButton>
        <LinkButton to={variant === 'customer' ? '/slots' : '/register'} variant="secondary">
          {variant === 'customer' ? 'Book a slot' : 'Create an account'}
        </LinkButton>
      </div>
    </PageShell>
  );
}
