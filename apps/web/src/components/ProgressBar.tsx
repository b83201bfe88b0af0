/** A determinate progress bar (0 to 100), named for screen readers; `className` sets its height and spacing. */
export function ProgressBar({ label, value, className }: { label: string; value: number; className: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className={`overflow-hidden rounded-full bg-slate-800 ${className}`}
    >
      <div className="h-full rounded-full bg-teal-400 transition-[width]" style={{ width: `${value}%` }} />
    </div>
  );
}
