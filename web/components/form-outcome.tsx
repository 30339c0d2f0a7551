import { useEffect, useRef } from 'react';

export interface FormOutcomeProps {
  /** What the last submission came to; empty while there is nothing to say. */
  message: string;
  /** A refusal (an alert, in red) rather than a success (a status). */
  alert: boolean;
  /** Changes with each submission (e.g. the mutation's submittedAt), so a repeated message takes the focus again. */
  focusKey: unknown;
}

/** The result line of a form, above its button: it takes the focus whenever it has something to say. */
export function FormOutcome({ message, alert, focusKey }: FormOutcomeProps) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message, focusKey]);
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role={alert ? 'alert' : 'status'}
      className={`min-h-5 text-sm font-medium outline-none ${alert ? 'text-red-700' : 'text-brand-900'}`}
    >
      {message}
    </p>
  );
}
