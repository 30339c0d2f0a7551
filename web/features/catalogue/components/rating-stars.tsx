import { StarIcon } from '../../../components/icons.tsx';

/** Five stars with halves, read out as "Rated 4.5 out of 5". */
export function RatingStars({ rating, className = '' }: { rating: number; className?: string }) {
  return (
    <span
      role="img"
      aria-label={`Rated ${rating} out of 5`}
      className={`inline-flex items-center gap-0.5 ${className}`}
    >
      {[1, 2, 3, 4, 5].map((i) => {
        const fill = Math.max(0, Math.min(1, rating - (i - 1)));
        return (
          <span key={i} className="relative inline-block h-4 w-4" aria-hidden="true">
            <StarIcon className="absolute inset-0 h-4 w-4 text-gray-300" />
            {fill > 0 && (
              <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <StarIcon className="h-4 w-4 text-amber-500" />
              </span>
            )}
          </span>
        );
      })}
      <span className="ml-1 text-sm text-ink-muted" aria-hidden="true">
        {rating.toFixed(1)}
      </span>
    </span>
  );
}
