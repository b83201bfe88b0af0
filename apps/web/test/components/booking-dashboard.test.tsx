import { MSG, type Booking, type SelfUser } from "@vam/shared";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { fixClockAtManilaMorning } from "./manila-clock";
import { AuthContext, type AuthContextValue } from "../../src/features/auth/auth-context";
import BookingDashboardPage from "../../src/features/dashboard/BookingDashboardPage";
import { RealtimeContext } from "../../src/features/realtime/realtime-context";
import { RealtimeHub } from "../../src/features/realtime/realtime-hub";
import type { ActionResult } from "../../src/lib/actions";
import { booking } from "../fixtures";

fixClockAtManilaMorning();

const client = { id: "client", role: "Boss", firstName: "Ramon", lastName: "Reyes", timeZone: "Asia/Manila" } as SelfUser;

/** /booking-dashboard as the client Ramon Reyes, with one pending booking, in a memory router with stub routes. */
function setup(answer: (change: { intent: string; date?: string; startTime?: string; status?: string }) => ActionResult<Booking>) {
  let stored = [booking("2026-11-25", "PENDING", { id: "b-pending" })];
  const reads = { bookings: 0, times: 0 };
  const changes: unknown[] = [];
  const router = createMemoryRouter(
    [
      {
        path: "/booking-dashboard",
        loader: () => {
          reads.bookings += 1;
          return { view: "client", bookings: Promise.resolve(stored) };
        },
        Component: BookingDashboardPage,
      },
      {
        path: "/data/bookings/free-times/:consultantId",
        loader: ({ request }) => {
          reads.times += 1;
          return { ok: true, data: { date: new URL(request.url).searchParams.get("date"), starts: ["09:00", "13:00"] } };
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
          const change = (await request.json()) as { intent: string; date?: string; startTime?: string; status?: string };
          changes.push(change);
          const result = answer(change);
          if (result.ok) stored = stored.map((item) => (item.id === params.id ? result.data : item));
          return result;
        },
      },
    ],
    { initialEntries: ["/booking-dashboard"] },
  );
  const auth: AuthContextValue = { user: client, token: "t", loading: false, logout: async () => {}, setUser: () => {} };
  render(
    <AuthContext value={auth}>
      <RealtimeContext value={new RealtimeHub()}>
        <RouterProvider router={router} />
      </RealtimeContext>
    </AuthContext>,
  );
  return { user: userEvent.setup(), reads, changes, stored: () => stored };
}

const card = () => screen.findByRole("article", { name: "Booking with Maria Santos on Wednesday, November 25, 2026" });

describe("BookingDashboardPage", () => {
  it("reschedules a booking through its action and reads the list again once", async () => {
    const { user, reads, changes, stored } = setup((change) => ({
      ok: true,
      data: { ...stored()[0]!, date: change.date!, startTime: change.startTime!, endTime: "17:00" },
    }));
    await user.click(within(await card()).getByRole("button", { name: "Reschedule" }));
    const dialog = screen.getByRole("dialog", { name: "Reschedule Booking" });
    await user.click(within(dialog).getByRole("button", { name: "Thu, Nov 26" }));
    await user.click(await within(dialog).findByRole("button", { name: "1:00 PM" }));
    const before = reads.bookings;
    await user.click(within(dialog).getByRole("button", { name: "Confirm Reschedule" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await screen.findByRole("article", { name: "Booking with Maria Santos on Thursday, November 26, 2026" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(changes).toEqual([{ intent: "reschedule", date: "2026-11-26", startTime: "13:00", failure: MSG.bookingRescheduleFailed }]);
    expect(reads.bookings).toBe(before + 1);
  });

  it("cancels after the confirm dialog and reads the list again once", async () => {
    const { user, reads, changes, stored } = setup(() => ({ ok: true, data: { ...stored()[0]!, status: "CANCELLED", cancelReason: "CLIENT" } }));
    await user.click(within(await card()).getByRole("button", { name: "Cancel" }));
    const dialog = screen.getByRole("dialog", { name: "Cancel Booking" });
    expect(changes).toEqual([]);
    const before = reads.bookings;
    await user.click(within(dialog).getByRole("button", { name: MSG.yesCancel }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // Cancelled, it moves to Past.
    await screen.findByText("No bookings found");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(changes).toEqual([{ intent: "status", status: "CANCELLED", failure: MSG.bookingStatusFailed }]);
    expect(reads.bookings).toBe(before + 1);
  });
});
