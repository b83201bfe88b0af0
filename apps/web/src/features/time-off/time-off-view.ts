import {
  MSG,
  SLOTS,
  SLOT_HOURS,
  addHoursToTime,
  formatLongDate,
  formatTime,
  isWeekend,
  shiftDate,
  type ConflictingBooking,
  type TimeOffView,
} from "@vam/shared";

/** The Slot field's choices: the whole day (no slot) or one of the day's two slots. */
export const SLOT_CHOICES: readonly { value: string; label: string }[] = [
  { value: "", label: "Whole day" },
  ...SLOTS.map(({ start, label }) => ({
    value: start,
    label: `${label} (${formatTime(start)} to ${formatTime(addHoursToTime(start, SLOT_HOURS))})`,
  })),
];

/** A slot's words in the Slot field ("Morning (9:00 AM to 1:00 PM)"), or "Whole day". */
export const slotLabel = (slot: string | null) => SLOT_CHOICES.find((choice) => choice.value === (slot ?? ""))?.label ?? slot ?? "";

/** The weekdays from `from` to `to` (both included): the days a block of time off takes. */
export function weekdaysBetween(from: string, to: string): number {
  let count = 0;
  for (let date = from; date <= to; date = shiftDate(date, 1)) if (!isWeekend(date)) count += 1;
  return count;
}

/** A block's dates as shown: the one date, or "from – to". */
export const blockDates = (block: Pick<TimeOffView, "from" | "to">) =>
  block.from === block.to ? formatLongDate(block.from) : `${formatLongDate(block.from)} – ${formatLongDate(block.to)}`;

/** What a block takes besides its dates: a slot, the whole day, or how many weekdays. */
export function blockExtent(block: Pick<TimeOffView, "from" | "to" | "slot">): string {
  if (block.from === block.to) return slotLabel(block.slot);
  const days = weekdaysBetween(block.from, block.to);
  return `${days} ${days === 1 ? "weekday" : "weekdays"}`;
}

/** The name of a block's Remove button, which tells the rows apart: "Remove time off Monday, December 7, 2026, Morning". */
export function removeName(block: Pick<TimeOffView, "from" | "to" | "slot">): string {
  const dates = block.from === block.to ? formatLongDate(block.from) : `${formatLongDate(block.from)} to ${formatLongDate(block.to)}`;
  const slot = SLOTS.find(({ start }) => start === block.slot);
  return `Remove time off ${dates}${slot ? `, ${slot.label}` : ""}`;
}

/** Who a kept holiday's bookings are with: "a booking with Ana Cruz", "2 bookings with Ana Cruz and Ben Lim", or none now. */
export function keptBookingsText(bookings: readonly ConflictingBooking[]): string {
  if (bookings.length === 0) return MSG.holidayKeptFree;
  const names = [...new Set(bookings.map((booking) => booking.clientName))];
  const who = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  return `${bookings.length === 1 ? "a booking" : `${bookings.length} bookings`} with ${who}`;
}
