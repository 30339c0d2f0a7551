import { useState } from 'react';

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [words[0]?.[0], words[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}

/** The user's generated avatar (served by our own server); falls back to initials if the image fails. */
export function Avatar({ name, src, size = 96 }: { name: string; src?: string | null; size?: number }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span
        role="img"
        aria-label={`Avatar of ${name}`}
        className="inline-flex items-center justify-center rounded-full bg-brand-700 font-semibold text-white"
        style={{ width: size, height: size, fontSize: size * 0.4 }}
      >
        {initials(name)}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={`Avatar of ${name}`}
      width={size}
      height={size}
      className="rounded-full"
      onError={() => setFailed(true)}
    />
  );
}
