import { useEffect, useState } from 'react';
import { Button } from './button.tsx';
import { useSocketStatus } from '../lib/socket.ts';

/**
 * Says so while live updates are away (after the page was live once): the page may then be behind until the
 * connection is back, which loads it again. Offers Reconnect once the automatic attempts have given up.
 * `what` names the page's data ("this order"); `subject` starts the reconnecting sentence, `what` capitalised unless
 * given.
 */
export function ConnectionNotice({ what = 'this page', subject }: { what?: string; subject?: string }) {
  const { status, reconnect } = useSocketStatus();
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (status === 'connected') setSeen(true);
  }, [status]);
  if (status === 'failed')
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-300">
        <p role="status" className="font-medium">
          Live updates are off: {what} may be out of date.
        </p>
        <Button size="sm" variant="secondary" onClick={reconnect}>
          Reconnect
        </Button>
      </div>
    );
  if (status === 'connecting' && seen)
    return (
      <p role="status" className="rounded-lg bg-amber-50 p-3 font-medium text-amber-950 ring-1 ring-amber-300">
        Reconnecting… {subject ?? what.charAt(0).toUpperCase() + what.slice(1)} catches up once the connection is back.
      </p>
    );
  return null;
}
