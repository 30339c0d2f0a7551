import type { SocketStatus } from '../../../lib/socket.ts';

const LOOK: Record<SocketStatus, { label: string; dot: string }> = {
  connected: { label: 'Online', dot: 'bg-green-600' },
  connecting: { label: 'Connecting…', dot: 'bg-amber-500 animate-pulse' },
  idle: { label: 'Connecting…', dot: 'bg-amber-500 animate-pulse' },
  failed: { label: 'Offline', dot: 'bg-red-600' },
};

/** The chat's connection state (spec: Connecting, then Online; back to Connecting on a drop). */
export function ConnectionBadge({ status, onRetry }: { status: SocketStatus; onRetry?: () => void }) {
  const look = LOOK[status];
  return (
    <span className="inline-flex items-center gap-2 text-sm">
      <span role="status" className="inline-flex items-center gap-1.5">
        <span className={`h-2.5 w-2.5 rounded-full ${look.dot}`} aria-hidden="true" />
        {look.label}
      </span>
      {status === 'failed' && onRetry && (
        // No colour of its own: it draws in the text colour of whatever it sits on (white on the chat box's header, the
        // theme's readable text colour on a page), which is chosen for contrast there.
        <button
          type="button"
          onClick={onRetry}
          className="rounded px-1 py-0.5 text-sm font-semibold underline underline-offset-2 hover:decoration-2"
        >
          Retry
        </button>
      )}
    </span>
  );
}
