import { useSyncExternalStore } from 'react';
import { readJson, writeJson } from '../../../lib/storage.ts';

/** localStorage key of the staff member's choice: a sound for new emergency requests (off unless turned on). */
const SOUND_KEY = 'emergencySound';

const listeners = new Set<() => void>();

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  // Another tab of the same browser turned it on or off.
  const onStorage = (e: StorageEvent) => e.key === SOUND_KEY && onChange();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

const read = () => readJson<boolean>(SOUND_KEY) === true;

/** Whether a new request plays a sound, and the switch; kept in localStorage, so it lasts across visits. */
export function useSoundSetting(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, read, () => false);
  const set = (value: boolean) => {
    writeJson(SOUND_KEY, value ? true : null);
    for (const l of listeners) l();
  };
  return [on, set];
}

let context: AudioContext | undefined;

/**
 * Two short tones made on the spot with the Web Audio API (nothing to download). Browsers let a page make sound
 * only after the person has interacted with it; the caller checks that first.
 */
export function playAlertSound(): void {
  const Ctx = window.AudioContext;
  if (!Ctx) return;
  context ??= new Ctx();
  const ctx = context;
  void ctx.resume();
  const start = ctx.currentTime;
  for (const [at, freq] of [
    [0, 880],
    [0.25, 660],
  ] as const) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, start + at);
    gain.gain.exponentialRampToValueAtTime(0.3, start + at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + at + 0.2);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start + at);
    osc.stop(start + at + 0.22);
  }
}
