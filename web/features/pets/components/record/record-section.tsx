import { useId, type ReactNode } from 'react';

/** One part of the pet's medical record on its page: a heading, a line of what it is, its actions and its content. */
export function RecordSection({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mt-8 rounded-xl bg-white p-4 text-ink shadow-sm ring-1 ring-black/5 sm:p-6"
    >
      <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-xl font-bold">
            {title}
          </h2>
          {intro && <p className="mt-1 text-sm text-ink-muted">{intro}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}
