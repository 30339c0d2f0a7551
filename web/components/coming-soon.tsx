import { PageShell } from './page-shell';

/** A clear placeholder for a screen whose feature has not landed yet. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <PageShell title={title} width="normal">
      <div className="rounded-xl bg-white p-8 text-ink shadow-sm ring-1 ring-black/5">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Coming soon</p>
        <p className="mt-2 text-lg">{description}</p>
      </div>
    </PageShell>
  );
}
