import { SLOTS, SLOT_HOURS, heldRefusal, heldSpan, startRefusal, type ProfileSearch } from "@vam/shared";
import { isRegularHoliday } from "../time-off/public.js";
import type { Doc } from "./search-index.js";

/**
 * Who is NOT free on `date` (in `slot`, or in either slot), by the booking rules (the shared
 * `slotRefusal`): free means a slot of that day that no refusal of its start refuses (a future
 * weekday within the horizon) and that the Assistant's held time does not (no pending or confirmed
 * booking, no time off). Read from the held time each listing carries in the index (decision
 * 0015), which follows the database's change log as the rest of the card does: no round trip.
 * Null when no such slot can exist that day for anyone.
 */
export function busyThen(date: string, slot: ProfileSearch["slot"], now: Date): ((doc: Pick<Doc, "held">) => boolean) | null {
  const starts = SLOTS.filter((s) => (!slot || s.label === slot) && startRefusal(date, s.start, now) === null);
  if (starts.length === 0) return null;
  const holiday = isRegularHoliday(date);
  const spans = starts.map((s) => heldSpan({ date, time: s.start, duration: SLOT_HOURS, holiday }));
  return ({ held }) => spans.every((span) => heldRefusal(span, held) !== null);
}
