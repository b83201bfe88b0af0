import type { BookedSlot } from "@vam/shared";
import { MSG, SLOT_HOURS } from "@vam/shared";
import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { MonthCalendar, MonthsTab } from "./MonthCalendar";
import { TimeSlots } from "./TimeSlots";
import { pickerAvailability, type DateTime } from "./picker-availability";
import {
  firstDayOf,
  firstMonthShowing,
  gridKeyTarget,
  monthOf,
  monthsBetween,
  sameMonth,
  shiftMonth,
  tabStopDay,
  type DateBounds,
  type MonthRef,
} from "./date-grid";
import { daysOfMonth, manilaNow, manilaToday, parseIsoDate } from "./dates";

export type { DateTime };

interface DateTimePickerProps {
  /** The consultant's held slots; null while they load. */
  booked: readonly BookedSlot[] | null;
  /** When rescheduling: the booking's slot, labelled Current and selectable. */
  current?: DateTime;
  /** Hours to book: a full day (8) starts in the morning and needs both slots free. */
  duration?: number;
  /** A preselection (e.g. from the profile's calendar). */
  initial?: Partial<DateTime>;
  onSubmit: (choice: DateTime) => void;
  /** Disables the button while the parent works. */
  busy?: boolean;
  /** The viewer's zone (`useTimeZone`): the slots give their own time beside Manila's where it differs. */
  zone?: string | null;
}

type Tab = "Dates" | "Months" | "Flexible";
const TABS: Tab[] = ["Dates", "Months", "Flexible"];
/** Months shown side by side. */
const SHOWN_MONTHS = 2;

/** Date and time picker for booking and rescheduling. */
export function DateTimePicker({ booked, current, duration = SLOT_HOURS, initial, onSubmit, busy = false, zone }: DateTimePickerProps) {
  const rescheduling = current !== undefined;
  const today = manilaToday();
  const [tab, setTab] = useState<Tab>("Dates");
  const [date, setDate] = useState<string | null>(initial?.date ?? current?.date ?? null);
  const [time, setTime] = useState<string | null>(initial?.time ?? current?.time ?? null);
  const [firstMonth, setFirstMonth] = useState<MonthRef>(() => monthOf(date ?? today));
  const { isCurrent, isTaken, isOff, fullyBooked, fullyOff, startUnavailable, dayDisabled, horizonEnd } = useMemo(
    () => pickerAvailability({ booked: booked ?? [], current, duration, today, now: manilaNow() }),
    [booked, current, duration, today],
  );

  const todayMonth = monthOf(today);
  const months = Array.from({ length: SHOWN_MONTHS }, (_, index) => shiftMonth(firstMonth, index));
  const canGoBack = !sameMonth(firstMonth, todayMonth) && parseIsoDate(firstDayOf(firstMonth)) > parseIsoDate(firstDayOf(todayMonth));
  const canGoForward = monthsBetween(months.at(-1)!, monthOf(horizonEnd)) > 0;

  /** The grid's one tab stop (roving tabindex): the day focus was last on, when it is still shown. */
  const [activeDay, setActiveDay] = useState<string | null>(null);
  const gridsRef = useRef<HTMLDivElement>(null);
  /** Set by the keyboard: focus follows the active day once it is drawn. */
  const focusActive = useRef(false);
  const bounds: DateBounds = { min: firstDayOf(todayMonth), max: horizonEnd };
  const shownDays = months.flatMap((ref) => daysOfMonth(ref.year, ref.month));
  const tabStop = tabStopDay(shownDays, { active: activeDay, selected: date, today }, dayDisabled);

  useEffect(() => {
    if (!focusActive.current || !activeDay) return;
    focusActive.current = false;
    gridsRef.current?.querySelector<HTMLElement>(`[data-day="${activeDay}"]`)?.focus();
  }, [activeDay, firstMonth]);

  const chooseDate = (day: string) => {
    setDate(day);
    if (time && startUnavailable(day, time)) setTime(null);
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const day = (event.target as HTMLElement).closest<HTMLElement>("[data-day]")?.dataset.day;
    if (!day || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (!dayDisabled(day)) chooseDate(day);
      return;
    }
    const target = gridKeyTarget(event.key, day, bounds);
    if (target === null) return;
    event.preventDefault();
    focusActive.current = true;
    setActiveDay(target);
    setFirstMonth((first) => firstMonthShowing(first, target, SHOWN_MONTHS));
  };

  const slotUnavailable = (start: string) => !date || startUnavailable(date, start);
  // Rescheduling to the current date and time would change nothing: Update Booking waits for another.
  const unchanged = rescheduling && date === current.date && time === current.time;
  const ready = date !== null && time !== null && !slotUnavailable(time) && booked !== null && !unchanged;

  return (
    <section className="card space-y-5 p-5" aria-labelledby="dtp-title">
      <h2 id="dtp-title" tabIndex={-1} className="text-xl font-semibold text-white">
        {rescheduling ? "Choose a New Date and Time" : "Choose a Date and Time"}
      </h2>

      <div role="tablist" aria-label="Date options" className="flex gap-2">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            onClick={() => setTab(name)}
            className={`rounded-full px-4 py-1.5 text-sm font-medium ${
              tab === name ? "bg-teal-500 text-slate-950" : "bg-slate-800 text-slate-300 hover:bg-slate-700"
            }`}
          >
            {name}
          </button>
        ))}
      </div>

      {booked === null && (
        <p role="status" className="text-sm text-slate-400">
          Loading available dates...
        </p>
      )}

      {tab === "Dates" && (
        <div role="tabpanel" aria-label="Dates" className="space-y-3">
          <div className="flex items-center justify-between">
            <button
              type="button"
              className="btn-ghost"
              aria-label="Previous month"
              disabled={!canGoBack}
              onClick={() => setFirstMonth((m) => shiftMonth(m, -1))}
            >
              <ChevronLeft aria-hidden="true" className="size-4" />
            </button>
            <button
              type="button"
              className="btn-ghost"
              aria-label="Next month"
              disabled={!canGoForward}
              onClick={() => setFirstMonth((m) => shiftMonth(m, 1))}
            >
              <ChevronRight aria-hidden="true" className="size-4" />
            </button>
          </div>
          <div ref={gridsRef} className="grid gap-6 md:grid-cols-2">
            {months.map((ref) => (
              <MonthCalendar
                key={`${ref.year}-${ref.month}`}
                month={ref}
                selected={date}
                today={today}
                tabStop={tabStop}
                isDisabled={dayDisabled}
                isFullyBooked={fullyBooked}
                isFullyOff={fullyOff}
                onChoose={(day) => {
                  setActiveDay(day);
                  chooseDate(day);
                }}
                onKeyDown={onGridKeyDown}
              />
            ))}
          </div>
        </div>
      )}

      {tab === "Months" && (
        <MonthsTab
          first={todayMonth}
          shown={firstMonth}
          onChoose={(ref) => {
            setFirstMonth(ref);
            setTab("Dates");
          }}
        />
      )}

      {tab === "Flexible" && (
        <div role="tabpanel" aria-label="Flexible">
          <p className="text-sm text-slate-400">Flexible options are coming soon.</p>
        </div>
      )}

      <TimeSlots
        date={date}
        time={time}
        isTaken={isTaken}
        isOff={isOff}
        isCurrent={isCurrent}
        isUnavailable={slotUnavailable}
        onChoose={setTime}
        zone={zone}
      />

      {unchanged && <p className="text-sm text-slate-400">{MSG.rescheduleUnchanged}</p>}
      <button type="button" className="btn-primary w-full" disabled={!ready || busy} onClick={() => date && time && onSubmit({ date, time })}>
        {rescheduling ? "Update Booking" : "Continue"}
      </button>
    </section>
  );
}
