import { MSG, formatLongDate } from "@vam/shared";
import { useId, type KeyboardEvent } from "react";
import { monthWeeks, sameMonth, shiftMonth, type MonthRef } from "./date-grid";
import { formatMonth, parseIsoDate } from "./dates";

const WEEKDAYS = [
  ["Sun", "Sunday"],
  ["Mon", "Monday"],
  ["Tue", "Tuesday"],
  ["Wed", "Wednesday"],
  ["Thu", "Thursday"],
  ["Fri", "Friday"],
  ["Sat", "Saturday"],
] as const;

interface MonthCalendarProps {
  month: MonthRef;
  selected: string | null;
  today: string;
  /** The day in the tab order (one for all the months shown). */
  tabStop: string | undefined;
  isDisabled: (day: string) => boolean;
  isFullyBooked: (day: string) => boolean;
  /** Every slot taken off by the Assistant: disabled, and described as Unavailable. */
  isFullyOff: (day: string) => boolean;
  onChoose: (day: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTableElement>) => void;
}

/**
 * One month as a WAI-ARIA grid: a table whose days are cells that take focus (one tab stop for
 * the months shown, arrows move), aria-selected on the chosen day, aria-disabled on days that
 * cannot be chosen (still reached by the arrows, and announced as unavailable).
 */
export function MonthCalendar({ month, selected, today, tabStop, isDisabled, isFullyBooked, isFullyOff, onChoose, onKeyDown }: MonthCalendarProps) {
  const title = formatMonth(month.year, month.month);
  const titleId = useId();
  const fullyBookedId = useId();
  const fullyOffId = useId();
  return (
    <div>
      <h3 id={titleId} className="mb-2 text-center font-semibold text-white">
        {title}
      </h3>
      <span id={fullyBookedId} hidden>
        Fully booked
      </span>
      <span id={fullyOffId} hidden>
        {MSG.slotUnavailable}
      </span>
      <table role="grid" aria-labelledby={titleId} onKeyDown={onKeyDown} className="w-full table-fixed border-separate border-spacing-1">
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" abbr={long} className="pb-1 text-xs font-normal text-slate-400">
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week, row) => (
            <tr key={row}>
              {week.map((day, column) =>
                day === null ? (
                  <td key={`blank-${column}`} />
                ) : (
                  <DayCell
                    key={day}
                    day={day}
                    selected={selected === day}
                    today={today === day}
                    inTabOrder={tabStop === day}
                    disabled={isDisabled(day)}
                    fullyBooked={isFullyBooked(day)}
                    fullyOff={isFullyOff(day)}
                    notes={{ fullyBooked: fullyBookedId, fullyOff: fullyOffId }}
                    onChoose={onChoose}
                  />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface DayCellProps {
  day: string;
  selected: boolean;
  today: boolean;
  inTabOrder: boolean;
  disabled: boolean;
  fullyBooked: boolean;
  fullyOff: boolean;
  /** The ids of the hidden texts that describe a fully booked and a fully off day. */
  notes: { fullyBooked: string; fullyOff: string };
  onChoose: (day: string) => void;
}

function DayCell({ day, selected, today, inTabOrder, disabled, fullyBooked, fullyOff, notes, onChoose }: DayCellProps) {
  const note = fullyOff ? MSG.slotUnavailable : fullyBooked ? "Fully booked" : undefined;
  return (
    <td
      role="gridcell"
      data-day={day}
      tabIndex={inTabOrder ? 0 : -1}
      aria-label={formatLongDate(day)}
      aria-selected={selected}
      aria-disabled={disabled || undefined}
      aria-current={today ? "date" : undefined}
      aria-describedby={fullyOff ? notes.fullyOff : fullyBooked ? notes.fullyBooked : undefined}
      title={note}
      onClick={() => !disabled && onChoose(day)}
      className={`h-10 cursor-pointer rounded-md text-center text-sm text-slate-200 select-none hover:bg-slate-700 aria-disabled:cursor-not-allowed aria-disabled:text-slate-500 aria-disabled:hover:bg-transparent aria-selected:bg-teal-500 aria-selected:font-semibold aria-selected:text-slate-950 aria-[current=date]:ring-1 aria-[current=date]:ring-teal-400/60 ${
        fullyBooked ? "line-through" : ""
      } ${fullyOff ? "underline decoration-slate-400 decoration-dotted underline-offset-4" : ""}`}
    >
      {parseIsoDate(day).getUTCDate()}
    </td>
  );
}

/** The "Months" tab: the next 12 months; choosing one shows it on the "Dates" tab. */
export function MonthsTab({ first, shown, onChoose }: { first: MonthRef; shown: MonthRef; onChoose: (month: MonthRef) => void }) {
  return (
    <div role="tabpanel" aria-label="Months" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {Array.from({ length: 12 }, (_, index) => shiftMonth(first, index)).map((ref) => (
        <button
          key={`${ref.year}-${ref.month}`}
          type="button"
          aria-pressed={sameMonth(ref, shown)}
          onClick={() => onChoose(ref)}
          className="rounded-lg bg-slate-800 px-3 py-2 text-sm text-slate-200 hover:bg-slate-700 aria-pressed:bg-teal-500 aria-pressed:text-slate-950"
        >
          {formatMonth(ref.year, ref.month)}
        </button>
      ))}
    </div>
  );
}
