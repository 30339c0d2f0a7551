import { Fragment } from 'react';

/** The address cut before each '@' and '.', the only places a line may break ('meera' '@example' '.com'). */
function emailParts(email: string): string[] {
  return email.split(/(?=[@.])/);
}

/**
 * An e-mail address that wraps only before its '@' or a dot, never inside a name: each part keeps its letters (and
 * hyphens) on one line. A part wider than its box is cut short with an ellipsis, and the whole address stays in the
 * text and in the tooltip.
 */
export function EmailAddress({ email, className = '' }: { email: string; className?: string }) {
  return (
    <span title={email} className={`block max-w-full overflow-hidden text-ellipsis ${className}`}>
      {emailParts(email).map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          <span className="whitespace-nowrap">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
