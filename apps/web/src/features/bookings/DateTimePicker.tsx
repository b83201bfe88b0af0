import type { BookedSlot } from "@vam/shared";
import { SLOT_HOURS, bookingHorizonEnd, formatLongDate, formatTime } from "@vam/shared";
import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { api } from "../../api/client";
import {
  firstMonthShowing,
  gridKeyTarget,
  monthOf,
  monthWeeks,
  monthsBetween,
  sameMonth,
  shiftMonth,
  tabStopDay,
  type DateBounds,
  type MonthRef,
} from "./date-grid";
import { SLOTS, addHours, daysOfMonth, formatMonth, isWeekend, manilaNow, manilaToday, parseIsoDate } from "./dates";

export interface DateTime {
  date: string;
  time: string;
}

interface DateTimePickerProps {
  consultantId: string;
  /** When rescheduling: the booking's slot, labelled Current and selectable. */
  current?: DateTime;
  /** Hours to book: a full day (8) starts in the morning and needs both slots free. */
  duration?: number;
  /** A preselection (e.g. from the profile's calendar). */
  initial?: Partial<DateTime>;
  onSubmit: (choice: DateTime) => void;
  /** Disables the button while the parent works. */
  busy?: boolean;
}

type Tab = "Dates" | "Months" | "Flexible";
const TABS: Tab[] = ["Dates", "Months", "Flexible"];
const WEEKDAYS = [
  ["Sun", "Sunday"],
  ["Mon", "Monday"],
  ["Tue", "Tuesday"],
  ["Wed", "Wednesday"],
  ["Thu", "Thursday"],
  ["Fri", "Friday"],
  ["Sat", "Saturday"],
] as const;
/** Months shown side by side. */
const SHOWN_MONTHS = 2;

/** Date and time picker for booking and rescheduling. */
export function DateTimePicker({ consultantId, current, duration = SLOT_HOURS, initial, onSubmit, busy = false }: DateTimePickerProps) {
  const rescheduling = current !== undefined;
  const today = manilaToday();
  const [tab, setTab] = useState<Tab>("Dates");
  const [date, setDate] = useState<string | null>(initial?.date ?? current?.date ?? null);
  const [time, setTime] = useState<string | null>(initial?.time ?? current?.time ?? null);
  const [firstMonth, setFirstMonth] = useState<MonthRef>(() => monthOf(date ?? today));
  const [booked, setBooked] = useState<BookedSlot[] | null>(null);

  useEffect(() => {
    let cancelled = false;
    setBooked(null);
    api
      .get<BookedSlot[]>(`/bookings/booked/${encodeURIComponent(consultantId)}`)
      .then((slots) => !cancelled && setBooked(Array.isArray(slots) ? slots : []))
      .catch(() => !cancelled && setBooked([]));
    return () => {
      cancelled = true;
    };
  }, [consultantId]);

  /** Taken slots by date, leaving out those of the booking being rescheduled. */
  const takenByDate = useMemo(() => {
    const ownEnd = current ? addHours(current.time, duration) : null;
    const map = new Map<string, Set<string>>();
    for (const slot of booked ?? []) {
      if (current && ownEnd && slot.date === current.date && slot.time >= current.time && slot.time < ownEnd) continue;
      const set = map.get(slot.date) ?? new Set<string>();
      set.add(slot.time);
      map.set(slot.date, set);
    }
    return map;
  }, [booked, current, duration]);

  const slotPassed = (day: string, start: string) => day < today || (day === today && start <= manilaNow());
  const isCurrent = (day: string, start: string) => current?.date === day && current.time === start;
  const isTaken = (day: string, start: string) => takenByDate.get(day)?.has(start) ?? false;
  const fullyBooked = (day: string) => SLOTS.every(({ start }) => isTaken(day, start));
  /** The slots a booking of `duration` hours from `start` would hold. */
  const heldFrom = (start: string) => SLOTS.filter((slot) => slot.start >= start && slot.start < addHours(start, duration));
  const startUnavailable = (day: string, start: string) =>
    (duration > SLOT_HOURS && start !== SLOTS[0]!.start) ||
    ((slotPassed(day, start) || heldFrom(start).some((slot) => isTaken(day, slot.start))) && !isCurrent(day, start));
  /** Bookings are made and moved at most BOOKING_HORIZON_MONTHS ahead (shared rule). */
  const horizonEnd = bookingHorizonEnd(today);
  const dayDisabled = (day: string) => day < today || day > horizonEnd || isWeekend(day) || SLOTS.every(({ start }) => startUnavailable(day, start));

  const todayMonth = monthOf(today);
  const months = Array.from({ length: SHOWN_MONTHS }, (_, index) => shiftMonth(firstMonth, index));
  const canGoBack = !sameMonth(firstMonth, todayMonth) && parseIsoDate(toFirst(firstMonth)) > parseIsoDate(toFirst(todayMonth));
  const canGoForward = monthsBetween(months.at(-1)!, monthOf(horizonEnd)) > 0;

  /** The grid's one tab stop (roving tabindex): the day focus was last on, when it is still shown. */
  const [activeDay, setActiveDay] = useState<string | null>(null);
  const gridsRef = useRef<HTMLDivElement>(null);
  /** Set by the keyboard: focus follows the active day once it is drawn. */
  const focusActive = useRef(false);
  const bounds: DateBounds = { min: toFirst(todayMonth), max: horizonEnd };
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
  const ready = date !== null && time !== null && !slotUnavailable(time) && booked !== null;

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
        <div role="tabpanel" aria-label="Months" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {Array.from({ length: 12 }, (_, index) => shiftMonth(todayMonth, index)).map((ref) => (
            <button
              key={`${ref.year}-${ref.month}`}
              type="button"
              aria-pressed={sameMonth(ref, firstMonth)}
              onClick={() => {
                setFirstMonth(ref);
                setTab("Dates");
              }}
              className="rounded-lg bg-slate-800 px-3 py-2 text-sm text-slate-200 hover:bg-slate-700 aria-pressed:bg-teal-500 aria-pressed:text-slate-950"
            >
              {formatMonth(ref.year, ref.month)}
            </button>
          ))}
        </div>
      )}

      {tab === "Flexible" && (
        <div role="tabpanel" aria-label="Flexible">
          <p className="text-sm text-slate-400">Flexible options are coming soon.</p>
        </div>
      )}

      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-slate-300">
          {date ? `Times for ${formatLongDate(date)}` : "Choose a date to see the times"}
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {SLOTS.map(({ start, label }) => {
            const taken = date !== null && isTaken(date, start);
            const currentSlot = date !== null && isCurrent(date, start);
            const disabled = slotUnavailable(start);
            return (
              <button
                key={start}
                type="button"
                aria-pressed={time === start && !!date}
                disabled={disabled}
                onClick={() => setTime(start)}
                className="flex flex-col items-start rounded-lg border border-slate-700 px-4 py-3 text-left text-slate-200 hover:border-teal-400 disabled:cursor-not-allowed disabled:opacity-50 aria-pressed:border-teal-400 aria-pressed:bg-teal-500/20"
              >
                <span className="font-medium">
                  {label} ({formatTime(start)} to {formatTime(addHours(start, SLOT_HOURS))})
                </span>
                {taken && <span className="text-xs text-rose-400">Booked</span>}
                {currentSlot && <span className="text-xs text-sky-400">Current</span>}
              </button>
            );
          })}
        </div>
      </fieldset>

      <button type="button" className="btn-primary w-full" disabled={!ready || busy} onClick={() => date && time && onSubmit({ date, time })}>
        {rescheduling ? "Update Booking" : "Continue"}
      </button>
    </section>
  );
}

function toFirst({ year, month }: MonthRef): string {
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

interface MonthCalendarProps {
  month: MonthRef;
  selected: string | null;
  today: string;
  /** The day in the tab order (one for all the months shown). */
  tabStop: string | undefined;
  isDisabled: (day: string) => boolean;
  isFullyBooked: (day: string) => boolean;
  onChoose: (day: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTableElement>) => void;
}

/**
 * One month as a WAI-ARIA grid: a table whose days are cells that take focus (one tab stop for
 * the months shown, arrows move), aria-selected on the chosen day, aria-disabled on days that
 * cannot be chosen (still reached by the arrows, and announced as unavailable).
 */
function MonthCalendar({ month, selected, today, tabStop, isDisabled, isFullyBooked, onChoose, onKeyDown }: MonthCalendarProps) {
  const title = formatMonth(month.year, month.month);
  const titleId = useId();
  const fullyBookedId = useId();
  return (
    <div>
      <h3 id={titleId} className="mb-2 text-center font-semibold text-white">
        {title}
      </h3>
      <span id={fullyBookedId} hidden>
        Fully booked
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
                    fullyBookedId={fullyBookedId}
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
  fullyBookedId: string;
  onChoose: (day: string) => void;
}

function DayCell({ day, selected, today, inTabOrder, disabled, fullyBooked, fullyBookedId, onChoose }: DayCellProps) {
  return (
    <td
      role="gridcell"
      data-day={day}
      tabIndex={inTabOrder ? 0 : -1}
      aria-label={formatLongDate(day)}
      aria-selected={selected}
      aria-disabled={disabled || undefined}
      aria-current={today ? "date" : undefined}
      aria-describedby={fullyBooked ? fullyBookedId : undefined}
      title={fullyBooked ? "Fully booked" : undefined}
      onClick={() => !disabled && onChoose(day)}
      className={`h-10 cursor-pointer rounded-md text-center text-sm text-slate-200 select-none hover:bg-slate-700 aria-disabled:cursor-not-allowed aria-disabled:text-slate-500 aria-disabled:hover:bg-transparent aria-selected:bg-teal-500 aria-selected:font-semibold aria-selected:text-slate-950 aria-[current=date]:ring-1 aria-[current=date]:ring-teal-400/60 ${
        fullyBooked ? "line-through" : ""
      }`}
    >
      {parseIsoDate(day).getUTCDate()}
    </td>
  );
}
