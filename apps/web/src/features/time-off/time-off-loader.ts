import type { AccountRole, TimeOffOverview } from "@vam/shared";
import { fetchTimeOff } from "./time-off-api";

/**
 * The time off section's data, for the loader of the page that shows it (the Booking Dashboard):
 * an Assistant's blocks, holiday switch and holidays, not awaited (the section shows them through
 * <Await>); nothing for anyone else.
 */
export function loadTimeOff(role: AccountRole | undefined): Promise<TimeOffOverview> | null {
  if (role !== "Assistant") return null;
  const overview = fetchTimeOff();
  // <Await> reports the failure; this only keeps it from counting as unhandled meanwhile.
  overview.catch(() => undefined);
  return overview;
}
