import { describe, expect, it } from "vitest";
import { auditActionLabel, auditStateLines, formatAge, formatShortDate } from "../src/features/admin/admin-format";
import { ageParam, pageParam, searchParam, withParams } from "../src/features/admin/admin-params";

describe("the console's URL parameters", () => {
  it("reads the age filter, search and page, falling back on bad values", () => {
    expect(ageParam(new URLSearchParams("age=over12h"))).toBe("over12h");
    expect(ageParam(new URLSearchParams("age=yesterday"))).toBe("all");
    expect(searchParam(new URLSearchParams("q=%20%20"))).toBeUndefined();
    expect(searchParam(new URLSearchParams("q=%20maria%20"))).toBe("maria");
    expect(pageParam(new URLSearchParams("page=3"))).toBe(3);
    for (const bad of ["page=0", "page=-2", "page=1.5", "page=x", ""]) expect(pageParam(new URLSearchParams(bad))).toBe(1);
  });

  it("drops defaults and goes back to page 1 when anything but the page changes", () => {
    const current = new URLSearchParams("q=maria&page=4&age=under1h");
    expect(withParams(current, { q: "ramon" }).toString()).toBe("q=ramon&age=under1h");
    expect(withParams(current, { age: "all" }).toString()).toBe("q=maria");
    expect(withParams(current, { q: "  " }).toString()).toBe("age=under1h");
    expect(withParams(current, { page: 5 }).toString()).toBe("q=maria&page=5&age=under1h");
    expect(withParams(current, { page: 1 }).toString()).toBe("q=maria&age=under1h");
  });
});

describe("the console's formatting", () => {
  it("says how long a payment has waited", () => {
    expect(formatAge(0)).toBe("Under 1 hour");
    expect(formatAge(1)).toBe("1 hour");
    expect(formatAge(13)).toBe("13 hours");
    expect(formatAge(47)).toBe("47 hours");
    expect(formatAge(50)).toBe("2 days");
  });

  it("names a chart's week by its Monday", () => {
    expect(formatShortDate("2026-11-23")).toBe("Nov 23");
  });

  it("reads an audit entry's action and states", () => {
    expect(auditActionLabel("payment.rejected")).toBe("Payment marked not received");
    expect(auditActionLabel("something.new")).toBe("something.new");
    expect(auditStateLines(null)).toEqual([]);
    expect(auditStateLines({ status: "PENDING", suspendedAt: null, tags: ["a"] })).toEqual(["status: PENDING", "suspendedAt: none", 'tags: ["a"]']);
    // Moments in Manila time (UTC+8).
    expect(auditStateLines({ at: "2026-11-22T20:39:17.108Z" })).toEqual(["at: Nov 23, 2026, 4:39 AM"]);
    expect(auditStateLines("PAID")).toEqual(["PAID"]);
  });
});
