import { describe, expect, it } from "vitest";
import { addMonths, firstMonthShowing, gridKeyTarget, monthWeeks, tabStopDay } from "../src/features/bookings/date-grid";
import { menuKeyTarget } from "../src/components/menu-keys";

// Wednesday 2026-11-18: Sunday the 15th to Saturday the 21st.
const WEDNESDAY = "2026-11-18";
const OPEN = { min: "2026-11-01", max: "2027-11-30" };
const move = (key: string, from = WEDNESDAY, bounds = OPEN) => gridKeyTarget(key, from, bounds);

describe("the date grid's keys (WAI-ARIA grid, APG date picker)", () => {
  it("moves a day with the left and right arrows, across months and years", () => {
    expect(move("ArrowRight")).toBe("2026-11-19");
    expect(move("ArrowLeft")).toBe("2026-11-17");
    expect(move("ArrowRight", "2026-11-30")).toBe("2026-12-01");
    expect(move("ArrowRight", "2026-12-31")).toBe("2027-01-01");
    expect(move("ArrowLeft", "2026-12-01")).toBe("2026-11-30");
  });

  it("moves a week with the up and down arrows", () => {
    expect(move("ArrowDown")).toBe("2026-11-25");
    expect(move("ArrowUp")).toBe("2026-11-11");
    expect(move("ArrowDown", "2026-11-28")).toBe("2026-12-05");
  });

  it("goes to the week's Sunday with Home and its Saturday with End", () => {
    expect(move("Home")).toBe("2026-11-15");
    expect(move("End")).toBe("2026-11-21");
    expect(move("Home", "2026-11-15")).toBe("2026-11-15");
    expect(move("End", "2026-11-21")).toBe("2026-11-21");
    // The week of Sunday Nov 29 ends in December.
    expect(move("End", "2026-11-30")).toBe("2026-12-05");
  });

  it("moves a month with Page Up and Page Down, to the month's last day when it is shorter", () => {
    expect(move("PageDown")).toBe("2026-12-18");
    expect(move("PageUp", "2026-12-18")).toBe("2026-11-18");
    expect(addMonths("2027-01-31", 1)).toBe("2027-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2027-03-31", -1)).toBe("2027-02-28");
  });

  it("never leaves the bounds: the first day of this month and the booking horizon", () => {
    expect(move("ArrowLeft", "2026-11-01")).toBe("2026-11-01");
    expect(move("ArrowUp", "2026-11-03")).toBe("2026-11-01");
    expect(move("PageUp")).toBe("2026-11-01");
    expect(move("Home", "2026-11-04", { min: "2026-11-02", max: OPEN.max })).toBe("2026-11-02");
    expect(move("ArrowDown", "2027-11-28")).toBe("2027-11-30");
    expect(move("PageDown", "2027-11-10")).toBe("2027-11-30");
  });

  it("leaves other keys alone (Tab, Enter and Space are not moves)", () => {
    for (const key of ["Tab", "Enter", " ", "a", "Escape"]) expect(move(key)).toBeNull();
  });
});

describe("the date grid's layout and tab stop", () => {
  it("lays a month out in weeks from Sunday, blank before the 1st and after the last day", () => {
    const weeks = monthWeeks({ year: 2026, month: 10 });
    // November 2026 starts on a Sunday and has 30 days: five weeks.
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual(["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06", "2026-11-07"]);
    expect(weeks[4]).toEqual(["2026-11-29", "2026-11-30", null, null, null, null, null]);
    // February 2027 starts on a Monday.
    const february = monthWeeks({ year: 2027, month: 1 });
    expect(february[0]![0]).toBeNull();
    expect(february[0]![1]).toBe("2027-02-01");
    expect(february.flat().filter(Boolean)).toHaveLength(28);
    for (const week of february) expect(week).toHaveLength(7);
  });

  it("shows the month a move lands in, moving the two months shown as little as possible", () => {
    const november = { year: 2026, month: 10 };
    expect(firstMonthShowing(november, "2026-12-05")).toEqual(november);
    expect(firstMonthShowing(november, "2027-01-02")).toEqual({ year: 2026, month: 11 });
    expect(firstMonthShowing({ year: 2026, month: 11 }, "2026-11-30")).toEqual(november);
    expect(firstMonthShowing(november, "2027-03-01")).toEqual({ year: 2027, month: 1 });
  });

  it("puts one day in the tab order: the last focused, the chosen, today, the first that can be chosen", () => {
    const days = Array.from({ length: 30 }, (_, index) => `2026-11-${String(index + 1).padStart(2, "0")}`);
    const beforeThe20th = (day: string) => day < "2026-11-20";
    const none = { active: null, selected: null };
    expect(tabStopDay(days, { active: "2026-11-03", selected: "2026-11-25", today: "2026-11-18" }, beforeThe20th)).toBe("2026-11-03");
    expect(tabStopDay(days, { ...none, selected: "2026-11-25", today: "2026-11-18" }, beforeThe20th)).toBe("2026-11-25");
    expect(tabStopDay(days, { ...none, today: "2026-11-21" }, beforeThe20th)).toBe("2026-11-21");
    // Today cannot be chosen: the first day that can.
    expect(tabStopDay(days, { ...none, today: "2026-11-18" }, beforeThe20th)).toBe("2026-11-20");
    // A chosen day no longer shown does not hold the tab stop.
    expect(tabStopDay(days, { active: "2026-10-30", selected: "2026-12-01", today: "2026-10-30" }, beforeThe20th)).toBe("2026-11-20");
    // Nothing can be chosen: still one stop, the first day.
    expect(tabStopDay(days, { ...none, today: "2026-10-30" }, () => true)).toBe("2026-11-01");
  });
});

describe("the account menu's keys (WAI-ARIA menu)", () => {
  const labels = ["Profile", "Messages", "Bookings", "Notifications", "Log out"];

  it("moves with the arrows and wraps at the ends", () => {
    expect(menuKeyTarget("ArrowDown", 0, labels)).toBe(1);
    expect(menuKeyTarget("ArrowDown", 4, labels)).toBe(0);
    expect(menuKeyTarget("ArrowUp", 0, labels)).toBe(4);
    expect(menuKeyTarget("ArrowUp", 3, labels)).toBe(2);
  });

  it("goes to the ends with Home and End", () => {
    expect(menuKeyTarget("Home", 3, labels)).toBe(0);
    expect(menuKeyTarget("End", 1, labels)).toBe(4);
  });

  it("goes to the next entry starting with a typed letter, whatever its case, wrapping", () => {
    expect(menuKeyTarget("n", 0, labels)).toBe(3);
    expect(menuKeyTarget("L", 0, labels)).toBe(4);
    expect(menuKeyTarget("b", 3, labels)).toBe(2);
    expect(menuKeyTarget("m", 1, [...labels, "Members"])).toBe(5);
    expect(menuKeyTarget("z", 0, labels)).toBeNull();
  });

  it("ignores keys that do not move (Enter, Space, Tab) and an empty menu", () => {
    for (const key of ["Enter", " ", "Tab", "Shift"]) expect(menuKeyTarget(key, 1, labels)).toBeNull();
    expect(menuKeyTarget("ArrowDown", 0, [])).toBeNull();
  });
});
