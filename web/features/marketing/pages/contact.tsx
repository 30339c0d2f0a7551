import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { TextAreaField, TextField } from '../../../components/field.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { ReadyFieldset } from '../../../components/ready-fieldset.tsx';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import type { Variant } from '../content.ts';

/** Builds the mailto: link with the visitor's message as subject and body. Nothing goes to our server. */
function contactMailto(to: string, v: { name: string; email: string; message: string }): string {
  const subject = `Message from ${v.name} via the Pawcare website`;
  const body = `${v.message}\n\n--\n${v.name}\n${v.email}`;
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

const FALLBACK_EMAIL = 'clinic@pawcare.local';

/** /contact and /contactcustomers: a form that opens the visitor's mail app with the message prefilled. */
export default function ContactPage({ variant = 'public' }: { variant?: Variant }) {
  const config = usePublicConfig();
  // The prerendered page has no details: while it hydrates, neither has this render, even when the footer has
  // already fetched them (React refuses a page whose first render differs from its HTML).
  const hydrated = useHydrated();
  const clinic = hydrated ? config.data?.clinic : undefined;
  const [mailto, setMailto] = useState<string | null>(null);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const field = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    const link = contactMailto(clinic?.email ?? FALLBACK_EMAIL, {
      name: field('name'),
      email: field('email'),
      message: field('message'),
    });
    setMailto(link);
    window.location.href = link;
  };

  return (
    <PageShell
      title="Contact us"
      intro={
        variant === 'customer'
          ? 'Questions about a booking or an order? Write to us, or use the chat for a quick answer.'
          : 'Questions, feedback or a special request? Write to us and we will answer within one working day.'
      }
    >
      <div className="grid gap-6 lg:grid-cols-3">
        <form
          onSubmit={onSubmit}
          className="space-y-4 rounded-xl bg-white p-6 text-ink shadow-sm ring-1 ring-black/5 lg:col-span-2"
          aria-label="Contact form"
        >
          <ReadyFieldset className="space-y-4">
            <TextField label="Your name" name="name" autoComplete="name" required />
            <TextField label="Your email" name="email" type="email" autoComplete="email" required />
            <TextAreaField label="Message" name="message" required rows={6} />
            <p className="text-sm text-ink-muted">
              Sending opens your mail app with the message ready to go. Nothing is stored on our website.
            </p>
            <Button type="submit">Send message</Button>
          </ReadyFieldset>
          {mailto && (
            <p role="status" className="rounded-md bg-brand-50 p-3 text-sm text-brand-900">
              Your mail app should open now. If it did not,{' '}
              <a href={mailto} className="font-semibold underline">
                open the prepared email
              </a>{' '}
              or write to {clinic?.email ?? FALLBACK_EMAIL}.
            </p>
          )}
        </form>
        <aside
          aria-labelledby="visit-heading"
          className="rounded-xl bg-white p-6 text-ink shadow-sm ring-1 ring-black/5"
        >
          <h2 id="visit-heading" className="text-lg font-semibold">
            Visit or call
          </h2>
          {!hydrated || config.isPending ? (
            <p className="mt-3 text-ink-muted">Loading our contact details…</p>
          ) : (
            <dl className="mt-3 space-y-3">
              <div>
                <dt className="text-sm text-ink-muted">Clinic</dt>
                <dd className="font-medium">{clinic?.name ?? 'Pawcare Pet Clinic'}</dd>
              </div>
              {clinic?.address && (
                <div>
                  <dt className="text-sm text-ink-muted">Address</dt>
                  <dd>{clinic.address}</dd>
                </div>
              )}
              {clinic?.phone && (
                <div>
                  <dt className="text-sm text-ink-muted">Phone</dt>
                  <dd>
                    <a className="underline" href={`tel:${clinic.phone}`}>
                      {clinic.phone}
                    </a>
                  </dd>
                </div>
              )}
              <div>
                <dt className="text-sm text-ink-muted">Email</dt>
                <dd>
                  <a className="underline" href={`mailto:${clinic?.email ?? FALLBACK_EMAIL}`}>
                    {clinic?.email ?? FALLBACK_EMAIL}
                  </a>
                </dd>
              </div>
              {clinic?.hours && (
                <div>
                  <dt className="text-sm text-ink-muted">Opening hours</dt>
                  <dd>{clinic.hours}</dd>
                </div>
              )}
            </dl>
          )}
        </aside>
      </div>
    </PageShell>
  );
}
