import { type AdminBooking, type AdminUserDetail, type SelfUser } from "@vam/shared";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { NOW, fixClockAtManilaMorning } from "./manila-clock";
import AdminUserDetailPage from "../../src/features/admin/AdminUserDetailPage";
import { AuthContext, type AuthContextValue } from "../../src/features/auth/auth-context";
import type { ActionResult } from "../../src/lib/actions";

fixClockAtManilaMorning();

const maria = { id: "u-maria", username: "maria_santos", firstName: "Maria", lastName: "Santos" };
const ramon = { id: "u-ramon", username: "ramon_reyes", firstName: "Ramon", lastName: "Reyes" };

const booking = (parts: Partial<AdminBooking> = {}): AdminBooking => ({
  id: "b1",
  reference: "VA-7KQ2MX",
  amount: 2500,
  status: "CONFIRMED",
  paymentStatus: "PAID",
  cancelReason: null,
  seriesId: null,
  date: "2026-11-25",
  startTime: "09:00",
  endTime: "13:00",
  createdAt: NOW.toISOString(),
  client: ramon,
  assistant: maria,
  ...parts,
});

/**
 * Maria's console page, its bookings as given, for an operator in `timeZone` (Manila's unless given);
 * the action records each write and answers with `answer`.
 */
function setup(bookings: AdminBooking[], answer: () => ActionResult<unknown> = () => ({ ok: true, data: [] }), timeZone = "Asia/Manila") {
  const changes: unknown[] = [];
  const detail: AdminUserDetail = {
    user: { ...maria, email: "maria@example.ph", role: "Assistant", createdAt: NOW.toISOString(), suspendedAt: null },
    bookings,
  };
  const router = createMemoryRouter(
    [
      {
        path: "/admin/users/:id",
        loader: () => ({ detail: Promise.resolve(detail) }),
        action: async ({ request }) => {
          changes.push((await request.json()) as unknown);
          return answer();
        },
        Component: AdminUserDetailPage,
      },
    ],
    { initialEntries: ["/admin/users/u-maria"] },
  );
  const auth: AuthContextValue = {
    user: { id: "op", role: "Operator", timeZone } as SelfUser,
    token: "t",
    loading: false,
    logout: async () => {},
    setUser: () => {},
  };
  render(
    <AuthContext value={auth}>
      <RouterProvider router={router} />
    </AuthContext>,
  );
  return { user: userEvent.setup(), changes };
}

const cancelButton = () => within(screen.getByRole("table", { name: "Bookings of Maria Santos" })).getByRole("button", { name: /^Cancel booking/ });

describe("AdminUserDetailPage: an operator cancels a booking", () => {
  it("offers Cancel booking only on a pending or confirmed booking", async () => {
    setup([booking(), booking({ id: "b2", status: "COMPLETED" }), booking({ id: "b3", status: "CANCELLED", cancelReason: "OPERATOR" })]);
    await screen.findByRole("table", { name: "Bookings of Maria Santos" });
    const rows = within(screen.getByRole("table", { name: "Bookings of Maria Santos" })).getAllByRole("row");
    expect(rows.map((row) => within(row).queryAllByRole("button").length)).toEqual([0, 1, 0, 0]);
    expect(cancelButton().textContent).toBe("Cancel booking of Wed, Nov 25, 2026, 9:00 AM – 1:00 PM");
    expect(rows[3]!.textContent).toContain("Cancelled by the platform");
  });

  it("gives an operator in Los Angeles the booking's hours in their own time beside Manila's", async () => {
    setup([booking()], undefined, "America/Los_Angeles");
    const table = await screen.findByRole("table", { name: "Bookings of Maria Santos" });
    const both = "9:00 AM – 1:00 PM Manila · Tue, Nov 24, 5:00 PM to 9:00 PM your time";
    expect(within(table).getByText(both)).toBeTruthy();
    expect(cancelButton().textContent).toBe(`Cancel booking of Wed, Nov 25, 2026, ${both}`);
  });

  it("asks the reason, told to both parties, says paid dates are refunded in full, and sends it", async () => {
    const { user, changes } = setup([booking()]);
    await screen.findByRole("table", { name: "Bookings of Maria Santos" });
    await user.click(cancelButton());
    const dialog = screen.getByRole("dialog", { name: "Cancel this booking?" });
    expect(within(dialog).getByText(/Paid dates are refunded in full to the client\./)).toBeTruthy();
    // A single booking: no series to cancel.
    expect(within(dialog).queryByRole("checkbox")).toBeNull();

    const reason = within(dialog).getByLabelText("Reason, told to both parties");
    await user.click(within(dialog).getByRole("button", { name: "Cancel booking" }));
    expect(within(dialog).getByText("Say why, in a few words.")).toBeTruthy();
    expect(reason.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(reason);
    expect(changes).toEqual([]);

    await user.type(reason, "  The assistant is ill  ");
    await user.click(within(dialog).getByRole("button", { name: "Cancel booking" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(changes).toEqual([{ intent: "cancelBooking", bookingId: "b1", reason: "The assistant is ill", wholeSeries: false }]);
  });

  it("for a date of a weekly series, offers to cancel the rest of it; a refusal shows in the dialog", async () => {
    const { user, changes } = setup([booking({ seriesId: "s1" })], () => ({
      ok: false,
      status: 409,
      message: "This booking can no longer be cancelled: it is completed or cancelled already.",
    }));
    await screen.findByRole("table", { name: "Bookings of Maria Santos" });
    await user.click(cancelButton());
    const dialog = screen.getByRole("dialog", { name: "Cancel this booking?" });
    await user.click(within(dialog).getByRole("checkbox", { name: "Cancel the rest of the series too" }));
    await user.type(within(dialog).getByLabelText("Reason, told to both parties"), "Duplicate series");
    await user.click(within(dialog).getByRole("button", { name: "Cancel booking" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "This booking can no longer be cancelled: it is completed or cancelled already.",
    );
    expect(changes).toEqual([{ intent: "cancelBooking", bookingId: "b1", reason: "Duplicate series", wholeSeries: true }]);
    await user.click(within(dialog).getByRole("button", { name: "Keep booking" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
