import { formatTime, manilaInstant, withYourTime } from "@vam/shared";

/*
 * The dashboard's booking times in both clocks (decisions.md, "Time zones"): Manila's words as the
 * spec writes them, and the viewer's own time beside them where their clock reads otherwise
 * (`withYourTime`, the one formatting of a booking time; nothing is added for a viewer in Manila).
 */

/** A start on a Manila date: "9:00 AM", then " Manila · Tue, Nov 24, 5:00 PM your time" where the viewer's clock differs. */
export const startWithYourTime = (date: string, start: string, zone: string): string =>
  withYourTime(formatTime(start), manilaInstant(date, start), zone);
