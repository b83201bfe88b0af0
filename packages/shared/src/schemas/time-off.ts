import { z } from "zod";
import { SLOT_STARTS, TIME_OFF_NOTE_MAX } from "../constants.js";
import { MSG } from "../messages.js";
import { isoDate } from "./bookings.js";
import { optionalLine } from "./fields.js";

/**
 * `POST /time-off`: an Assistant blocks every weekday from `from` to `to`, or one slot of one
 * date (`slot`); the note is theirs alone.
 */
export const createTimeOffSchema = z
  .object({
    from: isoDate,
    to: isoDate,
    slot: z.enum(SLOT_STARTS, { error: MSG.timeOffSlotInvalid }).nullish(),
    note: optionalLine(TIME_OFF_NOTE_MAX, MSG.timeOffNoteTooLong),
  })
  .refine((block) => block.to >= block.from, { message: MSG.timeOffRangeInvalid, path: ["to"] })
  .refine((block) => !block.slot || block.from === block.to, { message: MSG.timeOffSlotOneDay, path: ["slot"] });
export type CreateTimeOffInput = z.input<typeof createTimeOffSchema>;

/**
 * `PUT /time-off/holidays`: whether the Philippines' regular holidays are time off. Turning them
 * on over holidays that hold bookings is refused unless `keepBooked`: then those holidays stay
 * working days and every other one is time off.
 */
export const holidaysSwitchSchema = z.object({
  on: z.boolean({ error: MSG.holidaysSwitchInvalid }),
  keepBooked: z.boolean({ error: MSG.holidaysSwitchInvalid }).optional(),
});
