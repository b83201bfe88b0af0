import { MSG, formatLongDate, hoursWithYourTime, type BookedHoliday, type TimeOffOverview } from "@vam/shared";
import { useId, useState } from "react";
import { RefusalAlert } from "../../components/RefusalAlert";
import { Switch } from "../../components/Switch";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { useTimeZone } from "../auth/public";
import { TimeOffRefusal } from "./TimeOffRefusal";
import { timeOffHref } from "./time-off-routes";
import { keptBookingsText } from "./time-off-view";

/**
 * The switch that makes the Philippines' regular holidays time off, and under it the holidays
 * ahead. Turning it on over holidays that hold bookings is refused with them listed, and offers
 * to take every other holiday off; the holidays kept as working days are listed while it is on.
 */
export function HolidaysSwitch({ holidaysOff, holidays, keptHolidays }: Pick<TimeOffOverview, "holidaysOff" | "holidays" | "keptHolidays">) {
  const listId = useId();
  const keptId = useId();
  const turn = useActionFetcher(timeOffHref());
  // While the change is on its way the switch shows where it is going.
  const [asked, setAsked] = useState(holidaysOff);
  const on = turn.busy ? asked : holidaysOff;
  const refusal = turn.result && !turn.result.ok ? turn.result : null;
  const bookedHolidays = refusal?.details?.bookedHolidays ?? [];

  // The switch ignores clicks while a change is on its way.
  const toggle = (checked: boolean) => {
    setAsked(checked);
    void turn.submit({ intent: "holidays", on: checked }, "put");
  };
  const keepBooked = () => {
    setAsked(true);
    void turn.submit({ intent: "holidays", on: true, keepBooked: true }, "put");
  };

  return (
    <div className="space-y-3">
      <Switch label={MSG.holidaysSwitch} checked={on} busy={turn.busy} onChange={toggle} placement="start" />
      {refusal && bookedHolidays.length > 0 ? (
        <div className="space-y-3">
          <RefusalAlert message={refusal.message}>
            {bookedHolidays.map((holiday) => (
              <BookedHolidayItem key={holiday.date} holiday={holiday} />
            ))}
          </RefusalAlert>
          <button type="button" className="btn-primary w-full sm:w-auto" disabled={turn.busy} onClick={keepBooked}>
            {MSG.holidaysKeepBooked}
          </button>
        </div>
      ) : (
        <TimeOffRefusal message={refusal?.message ?? null} bookings={refusal?.details?.bookings} />
      )}
      {on && keptHolidays.length > 0 && (
        <div className="space-y-2 rounded-lg border border-amber-400/30 bg-amber-400/5 px-3 py-2.5">
          <h4 id={keptId} className="text-sm font-semibold text-amber-100">
            {MSG.holidaysKept}
          </h4>
          <p className="text-xs text-slate-300">{MSG.holidaysKeptNote}</p>
          <ul aria-labelledby={keptId} className="space-y-1.5 text-sm">
            {keptHolidays.map((holiday) => (
              <li key={holiday.date} className="break-words text-slate-100">
                <span className="font-medium">
                  {formatLongDate(holiday.date)}, {holiday.name}
                </span>{" "}
                — {keptBookingsText(holiday.bookings)}
              </li>
            ))}
          </ul>
        </div>
      )}
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

/** A holiday in the refusal: its date and name, then each booking on it. */
function BookedHolidayItem({ holiday }: { holiday: BookedHoliday }) {
  const zone = useTimeZone();
  return (
    <li className="break-words text-rose-100">
      <span className="font-medium">
        {formatLongDate(holiday.date)}, {holiday.name}
      </span>
      : {holiday.bookings.map((booking) => `${hoursWithYourTime(booking, zone)}, ${booking.clientName}`).join("; ")}
    </li>
  );
}
