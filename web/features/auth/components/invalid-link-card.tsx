import type { ReactNode } from 'react';
import { ACCOUNT_MSG } from '#shared/accounts';
import { AuthCard } from './auth-card.tsx';
import { Outcome } from './outcome.tsx';

/**
 * The page of an e-mailed link the server refused (used, expired, unknown) or that came without its token: what the
 * link is for, the spec's message, which takes the focus, and how to get a new one.
 */
export function InvalidLinkCard({
  title = 'This link does not work',
  subtitle,
  footer,
  children,
}: {
  title?: string;
  /** How long and how often this kind of link works. */
  subtitle: string;
  footer?: ReactNode;
  /** How to get a new link. */
  children: ReactNode;
}) {
  return (
    <AuthCard title={title} subtitle={subtitle} footer={footer}>
      <Outcome role="alert" message={ACCOUNT_MSG.tokenInvalid}>
        {children}
      </Outcome>
    </AuthCard>
  );
}
