import { MSG, formatLongDate, formatTime, type Booking } from "@vam/shared";
import CalendarClock from "lucide-react/icons/calendar-clock";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { Modal } from "../../components/Modal";
import { Spinner } from "../../components/Spinner";
import { rescheduleBooking } from "../bookings/bookings-api";
import { addHours, formatShortDate, type SlotStart } from "../bookings/dates";
import { serverMessageOr } from "../../api/errors";
import { fetchFreeStarts, rescheduleDates, startsFor } from "./reschedule-options";

/** The free starts of one date, or the failure to load them. */
type Loaded = { date: string; attempt: number } & ({ state: "failed" } | { state: "ready"; starts: SlotStart[] });
type Times = { state: "idle" } | { state: "loading" } | Loaded;

const choice =
  "rounded-lg border border-slate-700 bg-slate-800/60 px-3 py-2 text-sm text-slate-200 transition-colors hover:border-slate-600 hover:bg-slate-800 aria-pressed:border-teal-400 aria-pressed:bg-teal-500 aria-pressed:font-semibold aria-pressed:text-slate-950";

interface DashboardRescheduleModalProps {
  booking: Booking;
  onClose: () => void;
  /** After the server accepted the new time (the modal is closed by then). */
  onRescheduled: () => void;
}

/** Pick one of the next 14 weekdays and a free start, then move the booking there. Mount it to open it. */
export function DashboardRescheduleModal({ booking, onClose, onRescheduled }: DashboardRescheduleModalProps) {
  const [dates] = useState(() => rescheduleDates());
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<SlotStart | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [saving, setSaving] = useState(false);

  const { consultantId, date: currentDate, startTime: currentStart, duration } = booking;
  useEffect(() => {
    if (!date) return;
    let cancelled = false;
    const current = { date: currentDate, startTime: currentStart, duration };
    fetchFreeStarts(consultantId, date)
      .then((free) => !cancelled && setLoaded({ date, attempt, state: "ready", starts: startsFor(current, date, free) }))
      .catch(() => !cancelled && setLoaded({ date, attempt, state: "failed" }));
    return () => {
      cancelled = true;
    };
  }, [date, consultantId, currentDate, currentStart, duration, attempt]);

  // Until the answer for the chosen date (and attempt) arrives, the times are loading: never another date's.
  const times: Times = !date ? { state: "idle" } : loaded?.date === date && loaded.attempt === attempt ? loaded : { state: "loading" };

  const chooseDate = (day: string) => {
    setDate(day);
    setTime(null);
  };

  const confirm = async () => {
    if (!date || !time) return;
    setSaving(true);
    try {
      await rescheduleBooking(booking.id, { date, startTime: time });
      toast.success(MSG.bookingRescheduledToast);
      onClose();
      onRescheduled();
    } catch (error) {
      toast.error(serverMessageOr(error, MSG.bookingRescheduleFailed));
      // The slot may just have been taken: show what is free now.
      setTime(null);
      setAttempt((count) => count + 1);
      setSaving(false);
    }
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
          <button type="button" className="btn-primary" disabled={!date || !time || saving} aria-busy={saving} onClick={() => void confirm()}>
            <CalendarClock aria-hidden="true" className="size-4" />
            {saving ? "Rescheduling..." : "Confirm Reschedule"}
          </button>
        </>
      }
    >
      <div className="space-y-5">
        <p className="text-sm text-slate-400">
          Currently {formatLongDate(booking.date)}, {formatTime(booking.startTime)} - {formatTime(booking.endTime)} ({booking.duration} hours).
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
                <button type="button" className="btn-ghost px-3 py-1.5" onClick={() => setAttempt((count) => count + 1)}>
                  Try again
                </button>
              </div>
            )}
            {times.state === "ready" && times.starts.length === 0 && <p className="text-sm text-slate-400">{MSG.noAvailableTimes}</p>}
            {times.state === "ready" && times.starts.length > 0 && (
              <div className="grid grid-cols-2 gap-2">
                {times.starts.map((start) => (
                  <button key={start} type="button" aria-pressed={time === start} onClick={() => setTime(start)} className={choice}>
                    {formatTime(start)}
                    {times.date === currentDate && start === currentStart && (
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

        {date && time && (
          <p className="rounded-lg border border-teal-500/30 bg-teal-500/10 px-4 py-3 text-sm text-teal-100">
            New time: {formatLongDate(date)}, {formatTime(time)} - {formatTime(addHours(time, booking.duration))}
          </p>
        )}
      </div>
    </Modal>
  );
}
