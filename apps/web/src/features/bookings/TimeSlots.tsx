import { MSG, SLOT_HOURS, formatLongDate, formatTime, yourTime } from "@vam/shared";
import { BothClocks, DAYTIME_HOURS, DaytimeMark } from "./BothClocks";
import { SLOTS, addHours } from "./dates";
import { slotSpan } from "./picker-availability";

interface TimeSlotsProps {
  date: string | null;
  time: string | null;
  isTaken: (day: string, start: string) => boolean;
  /** Taken off by the Assistant: Unavailable rather than Booked. */
  isOff: (day: string, start: string) => boolean;
  isCurrent: (day: string, start: string) => boolean;
  isUnavailable: (start: string) => boolean;
  onChoose: (start: string) => void;
  /** The viewer's zone: each slot gives their own time and whether it falls in their daytime, where their clock differs from Manila's. */
  zone?: string | null;
}

/**
 * The chosen day's slots (Morning, Afternoon), each pressed, Booked, Unavailable (time off) or
 * Current; for a viewer whose clock differs from Manila's, each with their own time and whether it
 * falls in their daytime.
 */
export function TimeSlots({ date, time, isTaken, isOff, isCurrent, isUnavailable, onChoose, zone }: TimeSlotsProps) {
  const spans = SLOTS.map(({ start }) => (date ? slotSpan(date, start, SLOT_HOURS) : null));
  const bothClocks = spans.some((span) => span !== null && yourTime(span.start, zone) !== null);
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium text-slate-300">
        {date ? `Times for ${formatLongDate(date)}` : "Choose a date to see the times"}
      </legend>
      {bothClocks && <p className="text-xs text-slate-400">Manila times, with your own below each. Your daytime: {DAYTIME_HOURS}.</p>}
      <div className="grid gap-2 sm:grid-cols-2">
        {SLOTS.map(({ start, label }, index) => {
          const span = spans[index];
          const taken = date !== null && isTaken(date, start);
          const off = date !== null && isOff(date, start);
          const currentSlot = date !== null && isCurrent(date, start);
          const disabled = isUnavailable(start);
          return (
            <button
              key={start}
              type="button"
              aria-pressed={time === start && !!date}
              disabled={disabled}
              onClick={() => onChoose(start)}
              className="flex flex-col items-start rounded-lg border border-slate-700 px-4 py-3 text-left text-slate-200 hover:border-teal-400 disabled:cursor-not-allowed disabled:opacity-50 aria-pressed:border-teal-400 aria-pressed:bg-teal-500/20"
            >
              <span className="font-medium">
                <BothClocks
                  manila={`${label} (${formatTime(start)} to ${formatTime(addHours(start, SLOT_HOURS))})`}
                  start={span?.start ?? 0}
                  end={span?.end}
                  zone={span ? zone : null}
                  stacked
                  yoursClassName="mt-0.5 text-sm font-normal text-slate-300"
                />
              </span>
              {span && <DaytimeMark start={span.start} end={span.end} zone={zone} />}
              {taken && <span className="text-xs text-rose-400">Booked</span>}
              {off && <span className="text-xs text-amber-300">{MSG.slotUnavailable}</span>}
              {currentSlot && <span className="text-xs text-sky-400">Current</span>}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
