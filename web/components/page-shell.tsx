import { createContext, useContext, useEffect, type ReactNode } from 'react';

/** Collects the page title while a page is prerendered at build time (no document there). */
export const TitleSink = createContext<{ title?: string } | null>(null);

const fullTitle = (title: string) => (title ? `${title} · Pawcare` : 'Pawcare');

/** Sets the tab title for a page ("Services · Pawcare"). */
export function useDocumentTitle(title: string): void {
  const sink = useContext(TitleSink);
  if (sink) sink.title = fullTitle(title);
  useEffect(() => {
    document.title = fullTitle(title);
  }, [title]);
}

export interface PageShellProps {
  title: string;
  /** One or two sentences under the heading. */
  intro?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  /** Content width: narrow for forms, wide for lists and dashboards. */
  width?: 'narrow' | 'normal' | 'wide';
  /** Hide the visible heading when the page draws its own hero (the h1 is still there for screen readers). */
  hideTitle?: boolean;
}

const widths = { narrow: 'max-w-xl', normal: 'max-w-4xl', wide: 'max-w-6xl' };

/** Every page's frame: one h1, an optional intro and actions, then the content. */
export function PageShell({ title, intro, actions, children, width = 'wide', hideTitle = false }: PageShellProps) {
  useDocumentTitle(title);
  return (
    <div className={`mx-auto w-full ${widths[width]} px-4 py-8 sm:px-6 lg:py-12`}>
      <div className={hideTitle ? 'sr-only' : 'mb-8 flex flex-wrap items-end justify-between gap-4'}>
        <div className="themed">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
          {intro && !hideTitle && <div className="mt-2 max-w-2xl text-lg">{intro}</div>}
        </div>
        {actions && !hideTitle && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  );
}

/** A white surface for content that sits on the theme colour. */
export function Card({
  children,
  className = '',
  as: Tag = 'div',
}: {
  children: ReactNode;
  className?: string;
  as?: 'div' | 'section' | 'article' | 'li';
}) {
  return (
    <Tag className={`rounded-xl bg-white p-6 text-ink shadow-sm ring-1 ring-black/5 ${className}`}>{children}</Tag>
  );
}
