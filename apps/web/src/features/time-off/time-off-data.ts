import { MSG, createTimeOffSchema, holidaysSwitchSchema } from "@vam/shared";
import type { ActionFunctionArgs } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { attempt, type ActionResult } from "../../lib/actions";
import { jsonBody } from "../../lib/json-body";
import { createTimeOff, removeTimeOff, setHolidaysOff } from "./time-off-api";

/** The changes of `TIME_OFF_PATH` (lib/data-routes.ts; addresses in time-off-routes.ts), named by their intent. */
const timeOffChangeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), input: createTimeOffSchema }),
  z.object({ intent: z.literal("remove") }),
  holidaysSwitchSchema.extend({ intent: z.literal("holidays") }),
]);
export type TimeOffChange = z.input<typeof timeOffChangeSchema>;

/**
 * `TIME_OFF_PATH` (lib/data-routes.ts; addresses in time-off-routes.ts, decision 0004): blocks time off, removes a block (`:id`) or turns the
 * holiday switch. A refusal over bookings (409) carries them in `details.bookings` (and, for the
 * switch, the holidays that hold them in `details.bookedHolidays`); the section
 * shows it. After the answer React Router reads the page's loaders again.
 */
export async function timeOffAction({ params, request }: ActionFunctionArgs): Promise<ActionResult<unknown>> {
  const body = await jsonBody(request, timeOffChangeSchema);
  if (!body.ok) return body;
  const change = body.data;
  switch (change.intent) {
    case "create": {
      const result = await attempt(() => createTimeOff(change.input), MSG.timeOffFailed);
      if (result.ok) toast.success(MSG.timeOffAdded);
      return result;
    }
    case "remove": {
      const result = await attempt(() => removeTimeOff(params.id ?? ""), MSG.timeOffFailed);
      // No dialog shows a refusal here: the toast does.
      if (result.ok) toast.success(MSG.timeOffRemoved);
      else toast.error(result.message);
      return result;
    }
    case "holidays":
      return attempt(() => setHolidaysOff(change.on, change.keepBooked), MSG.timeOffFailed);
  }
}
