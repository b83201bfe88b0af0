import CalendarDays from "lucide-react/icons/calendar-days";
import { useState } from "react";
import { useFetcher, useLocation, useNavigate } from "react-router";
import { CardSection } from "../../components/CardSection";
import type { Result } from "../../lib/result";
import { useTimeZone } from "../auth/public";
import { BothClocks, DAYTIME_HOURS, DaytimeMark } from "./BothClocks";
import type { FreeTimes } from "./bookings-data";
import { bookingsData } from "./bookings-routes";
import { daysOfMonth, formatShortDate, addHours, isWeekend, manilaToday, parseIsoDate } from "./dates";
import { slotSpan } from "./picker-availability";
import { shownAnswer } from "./shown-answer";
import { SLOT_HOURS, formatTime, yourTime } from "@vam/shared";
import { pageHref, BOOK_CONSULTANT_PAGE } from "../../lib/page-routes";

/** The weekdays left in this month (Manila), from today. */
function remainingWeekdays(): string[] {
  const today = manilaToday();
  const date = parseIsoDate(today);
  return daysOfMonth(date.getUTCFullYear(), date.getUTCMonth()).filter((day) => day >= today && !isWeekend(day));
}

/** Pick a weekday and a free time on someone's profile, then go to the booking page. */
export function BookingCalendar({ consultantId }: { consultantId: string }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [days] = useState(remainingWeekdays);
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  // The chosen day's free times: loaded when the day is chosen; a newer choice supersedes an older load.
  const freeTimes = useFetcher<Result<FreeTimes>>();
  const times = shownAnswer(freeTimes, date ? (answer) => answer.date === date : null);
  // The viewer's own zone (a visitor's browser's): each time gives theirs, and whether it suits them.
  const zone = useTimeZone();
  const spans = times.state === "ready" ? times.data.starts.map((time) => ({ time, ...slotSpan(times.data.date, time, SLOT_HOURS) })) : [];

  const book = () => {
    if (!date || !time) return;
    const params = new URLSearchParams({ date, time });
    const referralCode = new URLSearchParams(search).get("referralCode");
    if (referralCode) params.set("referralCode", referralCode);
    void navigate(`${pageHref(BOOK_CONSULTANT_PAGE, { consultantId })}?${params.toString()}`);
  };

  return (
    <CardSection title="Book a Session">
      <div className="space-y-4">
        {days.length === 0 ? (
          <p className="text-sm text-slate-400">No more weekdays this month. Use Book Now to pick a later date.</p>
        ) : (
          <div role="group" aria-label="Available dates" className="flex flex-wrap gap-2">
            {days.map((day) => (
              <button
                key={day}
                type="button"
                aria-pressed={date === day}
                onClick={() => {
                  setDate(day);
                  setTime(null);
                  void freeTimes.load(bookingsData.freeTimes(consultantId, day));
                }}
                className="rounded-lg bg-slate-800 px-3 py-2 text-sm text-slate-200 hover:bg-slate-700 aria-pressed:bg-teal-500 aria-pressed:text-slate-950"
              >
                {formatShortDate(day)}
              </button>
            ))}
          </div>
        )}

        {times.state === "loading" && (
          <p role="status" className="text-sm text-slate-400">
            Loading available times...
          </p>
        )}
        {times.state === "failed" && (
          <p role="alert" className="text-sm text-rose-400">
            Could not fetch available times. Please try again.
          </p>
        )}
        {times.state === "ready" && times.data.starts.length === 0 && (
          <p className="text-sm text-slate-400">No available times for this date. Please select another date.</p>
        )}
        {spans.length > 0 && yourTime(spans[0]!.start, zone) && (
          <p className="text-xs text-slate-400">Manila times, with your own below each. Your daytime: {DAYTIME_HOURS}.</p>
        )}
        {spans.length > 0 && (
          <div role="group" aria-label="Available times" className="flex flex-wrap gap-2">
            {spans.map((span) => (
              <button
                key={span.time}
                type="button"
                aria-pressed={time === span.time}
                onClick={() => setTime(span.time)}
                className="flex flex-col items-start rounded-lg bg-slate-800 px-3 py-2 text-left text-sm text-slate-200 hover:bg-slate-700 aria-pressed:bg-teal-500 aria-pressed:text-slate-950"
              >
                <span>
                  <BothClocks
                    manila={`${formatTime(span.time)} to ${formatTime(addHours(span.time, SLOT_HOURS))}`}
                    start={span.start}
                    end={span.end}
                    zone={zone}
                    stacked
                    yoursClassName="text-xs"
                  />
                </span>
                <DaytimeMark start={span.start} end={span.end} zone={zone} plain />
              </button>
            ))}
          </div>
        )}

        <button type="button" className="btn-primary w-full" disabled={!date || !time} onClick={book}>
          <CalendarDays aria-hidden="true" className="size-4" />
          Book Now
        </button>
      </div>
    </CardSection>
  );
}
