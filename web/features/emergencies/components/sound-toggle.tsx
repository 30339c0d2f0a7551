import { useId } from 'react';
import { playAlertSound, useSoundSetting } from '../lib/sound.ts';

/** The staff member's switch for a sound on each new request; off until turned on, remembered in this browser. */
export function SoundToggle() {
  const [on, setOn] = useSoundSetting();
  const hintId = useId();
  return (
    <div className="flex items-start gap-3 rounded-lg bg-white p-4 text-ink shadow-sm ring-1 ring-black/5">
      <input
        id={`${hintId}-input`}
        type="checkbox"
        role="switch"
        checked={on}
        aria-describedby={hintId}
        onChange={(e) => {
          setOn(e.target.checked);
          // A sample, so the staff member knows what to listen for (the click counts as using the page).
          if (e.target.checked) playAlertSound();
        }}
        className="mt-1 h-5 w-5 accent-brand-700"
      />
      <div>
        <label htmlFor={`${hintId}-input`} className="font-semibold">
          Sound for new requests
        </label>
        <p id={hintId} className="text-sm text-ink-muted">
          Plays a short tone on every staff page when a customer raises an emergency. Saved in this browser.
        </p>
      </div>
    </div>
  );
}
