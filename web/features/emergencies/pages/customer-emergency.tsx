import { useEffect, useRef, useState } from 'react';
import type { Emergency } from '#shared/emergencies';
import { PageShell } from '../../../components/page-shell.tsx';
import { LoadingState } from '../../../components/states.tsx';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useSession } from '../../../lib/session.tsx';
import { useMyEmergencies } from '../api/get-emergencies.ts';
import { EmergencyForm } from '../components/emergency-form.tsx';
import { EmergencyStatus } from '../components/emergency-status.tsx';
import { telHref } from '../lib/links.ts';
import { useLiveMine } from '../lib/live.ts';

/** How long a resolved request stays on the page (with its outcome) before the page opens on the form again. */
const RESOLVED_SHOWN_MS = 24 * 60 * 60 * 1000;

/** The customer's latest request when it was resolved within the last day: its outcome is what they come back for. */
function recentlyResolved(list: Emergency[], dismissedId: string | null): Emergency | undefined {
  const latest = list.reduce<Emergency | undefined>(
    (a, e) => (!a || Date.parse(e.createdAt) > Date.parse(a.createdAt) ? e : a),
    undefined,
  );
  if (!latest || latest.status !== 'resolved' || latest.id === dismissedId) return undefined;
  return Date.now() - Date.parse(latest.updatedAt) < RESOLVED_SHOWN_MS ? latest : undefined;
}

/**
 * /customer/emergency: a customer asks for emergency care, at any hour. While a request of theirs is unresolved
 * the page shows how it stands instead of the form, live; after sending, focus moves to that status.
 */
export default function CustomerEmergencyPage() {
  const { user } = useSession();
  const mine = useMyEmergencies();
  useLiveMine();
  const clinicPhone = usePublicConfig().data?.clinic.phone;
  // The request this visit is about (raised here, or shown after a refusal), kept on screen once resolved.
  const [shownId, setShownId] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [focusStatus, setFocusStatus] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const list = mine.data ?? [];
  // "Ask for help again" puts the form back even while a request resolved a moment ago would still be shown.
  const [dismissedId, setDismissedId] = useState<string | null>(null);
  const current =
    list.find((e) => e.id === shownId) ??
    list.find((e) => e.status !== 'resolved') ??
    recentlyResolved(list, dismissedId);

  useEffect(() => {
    if (!focusStatus || !current) return;
    heading.current?.focus();
    setFocusStatus(false);
  }, [focusStatus, current]);

  if (!user) return null;
  return (
    <PageShell
      title="Emergency pet care"
      width="narrow"
      intro={
        <p>
          Open round the clock. Tell us what happened and a vet calls you back.
          {clinicPhone && (
            <>
              {' '}
              If your pet is in danger right now, call us on{' '}
              <a href={telHref(clinicPhone)} className="font-bold underline underline-offset-2">
                {clinicPhone}
              </a>
              .
            </>
          )}
        </p>
      }
    >
      <div className="space-y-4">
        {notice && (
          <p
            role="alert"
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950"
          >
            {notice}
          </p>
        )}
        {current ? (
          <EmergencyStatus
            emergency={current}
            clinicPhone={clinicPhone}
            headingRef={heading}
            onNew={() => {
              setShownId(null);
              setDismissedId(current.id);
              setNotice(null);
            }}
          />
        ) : mine.isPending ? (
          <LoadingState label="Loading…" />
        ) : (
          // Should the list fail to load, the form still works: the server refuses a second open request.
          <EmergencyForm
            user={user}
            onRaised={(e) => {
              setShownId(e.id);
              setNotice(null);
              setFocusStatus(true);
            }}
            onAlreadyOpen={(message) => {
              setNotice(message);
              setFocusStatus(true);
              void mine.refetch();
            }}
          />
        )}
      </div>
    </PageShell>
  );
}
