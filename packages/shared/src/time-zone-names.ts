/*
 * Time zone names, apart from zones.ts: the web's first chunk reads the browser's zone
 * (`useTimeZone`) and must not bring manila.ts and date-fns along with it (page-weight.test.ts).
 */

/** Manila's zone: the platform's clock, and everyone's where no other is known. */
export const TIME_ZONE = "Asia/Manila";

/** An IANA name as Intl knows it ("America/Los_Angeles", "Asia/Calcutta", "UTC"): no offsets ("+08:00"), no free text. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;

/** Whether `zone` is a time zone of the IANA database that this runtime knows. */
export function isTimeZone(zone: string): boolean {
  if (zone.length > 64 || !ZONE_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The browser's (or machine's) own zone, or Manila's where it has none that is valid. */
export function deviceTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isTimeZone(zone) ? zone : TIME_ZONE;
  } catch {
    return TIME_ZONE;
  }
}
