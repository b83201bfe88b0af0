import { MSG, formatLongDate, hoursWithYourTime, type Booking } from "@vam/shared";
import CalendarClock from "lucide-react/icons/calendar-clock";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Modal } from "../../components/Modal";
import { Spinner } from "../../components/Spinner";
import { useBookingChange, type FreeTimes, type SlotStart, bookingsData, addHours, formatShortDate, shownAnswer } from "../bookings/public";
import type { Result } from "../../lib/result";
import { useTimeZone } from "../auth/public";
import { startWithYourTime } from "./dashboard-clocks";
import { rescheduleDates, startsFor } from "./reschedule-options";

const choice =
  "rounded-lg border border-slate-700 bg-slate-800/60 px-3 py-2 text-sm text-slate-200 transition-colors hover:border-slate-600 hover:bg-slate-800 aria-pressed:border-teal-400 aria-pressed:bg-teal-500 aria-pressed:font-semibold aria-pressed:text-slate-950";

interface DashboardRescheduleModalProps {
  booking: Booking;
  /** Also once the server accepted the new time (then React Router reads the list again). */
  onClose: () => void;
}

/** Pick one of the next 14 weekdays and a free start, then move the booking there. Mount it to open it. */
export function DashboardRescheduleModal({ booking, onClose }: DashboardRescheduleModalProps) {
  const [dates] = useState(() => rescheduleDates(booking.duration));
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<SlotStart | null>(null);
  const { date: currentDate, startTime: currentStart } = booking;
  // Every time below also in the viewer's own clock, where it differs from Manila's.
  const zone = useTimeZone();
  // The chosen date's free starts: loaded when the date is chosen or on "Try again", read again by
  // React Router after a change (a refusal shows what is free now) and on socket events.
  const freeTimes = useFetcher<Result<FreeTimes>>();
  const loadTimes = (day: string) => void freeTimes.load(bookingsData.freeTimes(booking.consultantId, day));

  // Until the answer for the chosen date arrives, the times are loading: never another date's.
  const shown = shownAnswer(freeTimes, date ? (answer) => answer.date === date : null);
  const times = shown.state === "ready" ? { ...shown, starts: startsFor(booking, shown.data.date, shown.data.starts) } : shown;

  const chooseDate = (day: string) => {
    setDate(day);
    setTime(null);
    loadTimes(day);
  };

  // The move goes through the booking's route action (which toasts the answer); after a refusal the
  // times are read again with the page, and the refused one is no longer chosen.
  const { submit, busyId } = useBookingChange((answer) => {
    if (answer.ok) onClose();
    else setTime(null);
  });
  const saving = busyId === booking.id;
  // The current date and time is no move: Confirm waits for another.
  const unchanged = date === currentDate && time === currentStart;
  const confirm = () => {
    if (date && time && !unchanged) submit(booking, { intent: "reschedule", date, startTime: time, failure: MSG.bookingRescheduleFailed });
  };

  const close = () => {
    if (!saving) onClose();
  };

  return (
    <Modal
      open
      onClose={close}
      title="Reschedule Booking"
      className="max-w-xl"
      footer={
        <>
          <button type="button" className="btn-secondary" disabled={saving} onClick={close}>
            Keep Current Time
          </button>
          <button type="button" className="btn-primary" disabled={!date || !time || unchanged || saving} aria-busy={saving} onClick={confirm}>
            <CalendarClock aria-hidden="true" className="size-4" />
            {saving ? "Rescheduling..." : "Confirm Reschedule"}
          </button>
        </>
      }
    >
      <div className="space-y-5">
        <p className="text-sm text-slate-400">
          Currently {formatLongDate(booking.date)}, {hoursWithYourTime(booking, zone)} ({booking.duration} hours).
        </p>

        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium text-slate-200">Choose a new date</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {dates.map((day) => (
              <button key={day} type="button" aria-pressed={date === day} onClick={() => chooseDate(day)} className={choice}>
                {formatShortDate(day)}
              </button>
            ))}
          </div>
        </fieldset>

        {date && (
          <fieldset className="space-y-2">
            <legend className="mb-2 text-sm font-medium text-slate-200">Available times</legend>
            {times.state === "loading" && (
              <p role="status" className="flex items-center gap-2 text-sm text-slate-400">
                <Spinner className="size-4" /> Loading available times...
              </p>
            )}
            {times.state === "failed" && (
              <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-rose-300">
                <p>Could not fetch available times. Please try again.</p>
                <button type="button" className="btn-ghost px-3 py-1.5" onClick={() => date && loadTimes(date)}>
                  Try again
                </button>
              </div>
            )}
            {times.state === "ready" && times.starts.length === 0 && <p className="text-sm text-slate-400">{MSG.noAvailableTimes}</p>}
            {times.state === "ready" && times.starts.length > 0 && (
              <div className="grid grid-cols-2 gap-2">
                {times.starts.map((start) => (
                  <button key={start} type="button" aria-pressed={time === start} onClick={() => setTime(start)} className={choice}>
                    {startWithYourTime(times.data.date, start, zone)}
                    {times.data.date === currentDate && start === currentStart && (
                      <>
                        {" "}
                        <span className="text-xs font-medium">Current</span>
                      </>
                    )}
                  </button>
                ))}
              </div>
            )}
          </fieldset>
        )}

        {unchanged && <p className="text-sm text-slate-400">{MSG.rescheduleUnchanged}</p>}
        {date && time && !unchanged && (
          <p className="rounded-lg border border-teal-500/30 bg-teal-500/10 px-4 py-3 text-sm text-teal-100">
            New time: {formatLongDate(date)}, {hoursWithYourTime({ date, startTime: time, endTime: addHours(time, booking.duration) }, zone)}
          </p>
        )}
      </div>
    </Modal>
  );
}
