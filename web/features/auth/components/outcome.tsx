import { useEffect, useRef, type ReactNode } from 'react';

const tone = {
  status: 'bg-brand-50 text-brand-900 ring-brand-200',
  alert: 'bg-red-50 text-red-900 ring-red-200',
};

/**
 * What came of a form or an e-mailed link: the message, which takes the focus when it appears (so it is read out
 * and Tab goes on from it), and what the person can do next.
 */
export function Outcome({
  role,
  message,
  children,
}: {
  role: 'status' | 'alert';
  message: string;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="space-y-4 outline-none">
      <p role={role} className={`rounded-md p-3 font-medium ring-1 ring-inset ${tone[role]}`}>
        {message}
      </p>
      {children}
    </div>
  );
}

/** A link in the auth cards' text. */
export const textLinkClass = 'font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900';
