import { MSG, type CreateTimeOffInput } from "@vam/shared";
import type { ActionFunctionArgs } from "react-router";
import { toast } from "sonner";
import { attempt, jsonBody, type ActionResult } from "../../lib/actions";
import { createTimeOff, removeTimeOff, setHolidaysOff } from "./time-off-api";

/** The changes of `/data/time-off/:id?`, named by their intent. */
export type TimeOffChange =
  { intent: "create"; input: CreateTimeOffInput } | { intent: "remove" } | { intent: "holidays"; on: boolean; keepBooked?: boolean };

/**
 * `/data/time-off/:id?` (decision 0004): blocks time off, removes a block (`:id`) or turns the
 * holiday switch. A refusal over bookings (409) carries them in `details.bookings` (and, for the
 * switch, the holidays that hold them in `details.bookedHolidays`); the section
 * shows it. After the answer React Router reads the page's loaders again.
 */
export async function timeOffAction({ params, request }: ActionFunctionArgs): Promise<ActionResult<unknown>> {
  const change = await jsonBody<TimeOffChange>(request);
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
    default:
      throw new Response("Unknown change", { status: 400 });
  }
}

/** `/data/time-off`, or one block's `/data/time-off/{id}`: where the section's changes are submitted. */
export const timeOffHref = (id?: string) => `/data/time-off${id ? `/${encodeURIComponent(id)}` : ""}`;
