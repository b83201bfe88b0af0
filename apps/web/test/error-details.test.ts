import { MSG } from "@vam/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toApiError } from "../src/api/client";
import { attempt } from "../src/lib/result";

afterEach(() => vi.restoreAllMocks());

const BOOKING = { id: "b1", date: "2026-12-09", startTime: "09:00", endTime: "13:00", clientName: "Ramon Reyes" };

describe("a refusal's details (what stood in the way)", () => {
  it("an error answer's fields besides message and field become the ApiError's details", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const error = toApiError(409, "Conflict", { message: MSG.timeOffOverBookings(1), bookings: [BOOKING] });
    expect(error.serverMessage).toBe(MSG.timeOffOverBookings(1));
    expect(error.details).toEqual({ bookings: [BOOKING] });
    expect(toApiError(409, "Conflict", { message: "Taken", takenDates: ["2026-12-09"] }).details).toEqual({ takenDates: ["2026-12-09"] });
    // Nothing else, or no object at all: no details.
    expect(toApiError(400, "Bad Request", { message: "Bad", field: "from" }).details).toBeUndefined();
    expect(toApiError(502, "Bad Gateway", "<html>").details).toBeUndefined();
  });

  it("an action's failure carries them as `details`; a failure without them has none", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const refused = await attempt(() => Promise.reject(toApiError(409, "Conflict", { message: "Held", bookings: [BOOKING] })), "Failed");
    expect(refused).toEqual({ ok: false, status: 409, message: "Held", details: { bookings: [BOOKING] } });
    const invalid = await attempt(() => Promise.reject(toApiError(400, "Bad Request", { message: "Bad", field: "to" })), "Failed");
    expect(invalid).toEqual({ ok: false, status: 400, message: "Bad", field: "to" });
  });
});
