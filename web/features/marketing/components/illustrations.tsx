// Our own drawings, inline so the landing page needs no image requests.

/** A pickup van with a dog looking out of the window. */
export function PickupIllustration({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 400 260" className={className} role="img" aria-labelledby="pickup-title">
      <title id="pickup-title">A Pawcare pickup van with a happy dog looking out of the window</title>
      <ellipse cx="200" cy="236" rx="170" ry="12" fill="#000" opacity="0.12" />
      <path
        d="M40 200V110c0-16 12-28 28-28h170l52 46 60 14c14 3 22 14 22 28v30c0 8-6 14-14 14H54c-8 0-14-6-14-14Z"
        fill="#0f766e"
      />
      <path d="M236 94h-54v46h104l-38-38c-3-5-7-8-12-8Z" fill="#ccfbf1" />
      <rect x="64" y="94" width="100" height="46" rx="8" fill="#ccfbf1" />
      <circle cx="230" cy="118" r="20" fill="#b45309" />
      <ellipse cx="216" cy="104" rx="7" ry="13" fill="#78350f" transform="rotate(-20 216 104)" />
      <ellipse cx="245" cy="104" rx="7" ry="13" fill="#78350f" transform="rotate(20 245 104)" />
      <circle cx="224" cy="116" r="2.6" fill="#111827" />
      <circle cx="237" cy="116" r="2.6" fill="#111827" />
      <ellipse cx="231" cy="125" rx="5" ry="3.6" fill="#111827" />
      <path d="M231 129c0 5 6 8 6 3" stroke="#be123c" strokeWidth="3" fill="none" strokeLinecap="round" />
      <rect x="40" y="160" width="340" height="10" fill="#115e59" />
      <g fill="#fff">
        <ellipse cx="92" cy="182" rx="4" ry="5.5" />
        <ellipse cx="100" cy="176" rx="4" ry="5.5" />
        <ellipse cx="109" cy="176" rx="4" ry="5.5" />
        <ellipse cx="117" cy="182" rx="4" ry="5.5" />
        <path d="M104 185c-6 0-12 8-12 13 0 3 3 6 6 6 3 0 4-2 6-2s3 2 6 2c3 0 6-3 6-6 0-5-6-13-12-13Z" />
      </g>
      <text x="132" y="200" fill="#fff" fontFamily="system-ui, sans-serif" fontSize="22" fontWeight="700">
        Pawcare
      </text>
      <circle cx="110" cy="214" r="24" fill="#111827" />
      <circle cx="110" cy="214" r="10" fill="#d1d5db" />
      <circle cx="310" cy="214" r="24" fill="#111827" />
      <circle cx="310" cy="214" r="10" fill="#d1d5db" />
      <rect x="360" y="170" width="20" height="10" rx="3" fill="#fde68a" />
    </svg>
  );
}

/** A friendly vet portrait; colours vary per card. */
export function VetPortrait({ skin, hair, coat, title }: { skin: string; hair: string; coat: string; title: string }) {
  return (
    <svg viewBox="0 0 120 120" className="h-24 w-24" role="img" aria-label={title}>
      <circle cx="60" cy="60" r="60" fill="#f0fdfa" />
      <path d="M20 120c4-26 20-38 40-38s36 12 40 38Z" fill={coat} />
      <path d="M48 86l12 18 12-18" fill="#ffffff" />
      <path d="M42 92c0 16 10 20 18 20" stroke="#374151" strokeWidth="3" fill="none" />
      <circle cx="60" cy="112" r="4" fill="#374151" />
      <circle cx="60" cy="54" r="24" fill={skin} />
      <path d="M36 52c0-18 10-28 24-28s24 10 24 28c-6-8-14-12-24-12s-18 4-24 12Z" fill={hair} />
      <circle cx="51" cy="56" r="2.6" fill="#111827" />
      <circle cx="69" cy="56" r="2.6" fill="#111827" />
      <path d="M52 66c5 5 11 5 16 0" stroke="#111827" strokeWidth="2.5" fill="none" strokeLinecap="round" />
    </svg>
  );
}

type OfferingKind = 'checkup' | 'training' | 'pickup' | 'emergency';

/** What each service's icon shows, in its colours: a light disc and the drawing in the strong tone. */
const SERVICE_ICONS: Record<OfferingKind, { label: string; disc: string; ink: string }> = {
  checkup: { label: 'A stethoscope', disc: '#ccfbf1', ink: '#0f766e' },
  training: { label: 'A paw in a graduation cap', disc: '#fef3c7', ink: '#b45309' },
  pickup: { label: 'A pickup van', disc: '#dbeafe', ink: '#1d4ed8' },
  emergency: { label: 'An emergency light', disc: '#ffe4e6', ink: '#be123c' },
};

/** Icons of the services: each says what the service is (a stethoscope, a paw at school, a van, a siren). */
export function ServiceIllustration({ kind }: { kind: OfferingKind }) {
  const { label, disc, ink } = SERVICE_ICONS[kind];
  return (
    <svg viewBox="0 0 96 96" className="h-20 w-20" role="img" aria-label={label}>
      <circle cx="48" cy="48" r="48" fill={disc} />
      {kind === 'checkup' ? (
        <g stroke={ink} strokeWidth="5" fill="none" strokeLinecap="round">
          <path d="M30 24v18c0 10 8 18 18 18s18-8 18-18V24" />
          <path d="M48 60v8c0 8 6 12 12 12s10-4 10-10" />
          <circle cx="70" cy="64" r="5" fill={ink} />
        </g>
      ) : kind === 'pickup' ? (
        <>
          <path d="M18 62V40c0-4 3-7 7-7h30l12 11 9 3c3 1 5 3 5 6v9c0 2-2 4-4 4H22c-2 0-4-2-4-4Z" fill={ink} />
          <path d="M28 38h24v11H28Z" fill="#bfdbfe" />
          <circle cx="32" cy="66" r="7" fill="#1e293b" />
          <circle cx="66" cy="66" r="7" fill="#1e293b" />
        </>
      ) : kind === 'training' ? (
        <g fill={ink}>
          <path d="M48 12 78 24 48 36 18 24Z" />
          <path d="M30 30v7c0 4 8 7 18 7s18-3 18-7v-7l-18 7Z" />
          <path d="M78 24v14" stroke={ink} strokeWidth="3" />
          <circle cx="78" cy="40" r="3" />
          <ellipse cx="31" cy="57" rx="5" ry="6" />
          <ellipse cx="41" cy="50" rx="5" ry="6" />
          <ellipse cx="55" cy="50" rx="5" ry="6" />
          <ellipse cx="65" cy="57" rx="5" ry="6" />
          <path d="M48 60c-7 0-14 8-14 13 0 4 3 6 6 6s5-2 8-2 5 2 8 2 6-2 6-6c0-5-7-13-14-13Z" />
        </g>
      ) : (
        <>
          <path d="M32 66V52a16 16 0 0 1 32 0v14Z M26 66h44v10H26Z" fill={ink} />
          <path d="M46 46h4v4h4v4h-4v4h-4v-4h-4v-4h4Z" fill="#fff" />
          <path d="M48 14v9M23 27l6 5M73 27l-6 5M14 50h9M73 50h9" stroke={ink} strokeWidth="4" strokeLinecap="round" />
        </>
      )}
    </svg>
  );
}
