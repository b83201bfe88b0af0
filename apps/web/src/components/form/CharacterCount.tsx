import { MSG } from "@vam/shared";

interface CharacterCountProps {
  id?: string;
  /** The text's length now, and the most it may be. */
  length: number;
  max: number;
  /**
   * Only near the limit: "N characters left" once the text is within this many characters of
   * `max`, in a polite live region (always there, taking no room while empty) so that a screen
   * reader hears it. Without it the count is always shown as "length/max characters".
   */
  warnWithin?: number;
  /** Said in the live region in place of the count (a paste that was cut at the limit). */
  notice?: string | null;
  className?: string;
}

/** A text box's character count, under the box: amber once the limit is reached. */
export function CharacterCount({ id, length, max, warnWithin, notice = null, className = "" }: CharacterCountProps) {
  const tone = length >= max ? "text-amber-300" : "text-slate-400";
  if (warnWithin === undefined) {
    return (
      <p id={id} className={`text-right text-xs ${tone} ${className}`}>
        {length}/{max} characters
      </p>
    );
  }
  const left = max - length;
  const said = notice ?? (left <= warnWithin ? MSG.charactersLeft(left) : null);
  return (
    <p id={id} aria-live="polite" className={`text-right text-xs ${notice ? "text-amber-300" : tone}`}>
      {said && <span className={`block ${className}`}>{said}</span>}
    </p>
  );
}
