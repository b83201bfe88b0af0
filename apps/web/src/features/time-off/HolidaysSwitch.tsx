import { MSG, formatLongDate, type TimeOffOverview } from "@vam/shared";
import { useId, useState } from "react";
import { Switch } from "../../components/Switch";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { TimeOffRefusal } from "./TimeOffRefusal";
import { timeOffHref } from "./time-off-data";

/**
 * The switch that makes the Philippines' regular holidays time off, and under it the holidays
 * ahead. Turning it on over bookings is refused with them listed.
 */
export function HolidaysSwitch({ holidaysOff, holidays }: Pick<TimeOffOverview, "holidaysOff" | "holidays">) {
  const listId = useId();
  const turn = useActionFetcher(timeOffHref());
  // While the change is on its way the switch shows where it is going.
  const [asked, setAsked] = useState(holidaysOff);
  const on = turn.busy ? asked : holidaysOff;
  const refusal = turn.result && !turn.result.ok ? turn.result : null;

  // The switch ignores clicks while a change is on its way.
  const toggle = (checked: boolean) => {
    setAsked(checked);
    void turn.submit({ intent: "holidays", on: checked }, "put");
  };

  return (
    <div className="space-y-3">
      <Switch label={MSG.holidaysSwitch} checked={on} busy={turn.busy} onChange={toggle} placement="start" />
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
