import type { BookedSlot } from "@vam/shared";
import { SLOT_HOURS, formatLongDate, formatTime } from "@vam/shared";
import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import { useEffect, useMemo, useState } from "react";
import { api } from "../../api/client";
import {
  SLOTS,
  addHours,
  daysOfMonth,
  formatMonth,
  isWeekend,
  manilaNow,
  manilaToday,
  parseIsoDate,
} from "./dates";

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
const WEEKDAY_HEADERS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

interface MonthRef {
  year: number;
  month: number;
}

function monthOf(iso: string): MonthRef {
  const date = parseIsoDate(iso);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() };
}

function shiftMonth({ year, month }: MonthRef, by: number): MonthRef {
  const date = new Date(Date.UTC(year, month + by, 1));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() };
}

function sameMonth(a: MonthRef, b: MonthRef) {
  return a.year === b.year && a.month === b.month;
}

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
  const dayDisabled = (day: string) => day < today || isWeekend(day) || SLOTS.every(({ start }) => startUnavailable(day, start));

  const todayMonth = monthOf(today);
  const months = [firstMonth, shiftMonth(firstMonth, 1)];
  const canGoBack = !sameMonth(firstMonth, todayMonth) && parseIsoDate(toFirst(firstMonth)) > parseIsoDate(toFirst(todayMonth));

  const chooseDate = (day: string) => {
    setDate(day);
    if (time && startUnavailable(day, time)) setTime(null);
  };

  const slotUnavailable = (start: string) => !date || startUnavailable(date, start);
  const ready = date !== null && time !== null && !slotUnavailable(time) && booked !== null;

  return (
    <section className="card space-y-5 p-5" aria-labelledby="dtp-title">
      <h2 id="dtp-title" className="text-xl font-semibold text-white">
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
              onClick={() => setFirstMonth((m) => shiftMonth(m, 1))}
            >
              <ChevronRight aria-hidden="true" className="size-4" />
            </button>
          </div>
          <div className="grid gap-6 md:grid-cols-2">
            {months.map((ref) => (
              <MonthCalendar
                key={`${ref.year}-${ref.month}`}
                month={ref}
                selected={date}
                isDisabled={dayDisabled}
                isFullyBooked={fullyBooked}
                onChoose={chooseDate}
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

      <button
        type="button"
        className="btn-primary w-full"
        disabled={!ready || busy}
        onClick={() => date && time && onSubmit({ date, time })}
      >
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
  isDisabled: (day: string) => boolean;
  isFullyBooked: (day: string) => boolean;
  onChoose: (day: string) => void;
}

function MonthCalendar({ month, selected, isDisabled, isFullyBooked, onChoose }: MonthCalendarProps) {
  const days = daysOfMonth(month.year, month.month);
  const leading = parseIsoDate(days[0]!).getUTCDay();
  const title = formatMonth(month.year, month.month);
  return (
    <div>
      <h3 className="mb-2 text-center font-semibold text-white">{title}</h3>
      <div className="grid grid-cols-7 gap-1 text-center text-xs text-slate-500" aria-hidden="true">
        {WEEKDAY_HEADERS.map((name) => (
          <span key={name}>{name}</span>
        ))}
      </div>
      <div role="group" aria-label={title} className="mt-1 grid grid-cols-7 gap-1">
        {Array.from({ length: leading }, (_, index) => (
          <span key={`blank-${index}`} />
        ))}
        {days.map((day) => {
          const disabled = isDisabled(day);
          const full = isFullyBooked(day);
          return (
            <button
              key={day}
              type="button"
              aria-label={formatLongDate(day)}
              aria-pressed={selected === day}
              title={full ? "Fully booked" : undefined}
              disabled={disabled}
              onClick={() => onChoose(day)}
              className={`aspect-square rounded-md text-sm text-slate-200 hover:bg-slate-700 disabled:cursor-not-allowed disabled:text-slate-600 disabled:hover:bg-transparent aria-pressed:bg-teal-500 aria-pressed:text-slate-950 ${
                full ? "line-through" : ""
              }`}
            >
              {parseIsoDate(day).getUTCDate()}
            </button>
          );
        })}
      </div>
    </div>
  );
}
