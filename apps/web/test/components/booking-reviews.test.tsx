import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BookingReviews } from "../../src/features/reviews/BookingReviews";
import { booking, review } from "../fixtures";

afterEach(cleanup);

// Completed the day before the clock (2026-11-24), so the 14 days to review are open.
const completedAt = "2026-11-23T06:00:00.000Z";
const closesAt = "2026-12-07T06:00:00.000Z";

function setup(theirsHidden: boolean) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-24T00:00:00Z"));
  const completed = booking("2026-11-23", "COMPLETED", {
    paymentStatus: "PAID",
    completedAt,
    reviews: { mine: review(5, { text: "Great" }), theirs: null, theirsSubmitted: true, theirsHidden, closesAt },
  });
  render(<BookingReviews booking={completed} other={completed.consultant} onWrite={vi.fn()} />);
  vi.useRealTimers();
}

describe("BookingReviews", () => {
  it("says the other's review was hidden by the platform rather than that it is awaited", () => {
    setup(true);
    expect(screen.getByText("Maria's review was hidden by the platform.")).toBeTruthy();
    expect(screen.queryByText(/Waiting for Maria's review/)).toBeNull();
    expect(screen.getByText("Your review")).toBeTruthy();
  });

  it("still says it waits for a review not hidden", () => {
    setup(false);
    expect(screen.getByText(/Waiting for Maria's review/)).toBeTruthy();
    expect(screen.queryByText(/hidden by the platform/)).toBeNull();
  });
});
