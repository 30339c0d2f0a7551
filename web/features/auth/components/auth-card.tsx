import type { ReactNode } from 'react';
import { PawIcon } from '../../../components/icons.tsx';
import { useDocumentTitle } from '../../../components/page-shell.tsx';

/** The centred card that frames the login, registration and account-link pages. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-2xl bg-white p-6 text-ink shadow-md ring-1 ring-black/5 sm:p-8">
        <div className="mb-6 text-center">
          <PawIcon className="mx-auto h-10 w-10 text-brand-700" />
          <h1 className="mt-3 text-2xl font-bold">{title}</h1>
          <p className="mt-1 text-ink-muted">{subtitle}</p>
        </div>
        {children}
        {footer && <div className="mt-6 border-t border-gray-200 pt-4 text-center text-sm">{footer}</div>}
      </div>
    </div>
  );
}
