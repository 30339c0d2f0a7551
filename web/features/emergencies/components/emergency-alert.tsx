import { Link } from 'react-router';
import type { Emergency } from '#shared/emergencies';

/** A warning triangle; decorative. */
function AlertIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" className={className}>
      <path d="M12 3 2 21h20L12 3z" strokeLinejoin="round" />
      <path d="M12 10v5M12 18v.01" strokeLinecap="round" />
    </svg>
  );
}

const petsOf = (raised: Emergency[]) => raised.map((e) => e.petName).join(', ');

/**
 * The banner under the staff navbar when a request is raised: which pet, and a link to the queue. It stays until
 * the staff member dismisses it or follows the link. The pulse stops for people who ask for reduced motion.
 */
export function EmergencyAlert({
  raised,
  queuePath,
  onDismiss,
}: {
  raised: Emergency[];
  queuePath: string;
  onDismiss: () => void;
}) {
  return (
    // The live region is there from the start, so screen readers announce what appears in it.
    <div role="alert">
      {raised.length > 0 && (
        <div className="border-t-4 border-red-950 bg-red-700 text-white">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
            <AlertIcon className="h-7 w-7 shrink-0 motion-safe:animate-pulse" />
            <p className="flex-1 text-base font-semibold">
              {raised.length === 1 ? 'New emergency request' : `${raised.length} new emergency requests`}:{' '}
              <span className="font-bold">{petsOf(raised)}</span>
            </p>
            <div className="flex flex-wrap gap-2">
              <Link
                to={queuePath}
                onClick={onDismiss}
                className="rounded-md bg-white px-3 py-1.5 text-sm font-bold text-red-800 hover:bg-red-50"
              >
                Open the emergency queue
              </Link>
              <button
                type="button"
                onClick={onDismiss}
                className="rounded-md px-3 py-1.5 text-sm font-semibold text-white ring-1 ring-white/70 hover:bg-red-800"
              >
                Dismiss
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
