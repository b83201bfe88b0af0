import { describe, expect, it } from "vitest";
import { MSG, formatRating, type AppNotification, type PaymentStatus } from "@vam/shared";
import { bookingMenuActions } from "../src/features/bookings/booking-menu";
import { cancelReasonText, completeWaitsForPayment, showsPaymentReference, showsPaymentStatus } from "../src/features/bookings/booking-payment";
import { dashboardActions } from "../src/features/dashboard/dashboard-actions";
import { notificationTarget } from "../src/features/notifications/notification-target";
import { authorName, bookingReviewView, hasReviewContent, ratingAccessibleText } from "../src/features/reviews/review-view";
import { booking, manila, review } from "./fixtures";

const DAY = "2026-11-23";
/** The booking runs 09:00-13:00 Manila on DAY. */
const AT = {
  "a minute before its end": manila(DAY, "12:59"),
  "its end": manila(DAY, "13:00"),
  "after its end": manila(DAY, "18:00"),
} as const;
const AFTER = AT["after its end"];
const DURING = AT["a minute before its end"];

describe("Complete is offered only once the payment is verified and the booking is over", () => {
  const confirmed = (paymentStatus: PaymentStatus) => booking(DAY, "CONFIRMED", { paymentStatus });

  it.each([
    ["PAID", "after its end", ["chat", "complete"]],
    ["PAID", "its end", ["chat", "complete"]],
    ["PAID", "a minute before its end", ["chat"]],
    ["UNVERIFIED", "after its end", ["chat"]],
    ["REJECTED", "after its end", ["chat"]],
  ] as const)("dashboard, consultant, %s, at %s: %j", (payment, when, expected) => {
    expect(dashboardActions(confirmed(payment), "consultant", AT[when])).toEqual(expected);
  });

  it("the dashboard reads the booking's end, not its date: a booking that ends later today is not over", () => {
    const evening = booking(DAY, "CONFIRMED", { paymentStatus: "PAID", startTime: "13:00", endTime: "17:00" });
    expect(dashboardActions(evening, "consultant", manila(DAY, "16:59"))).toEqual(["chat"]);
    expect(dashboardActions(evening, "consultant", manila(DAY, "17:00"))).toEqual(["chat", "complete"]);
  });

  it("the client is never offered Complete", () => {
    expect(dashboardActions(confirmed("PAID"), "client", AFTER)).toEqual(["chat", "reschedule"]);
    expect(bookingMenuActions(confirmed("PAID"), "client", AFTER)).toEqual(["reschedule", "cancel", "download"]);
  });

  it.each([
    ["PAID", "after its end", true],
    ["PAID", "its end", true],
    ["PAID", "a minute before its end", false],
    ["UNVERIFIED", "after its end", false],
    ["REJECTED", "after its end", false],
  ] as const)("bookings page menu, consultant, %s, at %s: Complete %s", (payment, when, offered) => {
    for (const status of ["PENDING", "CONFIRMED"] as const) {
      const actions = bookingMenuActions(booking(DAY, status, { paymentStatus: payment }), "consultant", AT[when]);
      expect(actions).toEqual(["reschedule", "cancel", "download", ...(offered ? ["complete"] : [])]);
    }
  });

  it("final bookings only offer the calendar file", () => {
    expect(bookingMenuActions(booking(DAY, "COMPLETED", { paymentStatus: "PAID" }), "consultant", AFTER)).toEqual(["download"]);
    expect(bookingMenuActions(booking(DAY, "CANCELLED", { paymentStatus: "PAID" }), "client", AFTER)).toEqual(["download"]);
  });

  it("tells the Assistant why an ended booking cannot be completed yet, only when the payment is the reason", () => {
    expect(completeWaitsForPayment(confirmed("UNVERIFIED"), "consultant", AFTER)).toBe(MSG.bookingCompleteUnpaid);
    expect(completeWaitsForPayment(confirmed("UNVERIFIED"), "consultant", DURING)).toBeNull();
    expect(completeWaitsForPayment(confirmed("PAID"), "consultant", AFTER)).toBeNull();
    expect(completeWaitsForPayment(confirmed("UNVERIFIED"), "client", AFTER)).toBeNull();
  });
});

describe("payment labels", () => {
  it("show on open and completed bookings, and on cancelled ones unless the reason says it", () => {
    expect(showsPaymentStatus(booking(DAY, "PENDING"))).toBe(true);
    expect(showsPaymentStatus(booking(DAY, "COMPLETED", { paymentStatus: "PAID" }))).toBe(true);
    expect(showsPaymentStatus(booking(DAY, "CANCELLED", { paymentStatus: "REJECTED", cancelReason: "PAYMENT_REJECTED" }))).toBe(false);
    expect(showsPaymentStatus(booking(DAY, "CANCELLED", { paymentStatus: "PAID", cancelReason: "CLIENT" }))).toBe(true);
    expect(showsPaymentStatus(booking(DAY, "CANCELLED", { paymentStatus: "UNVERIFIED", cancelReason: null }))).toBe(true);
  });

  it("give the client of an open, unverified booking its reference", () => {
    expect(showsPaymentReference(booking(DAY, "PENDING"), "client")).toBe(true);
    expect(showsPaymentReference(booking(DAY, "CONFIRMED"), "client")).toBe(true);
    expect(showsPaymentReference(booking(DAY, "PENDING"), "consultant")).toBe(false);
    expect(showsPaymentReference(booking(DAY, "PENDING", { paymentStatus: "PAID" }), "client")).toBe(false);
    expect(showsPaymentReference(booking(DAY, "CANCELLED", { cancelReason: "PAYMENT_EXPIRED" }), "client")).toBe(false);
  });

  it("name why a booking was cancelled", () => {
    expect(cancelReasonText(booking(DAY, "CANCELLED", { cancelReason: "PAYMENT_EXPIRED" }))).toBe("Payment not received in time");
    expect(cancelReasonText(booking(DAY, "CANCELLED", { cancelReason: "CLIENT" }))).toBe("Cancelled by the client");
    expect(cancelReasonText(booking(DAY, "CANCELLED"))).toBeNull();
    expect(cancelReasonText(booking(DAY, "PENDING"))).toBeNull();
  });
});

describe("the review button and what a party sees of the reviews", () => {
  const completedAt = "2026-11-23T06:00:00.000Z";
  const closesAt = "2026-12-07T06:00:00.000Z";
  const completed = (reviews: Partial<ReturnType<typeof booking>["reviews"]> = {}) =>
    booking(DAY, "COMPLETED", {
      paymentStatus: "PAID",
      completedAt,
      reviews: { mine: null, theirs: null, theirsSubmitted: false, theirsHidden: false, closesAt, ...reviews },
    });
  const NEXT_DAY = new Date("2026-11-24T00:00:00Z");

  it("offers Write a review on a completed booking within the 14 days", () => {
    const view = bookingReviewView(completed(), NEXT_DAY);
    expect(view).toMatchObject({ canWrite: true, mine: null, theirs: null, note: null });
    expect(view.closesAt?.toISOString()).toBe(closesAt);
  });

  it("offers nothing before completion", () => {
    for (const status of ["PENDING", "CONFIRMED", "CANCELLED"] as const) {
      const view = bookingReviewView(booking(DAY, status, { paymentStatus: "PAID" }), NEXT_DAY);
      expect(hasReviewContent(view)).toBe(false);
    }
  });

  it("offers nothing once the window is over and nobody wrote one", () => {
    expect(bookingReviewView(completed(), new Date(closesAt)).canWrite).toBe(false);
    expect(hasReviewContent(bookingReviewView(completed(), new Date("2026-12-08T00:00:00Z")))).toBe(false);
    expect(bookingReviewView(completed(), new Date("2026-12-07T05:59:59Z")).canWrite).toBe(true);
  });

  it("after writing: no button, their own review and the wait for the other", () => {
    const mine = review(5, { text: "Great" });
    const view = bookingReviewView(completed({ mine }), NEXT_DAY);
    expect(view).toMatchObject({ canWrite: false, mine, note: "waiting" });
  });

  it("says the other has written one, still hidden, while the viewer has not", () => {
    const view = bookingReviewView(completed({ theirsSubmitted: true }), NEXT_DAY);
    expect(view).toMatchObject({ canWrite: true, note: "theirsSubmitted" });
  });

  it("says when an operator hid the other's review, also after the window", () => {
    const mine = review(4);
    expect(bookingReviewView(completed({ mine, theirsSubmitted: true, theirsHidden: true }), NEXT_DAY)).toMatchObject({ note: "hidden" });
    const late = bookingReviewView(completed({ theirsSubmitted: true, theirsHidden: true }), new Date("2026-12-10T00:00:00Z"));
    expect(late).toMatchObject({ canWrite: false, note: "hidden" });
  });

  it("shows both once published, without a note", () => {
    const [mine, theirs] = [review(4), review(5)];
    const view = bookingReviewView(completed({ mine, theirs, theirsSubmitted: true }), NEXT_DAY);
    expect(view).toMatchObject({ canWrite: false, mine, theirs, note: null });
  });

  it("after the window: what was written stays, nothing is awaited", () => {
    const mine = review(4);
    const view = bookingReviewView(completed({ mine }), new Date("2026-12-10T00:00:00Z"));
    expect(view).toMatchObject({ canWrite: false, mine, note: null });
    expect(hasReviewContent(view)).toBe(true);
  });

  it("derives the window from the completion when the server sent none", () => {
    const view = bookingReviewView(completed({ closesAt: null }), NEXT_DAY);
    expect(view.closesAt?.toISOString()).toBe(closesAt);
    expect(view.canWrite).toBe(true);
  });

  it("names a review's author by first name and last initial", () => {
    expect(authorName({ firstName: "Maria", lastName: "Santos" })).toBe("Maria S.");
    expect(authorName({ firstName: "Cher", lastName: "" })).toBe("Cher");
  });
});

describe("ratings", () => {
  it.each([
    [4.8, 23, "4.8 · 23 reviews", "Rated 4.8 out of 5 from 23 reviews"],
    [5, 1, "5.0 · 1 review", "Rated 5.0 out of 5 from 1 review"],
    [4.666, 3, "4.7 · 3 reviews", "Rated 4.7 out of 5 from 3 reviews"],
    [null, 0, "New", "New: no reviews yet"],
    [4.9, 0, "New", "New: no reviews yet"],
  ] as const)("%s from %s reviews: %s", (rating, count, shown, spoken) => {
    expect(formatRating(rating, count)).toBe(shown);
    expect(ratingAccessibleText(rating, count)).toBe(spoken);
  });
});

describe("notifications", () => {
  it("a REVIEW notification opens its booking", () => {
    const notification: AppNotification = {
      id: "n",
      type: "REVIEW",
      title: "New review",
      content: "",
      read: false,
      createdAt: "2026-11-23T00:00:00Z",
      entityId: "b42",
      chatId: null,
    };
    expect(notificationTarget(notification)).toBe("/bookings/b42");
  });
});
