import { MSG, type Booking, type SelfUser } from "@vam/shared";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { NOW, fixClockAtManilaMorning } from "./manila-clock";
import { AuthContext, type AuthContextValue } from "../../src/features/auth/auth-context";
import BookingsPage from "../../src/features/bookings/BookingsPage";
import { RealtimeContext } from "../../src/features/realtime/realtime-context";
import { RealtimeHub } from "../../src/features/realtime/realtime-hub";
import type { ActionResult } from "../../src/lib/actions";
import { booking } from "../fixtures";

fixClockAtManilaMorning();

/** In Manila: the page's texts as the spec has them (other zones: booking-time-zones.test.tsx). */
const client = { id: "client", role: "Boss", firstName: "Ramon", lastName: "Reyes", timeZone: "Asia/Manila" } as SelfUser;

/**
 * /bookings as the client Ramon Reyes, in a memory router whose loader reads `stored` and whose
 * /data/bookings/:id action answers with `answer` once released; the socket is a test hub.
 */
function setup(answer: (change: { status?: string }) => ActionResult<Booking>, initial = [booking("2026-11-25", "PENDING", { id: "b-pending" })]) {
  let stored = initial;
  const reads = { bookings: 0, booked: 0 };
  const changes: unknown[] = [];
  let release: (() => void) | null = null;
  const router = createMemoryRouter(
    [
      {
        path: "/bookings",
        loader: () => {
          reads.bookings += 1;
          return { bookings: Promise.resolve({ consultations: [], made: stored, focus: null, focusMissing: false }) };
        },
        Component: BookingsPage,
      },
      {
        path: "/data/bookings/booked/:consultantId",
        loader: ({ params }) => {
          reads.booked += 1;
          return { ok: true, data: { consultantId: params.consultantId, slots: [] } };
        },
      },
      {
        path: "/data/reviews/booking/:bookingId",
        action: async ({ request, params }) => {
          const review = (await request.json()) as { rating: number; text: string | null };
          changes.push(review);
          const reviewed = stored.find((item) => item.id === params.bookingId)!;
          const mine = { id: "r1", bookingId: reviewed.id, ...review, createdAt: NOW.toISOString(), publishedAt: null, author: reviewed.user };
          const updated = { ...reviewed, reviews: { ...reviewed.reviews, mine } };
          stored = stored.map((item) => (item.id === updated.id ? updated : item));
          return { ok: true, data: updated };
        },
      },
      {
        // The cancel dialog's quote: nothing paid yet.
        path: "/data/bookings/cancellation/booking/:id",
        loader: ({ params }) => ({
          ok: true,
          data: { kind: "booking", id: params.id, quote: { paid: false, dates: 1, refundCentavos: 500000, lateFeeCentavos: 0, late: false } },
        }),
      },
      {
        path: "/data/bookings/:id",
        action: async ({ request, params }) => {
          const change = (await request.json()) as { status?: string };
          changes.push(change);
          await new Promise<void>((resolve) => (release = resolve));
          const result = answer(change);
          if (result.ok) stored = stored.map((item) => (item.id === params.id ? result.data : item));
          return result;
        },
      },
    ],
    { initialEntries: ["/bookings"] },
  );
  const hub = new RealtimeHub();
  const auth: AuthContextValue = { user: client, token: "t", loading: false, logout: async () => {}, setUser: () => {} };
  render(
    <AuthContext value={auth}>
      <RealtimeContext value={hub}>
        <RouterProvider router={router} />
      </RealtimeContext>
    </AuthContext>,
  );
  const answerNow = async () => {
    await vi.waitFor(() => expect(release).not.toBeNull());
    release?.();
    release = null;
  };
  return { user: userEvent.setup(), reads, changes, hub, release: answerNow, stored: () => stored };
}

const card = () => screen.findByRole("article", { name: "Booking with Maria Santos on Wednesday, November 25, 2026" });

describe("BookingsPage: the edit menu of a booking", () => {
  it("offers a client's pending booking Reschedule, Cancel and the calendar file", async () => {
    const { user } = setup(() => ({ ok: false, status: 500, message: "No" }));
    await user.click(within(await card()).getByRole("button", { name: "Edit booking" }));
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Reschedule booking", "Cancel booking", "Download to Calendar"]);
  });

  it("cancels after the confirm dialog, busy meanwhile, and shows what the loader reads again", async () => {
    const { user, changes, reads, release, stored } = setup(() => ({
      ok: true,
      data: { ...stored()[0]!, status: "CANCELLED", cancelReason: "CLIENT" },
    }));
    await user.click(within(await card()).getByRole("button", { name: "Edit booking" }));
    await user.click(screen.getByRole("menuitem", { name: "Cancel booking" }));
    const dialog = screen.getByRole("dialog", { name: "Cancel Booking" });
    expect(within(dialog).getByText(MSG.confirmCancel)).toBeTruthy();
    expect(changes).toEqual([]);

    await user.click(within(dialog).getByRole("button", { name: MSG.yesCancel }));
    expect(changes).toEqual([
      {
        intent: "status",
        status: "CANCELLED",
        failure: MSG.bookingCancelFailed,
        tell: { to: "consultant", text: MSG.bookingCancelledChat("Wednesday, November 25, 2026", "9:00 AM") },
      },
    ]);
    await vi.waitFor(() => expect(within(dialog).getByRole("button", { name: "Cancelling..." })).toBeTruthy());
    expect((await card()).getAttribute("aria-busy")).toBe("true");

    const before = reads.bookings;
    await release();
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(reads.bookings).toBe(before + 1);
    // Cancelled, it leaves Upcoming for the Cancelled tab.
    expect(screen.getByText(MSG.noBookingsFound("Upcoming"))).toBeTruthy();
  });

  it("No, Keep It closes the dialog without a change", async () => {
    const { user, changes } = setup(() => ({ ok: false, status: 500, message: "No" }));
    await user.click(within(await card()).getByRole("button", { name: "Edit booking" }));
    await user.click(screen.getByRole("menuitem", { name: "Cancel booking" }));
    await user.click(screen.getByRole("button", { name: MSG.keepBooking }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(changes).toEqual([]);
  });

  it("Reschedule opens the picker and reads the consultant's held slots once, as it opens", async () => {
    const { user, reads } = setup(() => ({ ok: false, status: 500, message: "No" }));
    await user.click(within(await card()).getByRole("button", { name: "Edit booking" }));
    await user.click(screen.getByRole("menuitem", { name: "Reschedule booking" }));
    const dialog = screen.getByRole("dialog", { name: "Reschedule Booking" });
    await vi.waitFor(() => expect(within(dialog).queryByText("Loading available dates...")).toBeNull());
    expect(within(dialog).getByRole("button", { name: /^Morning \(9:00 AM to 1:00 PM\).*Current/ })).toBeTruthy();
    expect(reads.booked).toBe(1);
  });

  it("reads the bookings again when the socket says one changed", async () => {
    const { reads, hub } = setup(() => ({ ok: false, status: 500, message: "No" }));
    await card();
    const before = reads.bookings;
    hub.dispatch("bookingChanged", { bookingId: "b-pending" });
    await vi.waitFor(() => expect(reads.bookings).toBe(before + 1));
  });

  it("a review is shown at once when the server took it, and the list is read again once", async () => {
    const completed = booking("2026-11-20", "COMPLETED", { id: "b-done", paymentStatus: "PAID", completedAt: "2026-11-20T05:00:00Z" });
    const { user, reads, changes } = setup(() => ({ ok: false, status: 500, message: "No" }), [completed]);
    await user.click(await screen.findByRole("tab", { name: "Past" }));
    const before = reads.bookings;
    await user.click(screen.getByRole("button", { name: "Write a review" }));
    const dialog = screen.getByRole("dialog", { name: "Review Maria Santos" });
    await user.click(within(dialog).getByRole("radio", { name: /^4 stars/ }));
    await user.click(within(dialog).getByRole("button", { name: "Submit review" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByText("Your review")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Write a review" })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(changes).toEqual([{ rating: 4, text: null }]);
    expect(reads.bookings).toBe(before + 1);
  });
});
