import { parseIsoDate, toIsoDate } from "./dates";

/*
 * The date picker's keyboard (WAI-ARIA grid pattern, as in the APG date picker): pure date
 * arithmetic on yyyy-MM-dd strings, so that it is tested without a browser.
 */

export interface MonthRef {
  year: number;
  /** 0-based. */
  month: number;
}

export interface DateBounds {
  /** First and last date focus may reach (yyyy-MM-dd). */
  min: string;
  max: string;
}

export function monthOf(iso: string): MonthRef {
  const date = parseIsoDate(iso);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() };
}

export function shiftMonth({ year, month }: MonthRef, by: number): MonthRef {
  const date = new Date(Date.UTC(year, month + by, 1));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() };
}

export function sameMonth(a: MonthRef, b: MonthRef): boolean {
  return a.year === b.year && a.month === b.month;
}

/** Months from `a` to `b` (negative when `b` comes first). */
export function monthsBetween(a: MonthRef, b: MonthRef): number {
  return (b.year - a.year) * 12 + (b.month - a.month);
}

export function addDays(iso: string, days: number): string {
  return toIsoDate(new Date(parseIsoDate(iso).getTime() + days * 86_400_000));
}

/** The same day `by` months later, or that month's last day when it is shorter (Jan 31 + 1 → Feb 28). */
export function addMonths(iso: string, by: number): string {
  const date = parseIsoDate(iso);
  const target = shiftMonth({ year: date.getUTCFullYear(), month: date.getUTCMonth() }, by);
  const lastDay = new Date(Date.UTC(target.year, target.month + 1, 0)).getUTCDate();
  return toIsoDate(new Date(Date.UTC(target.year, target.month, Math.min(date.getUTCDate(), lastDay))));
}

function clamp(iso: string, { min, max }: DateBounds): string {
  return iso < min ? min : iso > max ? max : iso;
}

/**
 * Where focus goes from `focused` when `key` is pressed in the grid: ArrowLeft and ArrowRight a
 * day, ArrowUp and ArrowDown a week, Home and End the week's Sunday and Saturday, PageUp and
 * PageDown a month; never beyond the bounds. null: the key is not one of the grid's.
 */
export function gridKeyTarget(key: string, focused: string, bounds: DateBounds): string | null {
  const weekday = parseIsoDate(focused).getUTCDay();
  const moves: Record<string, () => string> = {
    ArrowLeft: () => addDays(focused, -1),
    ArrowRight: () => addDays(focused, 1),
    ArrowUp: () => addDays(focused, -7),
    ArrowDown: () => addDays(focused, 7),
    Home: () => addDays(focused, -weekday),
    End: () => addDays(focused, 6 - weekday),
    PageUp: () => addMonths(focused, -1),
    PageDown: () => addMonths(focused, 1),
  };
  const move = moves[key];
  return move ? clamp(move(), bounds) : null;
}

/** The rows of a month's table: weeks of seven cells from Sunday, null before the 1st and after the last day. */
export function monthWeeks({ year, month }: MonthRef): (string | null)[][] {
  const count = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const leading = new Date(Date.UTC(year, month, 1)).getUTCDay();
  const cells: (string | null)[] = [
    ...Array.from({ length: leading }, () => null),
    ...Array.from({ length: count }, (_, index) => toIsoDate(new Date(Date.UTC(year, month, index + 1)))),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/**
 * The first of the `shown` months to show so that `date` is among them: unchanged when it
 * already is, otherwise the fewest months moved.
 */
export function firstMonthShowing(first: MonthRef, date: string, shown = 2): MonthRef {
  const offset = monthsBetween(first, monthOf(date));
  if (offset < 0) return shiftMonth(first, offset);
  if (offset >= shown) return shiftMonth(first, offset - shown + 1);
  return first;
}

/**
 * The one day of the shown days that is in the tab order: the day focus was last on, else the
 * chosen day, else today, else the first day that can be chosen, else the first day shown.
 */
export function tabStopDay(
  shownDays: readonly string[],
  candidates: { active: string | null; selected: string | null; today: string },
  isDisabled: (day: string) => boolean,
): string | undefined {
  const shown = new Set(shownDays);
  const { active, selected, today } = candidates;
  for (const day of [active, selected]) if (day && shown.has(day)) return day;
  if (shown.has(today) && !isDisabled(today)) return today;
  return shownDays.find((day) => !isDisabled(day)) ?? shownDays[0];
}

/** The first day (yyyy-MM-dd) of a month. */
export function firstDayOf({ year, month }: MonthRef): string {
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}
