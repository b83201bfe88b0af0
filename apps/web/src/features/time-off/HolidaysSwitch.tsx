import { MSG, formatLongDate, type TimeOffOverview } from "@vam/shared";
import { useId, useState } from "react";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { TimeOffRefusal } from "./TimeOffRefusal";
import { timeOffHref } from "./time-off-data";

/**
 * The switch that makes the Philippines' regular holidays time off, and under it the holidays
 * ahead. Turning it on over bookings is refused with them listed.
 */
export function HolidaysSwitch({ holidaysOff, holidays }: Pick<TimeOffOverview, "holidaysOff" | "holidays">) {
  const switchId = useId();
  const labelId = useId();
  const listId = useId();
  const turn = useActionFetcher(timeOffHref());
  // While the change is on its way the switch shows where it is going.
  const [asked, setAsked] = useState(holidaysOff);
  const on = turn.busy ? asked : holidaysOff;
  const refusal = turn.result && !turn.result.ok ? turn.result : null;

  const toggle = () => {
    if (turn.busy) return;
    setAsked(!holidaysOff);
    void turn.submit({ intent: "holidays", on: !holidaysOff }, "put");
  };

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3">
        <button
          id={switchId}
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={labelId}
          aria-busy={turn.busy}
          onClick={toggle}
          className="group relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border border-slate-600 bg-slate-800 transition-colors aria-checked:border-teal-400 aria-checked:bg-teal-500"
        >
          <span
            aria-hidden="true"
            className="absolute left-1 size-5 rounded-full bg-slate-300 shadow transition-transform group-aria-checked:translate-x-5 group-aria-checked:bg-white"
          />
        </button>
        <label id={labelId} htmlFor={switchId} className="cursor-pointer text-sm font-medium text-slate-200">
          {MSG.holidaysSwitch}
        </label>
      </div>
      <TimeOffRefusal message={refusal?.message ?? null} bookings={refusal?.details?.bookings} />
      <div className="space-y-2">
        <h4 id={listId} className="text-xs font-semibold tracking-wide text-slate-400 uppercase">
          Upcoming regular holidays
        </h4>
        {holidays.length === 0 ? (
          <p className="text-sm text-slate-400">No regular holidays fall on a weekday in the coming months.</p>
        ) : (
          <ul aria-labelledby={listId} className="grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
            {holidays.map((holiday) => (
              <li key={holiday.date} className="flex min-w-0 flex-col">
                <span className="text-slate-100">{holiday.name}</span>
                <span className="text-xs text-slate-400">{formatLongDate(holiday.date)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
