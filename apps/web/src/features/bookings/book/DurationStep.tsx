import { DURATIONS, MSG, SERIES_WEEKS_MAX, SERIES_WEEKS_MIN, formatPeso, startsInTime } from "@vam/shared";
import { useId } from "react";
import type { DateTime } from "../picker-availability";

export type Duration = (typeof DURATIONS)[number];

interface DurationStepProps {
  slot: DateTime;
  duration: Duration;
  rate: number;
  /** Weeks of a weekly series, or null for one booking. */
  weeks: number | null;
  onChange: (duration: Duration) => void;
  onWeeksChange: (weeks: number | null) => void;
  onContinue: () => void;
}

/** A series starts at 4 weeks, a month of the same weekday. */
const DEFAULT_WEEKS = 4;
const WEEK_CHOICES = Array.from({ length: SERIES_WEEKS_MAX - SERIES_WEEKS_MIN + 1 }, (_, i) => SERIES_WEEKS_MIN + i);

/** Step 2 of booking: 4 hours or a full day (only from the morning), once or weekly, with the total. */
export function DurationStep({ slot, duration, rate, weeks, onChange, onWeeksChange, onContinue }: DurationStepProps) {
  const total = rate * duration * (weeks ?? 1);
  const weeksId = useId();
  return (
    <section className="card space-y-5 p-5">
      <h2 tabIndex={-1} className="text-xl font-semibold text-white">
        Choose Service Duration
      </h2>
      <div role="radiogroup" aria-label="Service duration" className="grid gap-3 sm:grid-cols-2">
        {DURATIONS.map((hours) => {
          const disabled = !startsInTime(hours, slot.time);
          return (
            <label
              key={hours}
              className={`flex cursor-pointer flex-col rounded-lg border px-4 py-3 ${
                duration === hours ? "border-teal-400 bg-teal-500/20" : "border-slate-700"
              } ${disabled ? "cursor-not-allowed opacity-50" : ""}`}
            >
              <span className="flex items-center gap-2">
                <input type="radio" name="duration" value={hours} checked={duration === hours} disabled={disabled} onChange={() => onChange(hours)} />
                <span className="font-medium text-white">{hours} hours</span>
              </span>
              <span className="text-sm text-slate-400">{hours === 4 ? "Standard booking" : "Full day booking"}</span>
              {disabled && <span className="text-xs text-slate-400">{MSG.bookingFullDayFromMorning}</span>}
            </label>
          );
        })}
      </div>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-lg border border-slate-700 px-4 py-3">
        <label className="flex items-center gap-2 text-white">
          <input type="checkbox" checked={weeks !== null} onChange={(event) => onWeeksChange(event.target.checked ? DEFAULT_WEEKS : null)} />
          {MSG.repeatWeekly}
        </label>
        {weeks !== null && (
          <span className="flex items-center gap-2">
            <label htmlFor={weeksId} className="text-sm text-slate-300">
              {MSG.numberOfWeeks}
            </label>
            <select id={weeksId} className="input w-24" value={weeks} onChange={(event) => onWeeksChange(Number(event.target.value))}>
              {WEEK_CHOICES.map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
          </span>
        )}
      </div>
      <dl className="space-y-1 text-sm">
        <div className="flex justify-between">
          <dt className="text-slate-400">Hourly rate</dt>
          <dd className="text-white">{formatPeso(rate)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-slate-400">Duration</dt>
          <dd className="text-white">{duration} hours</dd>
        </div>
        {weeks !== null && (
          <div className="flex justify-between">
            <dt className="text-slate-400">Dates</dt>
            <dd className="text-white">{weeks} weeks</dd>
          </div>
        )}
        <div className="flex justify-between font-semibold">
          <dt className="text-slate-300">Total</dt>
          <dd className="text-white">{formatPeso(total)}</dd>
        </div>
      </dl>
      <button type="button" className="btn-primary w-full" onClick={onContinue}>
        Continue
      </button>
    </section>
  );
}
