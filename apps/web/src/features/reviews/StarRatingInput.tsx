import { RATING_MAX } from "@vam/shared";
import Star from "lucide-react/icons/star";
import { useId, useState } from "react";

interface StarRatingInputProps {
  value: number | null;
  onChange: (rating: number) => void;
  error?: string | null;
  disabled?: boolean;
}

const starsLabel = (count: number) => `${count} star${count === 1 ? "" : "s"}`;

/**
 * "Rating": five native radio buttons ("1 star" ... "5 stars") drawn as stars, so arrows, Tab and
 * Space behave as in any radio group. Each radio covers its star, so a click lands on it.
 */
export function StarRatingInput({ value, onChange, error = null, disabled = false }: StarRatingInputProps) {
  const name = useId();
  const legendId = useId();
  const errorId = useId();
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value ?? 0;

  return (
    <fieldset
      role="radiogroup"
      aria-labelledby={legendId}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
      className="space-y-2"
    >
      <legend id={legendId} className="mb-2 text-sm font-medium text-slate-200">
        Rating
      </legend>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <div className="flex items-center gap-1" onMouseLeave={() => setHovered(null)}>
          {Array.from({ length: RATING_MAX }, (_, index) => {
            const stars = index + 1;
            return (
              <span
                key={stars}
                onMouseEnter={() => setHovered(stars)}
                className="relative grid size-11 place-items-center rounded-lg has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-1 has-[input:focus-visible]:outline-teal-400"
              >
                <input
                  type="radio"
                  name={name}
                  value={stars}
                  aria-label={starsLabel(stars)}
                  checked={value === stars}
                  onChange={() => onChange(stars)}
                  className="peer absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-lg opacity-0 disabled:cursor-not-allowed"
                />
                <Star
                  aria-hidden="true"
                  className={`pointer-events-none size-8 transition-colors ${
                    stars <= shown ? "fill-amber-400 text-amber-400" : "fill-transparent text-slate-500"
                  }`}
                />
              </span>
            );
          })}
        </div>
        <span aria-hidden="true" className="text-sm text-slate-300">
          {value ? `${value} of ${RATING_MAX}` : "Choose 1 to 5 stars"}
        </span>
      </div>
      {error && (
        <p id={errorId} className="text-xs font-medium text-rose-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
