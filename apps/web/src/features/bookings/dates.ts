/*
 * The pages' calendar helpers, all from @vam/shared (packages/shared/src/manila.ts, on date-fns with
 * the Manila time zone). Kept as a re-export under the pages' names until their imports move to
 * @vam/shared; nothing is computed here.
 */
export {
  addHoursToTime as addHours,
  daysOfMonth,
  formatMonth,
  formatShortDate,
  isWeekend,
  manilaNow,
  manilaToday,
  parseIsoDate,
  SLOTS,
  toIsoDate,
} from "@vam/shared";
export type { SlotStart } from "@vam/shared";
