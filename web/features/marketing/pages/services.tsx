import { LinkButton } from '../../../components/button.tsx';
import { CheckIcon } from '../../../components/icons.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { ServiceIllustration } from '../components/illustrations.tsx';
import { SERVICES, bookingPath, type Variant } from '../content.ts';

/** /services and /servicescustomers: the three services. */
export default function ServicesPage({ variant = 'public' }: { variant?: Variant }) {
  return (
    <PageShell
      title="Our services"
      intro="Everything your pet needs, from a yearly checkup to a midnight emergency. Our van can pick your pet up for any of them."
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {SERVICES.map((s) => (
          <li key={s.title} className="flex flex-col rounded-xl bg-white p-6 text-ink shadow-sm ring-1 ring-black/5">
            <ServiceIllustration kind={s.kind} />
            <h2 className="mt-4 text-xl font-semibold">{s.title}</h2>
            <p className="mt-2 text-ink-muted">{s.text}</p>
            <ul className="mt-4 flex-1 space-y-2">
              {s.points.map((p) => (
                <li key={p} className="flex items-start gap-2">
                  <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
                  <span>{p}</span>
                </li>
              ))}
            </ul>
            {/* The name says which service; the visible words stay part of it (WCAG 2.5.3, label in name). */}
            <LinkButton to={bookingPath(variant)} className="mt-6">
              Book <span className="sr-only">{s.title} </span>now
            </LinkButton>
          </li>
        ))}
      </ul>
    </PageShell>
  );
}
