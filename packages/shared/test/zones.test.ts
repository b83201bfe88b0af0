import { describe, expect, it } from "vitest";
import { clockChanges, inYourDaytime, isTimeZone, manilaInstant, readsAsManila, withYourTime, yourTime, zonedClock } from "../src/index.js";

/** Manila's 9:00 AM and 1:00 PM of Tuesday, December 1, 2026 (UTC 01:00 and 05:00). */
const morning = manilaInstant("2026-12-01", "09:00");
const morningEnd = manilaInstant("2026-12-01", "13:00");
const afternoon = manilaInstant("2026-12-01", "13:00");
const afternoonEnd = manilaInstant("2026-12-01", "17:00");

describe("the viewer's own clock beside Manila's", () => {
  it.each([
    ["America/Los_Angeles", "Mon, Nov 30, 5:00 PM your time"],
    ["America/New_York", "Mon, Nov 30, 8:00 PM your time"],
    ["Europe/London", "1:00 AM your time"],
    ["Australia/Sydney", "12:00 PM your time"],
    ["Asia/Kolkata", "6:30 AM your time"],
    ["Asia/Calcutta", "6:30 AM your time"],
  ])("%s reads Manila's 9:00 AM on December 1 as %s", (zone, expected) => {
    expect(yourTime(morning, zone)).toBe(expected);
  });

  it("gives nothing more to someone in Manila, or on Manila's clock, or with no zone", () => {
    expect(yourTime(morning, "Asia/Manila")).toBeNull();
    expect(yourTime(morning, "Asia/Singapore")).toBeNull();
    expect(yourTime(morning, undefined)).toBeNull();
    expect(withYourTime("Tuesday, December 1, 2026 at 9:00 AM", morning, "Asia/Manila")).toBe("Tuesday, December 1, 2026 at 9:00 AM");
  });

  it("puts both clocks in one text, the viewer's date when it is not Manila's", () => {
    expect(withYourTime("Tuesday, December 1, 2026 at 9:00 AM", morning, "America/Los_Angeles")).toBe(
      "Tuesday, December 1, 2026 at 9:00 AM Manila · Mon, Nov 30, 5:00 PM your time",
    );
    expect(withYourTime("9:00 AM", morning, "Europe/London", { withDate: true })).toBe("9:00 AM Manila · Tue, Dec 1, 1:00 AM your time");
  });

  it("names the next day of a range that crosses the viewer's midnight", () => {
    // Manila's afternoon is 9:00 PM to 1:00 AM in Los Angeles, starting on Monday.
    expect(yourTime(afternoon, "America/Los_Angeles", { end: afternoonEnd })).toBe("Mon, Nov 30, 9:00 PM to 1:00 AM Tue your time");
    expect(yourTime(afternoon, "Australia/Sydney", { end: afternoonEnd })).toBe("4:00 PM to 8:00 PM your time");
    // Half an hour: Kolkata.
    expect(yourTime(afternoon, "Asia/Kolkata", { end: afternoonEnd })).toBe("10:30 AM to 2:30 PM your time");
  });

  it("reads the wall clock of any zone, daylight saving included", () => {
    expect(zonedClock(morning, "America/Los_Angeles")).toEqual({ date: "2026-11-30", time: "17:00" });
    // July: Los Angeles on PDT (UTC-7), London on BST (UTC+1), Sydney on AEST (UTC+10).
    const july = manilaInstant("2027-07-06", "09:00");
    expect(zonedClock(july, "America/Los_Angeles")).toEqual({ date: "2027-07-05", time: "18:00" });
    expect(zonedClock(july, "Europe/London")).toEqual({ date: "2027-07-06", time: "02:00" });
    expect(zonedClock(july, "Australia/Sydney")).toEqual({ date: "2027-07-06", time: "11:00" });
    expect(readsAsManila(july, "Asia/Manila")).toBe(true);
    expect(readsAsManila(july, "Europe/London")).toBe(false);
  });

  it("moves a weekly Manila slot by an hour in Los Angeles across the day its clocks change", () => {
    // Sunday, March 14, 2027: Los Angeles moves to PDT. Manila's Monday 9:00 AM is Sunday 5:00 PM, then 6:00 PM.
    expect(yourTime(manilaInstant("2027-03-08", "09:00"), "America/Los_Angeles")).toBe("Sun, Mar 7, 5:00 PM your time");
    expect(yourTime(manilaInstant("2027-03-15", "09:00"), "America/Los_Angeles")).toBe("Sun, Mar 14, 6:00 PM your time");
    // On the very day: the slot starts after the change (10:00 UTC), at 01:00 UTC of Monday.
    expect(yourTime(manilaInstant("2027-03-14", "09:00"), "America/Los_Angeles")).toBe("Sat, Mar 13, 5:00 PM your time");
  });
});

describe("the viewer's daytime (7 AM to 10 PM their time)", () => {
  it.each([
    ["America/Los_Angeles", true, false],
    ["Europe/London", false, false],
    ["Australia/Sydney", true, true],
    ["Asia/Kolkata", false, true],
    ["Asia/Manila", true, true],
  ])("%s: morning %s, afternoon %s", (zone, morningSuits, afternoonSuits) => {
    expect(inYourDaytime(morning, morningEnd, zone)).toBe(morningSuits);
    expect(inYourDaytime(afternoon, afternoonEnd, zone)).toBe(afternoonSuits);
  });
});

describe("the days the clocks change", () => {
  const spring = [Date.parse("2027-03-01T00:00:00Z"), Date.parse("2027-04-10T00:00:00Z")] as const;

  it.each([
    ["America/Los_Angeles", "2027-03-14T10:00:00.000Z", -480, -420],
    ["America/New_York", "2027-03-14T07:00:00.000Z", -300, -240],
    ["Europe/London", "2027-03-28T01:00:00.000Z", 0, 60],
    ["Australia/Sydney", "2027-04-03T16:00:00.000Z", 660, 600],
  ])("%s changes at %s", (zone, at, before, after) => {
    expect(clockChanges(zone, ...spring).map((change) => ({ ...change, at: change.at.toISOString() }))).toEqual([{ at, before, after }]);
  });

  it("finds none where there is no daylight saving", () => {
    expect(clockChanges("Asia/Manila", ...spring)).toEqual([]);
    expect(clockChanges("Asia/Kolkata", ...spring)).toEqual([]);
  });

  it("finds a change that starts off a whole hour from the search's start", () => {
    expect(clockChanges("America/Los_Angeles", "2027-03-14T09:59:30Z", "2027-03-14T10:00:30Z")[0]?.at.toISOString()).toBe("2027-03-14T10:00:00.000Z");
  });
});

describe("time zone names", () => {
  it.each(["America/Los_Angeles", "Asia/Manila", "UTC", "Asia/Calcutta", "America/Argentina/Buenos_Aires"])("accepts %s", (zone) => {
    expect(isTimeZone(zone)).toBe(true);
  });
  it.each(["", "Mars/Olympus_Mons", "+08:00", "America/Los Angeles", "Asia/Manila; drop table", "x".repeat(80)])("refuses %j", (zone) => {
    expect(isTimeZone(zone)).toBe(false);
  });
});
