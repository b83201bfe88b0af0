import type { Earnings, EarningLine, PayoutAccountView } from "@vam/shared";
import { cleanup, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ReceiptLink } from "../../src/features/bookings/ReceiptLink";
import EarningsPage from "../../src/features/earnings/EarningsPage";
import type { EarningsPageData } from "../../src/features/earnings/earnings-loader";

afterEach(cleanup);

/** /earnings in a memory router whose loader answers `data` (or fails). */
function renderPage(data: EarningsPageData | Error) {
  const router = createMemoryRouter(
    [
      {
        path: "/earnings",
        loader: () => {
          const loaded = data instanceof Error ? Promise.reject(data) : Promise.resolve(data);
          // As the real loader: Await reports the rejection.
          loaded.catch(() => undefined);
          return { data: loaded };
        },
        Component: EarningsPage,
        HydrateFallback: () => null,
      },
      { path: "/settings", Component: () => <h1>Settings page</h1> },
    ],
    { initialEntries: ["/earnings"] },
  );
  return render(<RouterProvider router={router} />);
}

const line = (overrides: Partial<EarningLine>): EarningLine => ({
  entryNumber: 1,
  kind: "BOOKING_COMPLETED",
  memo: "4 hours with Ramon Reyes, Tue, Dec 1, 2026 (₱5,000 less ₱500 platform fee)",
  at: "2026-12-01T06:00:00.000Z",
  amountCentavos: 450000,
  bookingId: "b1",
  payout: null,
  ...overrides,
});

const earnings = (overrides: Partial<Earnings> = {}): Earnings => ({
  pendingCentavos: 450000,
  availableCentavos: 50000,
  sendingCentavos: 120000,
  paidOutCentavos: 900000,
  payoutMinimumCentavos: 50000,
  statementMonths: ["2026-12", "2026-11"],
  pending: [{ bookingId: "b9", startsAt: "2026-12-08T01:00:00.000Z", amountCentavos: 450000, clientName: "Ana Cruz" }],
  lines: [
    line({
      entryNumber: 5,
      kind: "PAYOUT_BATCHED",
      memo: "Payout to GCash ending 4567",
      amountCentavos: -120000,
      bookingId: null,
      payout: { state: "PENDING", transferReference: null },
    }),
    line({
      entryNumber: 4,
      kind: "PAYOUT_FAILED",
      memo: "Payout to GCash ending 4567 failed: back in your balance",
      amountCentavos: 30000,
      bookingId: null,
      payout: { state: "FAILED", transferReference: null },
    }),
    line({
      entryNumber: 3,
      kind: "PAYOUT_BATCHED",
      memo: "Payout to GCash ending 4567",
      amountCentavos: -30000,
      bookingId: null,
      payout: { state: "FAILED", transferReference: null },
    }),
    line({
      entryNumber: 2,
      kind: "PAYOUT_BATCHED",
      memo: "Payout to GCash ending 4567",
      amountCentavos: -900000,
      bookingId: null,
      payout: { state: "SENT", transferReference: "12345" },
    }),
    line({ entryNumber: 1 }),
  ],
  ...overrides,
});

const account: PayoutAccountView = {
  method: "GCASH",
  bankName: null,
  accountName: "Maria Santos",
  accountNumberLast4: "4567",
  changedAt: "2026-11-01T00:00:00.000Z",
  heldUntil: null,
};

describe("the earnings page", () => {
  it("shows the four figures with what each means, the pending bookings, the lines and the statements", async () => {
    renderPage({ earnings: earnings(), payoutAccount: account });
    expect(await screen.findByRole("heading", { level: 1, name: "Earnings" })).toBeDefined();
    const balance = await screen.findByRole("region", { name: "Your balance" });
    for (const [name, amount, meaning] of [
      ["Pending", "₱4,500", "Paid bookings not completed yet"],
      ["Available", "₱500", "Paid out in the next payout when at least ₱500"],
      ["Being sent", "₱1,200", "In a payout on its way to your account"],
      ["Paid out", "₱9,000", "Sent to your payout account so far"],
    ]) {
      const term = within(balance).getByText(name!, { selector: "dt" });
      const group = term.parentElement!;
      // The figure is the value right after the name.
      expect(term.nextElementSibling!.textContent).toBe(amount);
      expect(within(group).getByText(meaning!)).toBeDefined();
    }
    const pending = within(balance).getByRole("list", { name: "Pending bookings" });
    expect(within(pending).getByRole("listitem").textContent).toBe("Tue, Dec 8, 9:00 AM · Ana Cruz₱4,500");
    // A payout account is set: no note about it.
    expect(screen.queryByText(/Add your payout account/)).toBeNull();

    const table = screen.getByRole("table", { name: "Your earnings and payouts, newest first" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Date", "What", "Amount", "Status"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(5);
    expect(rows[0]!.textContent).toContain("Being sent");
    expect(rows[0]!.textContent).toContain("-₱1,200");
    // The failed payout's own line says so; the money coming back is a line of its own, in positive.
    expect(rows[2]!.textContent).toContain("Failed: back in your balance");
    expect(rows[1]!.textContent).toContain("+₱300");
    expect(rows[3]!.textContent).toContain("Paid out");
    expect(rows[3]!.textContent).toContain("ref 12345");
    expect(rows[4]!.textContent).toContain("Dec 1, 2026");
    expect(rows[4]!.textContent).toContain("+₱4,500");

    expect(screen.getByRole("button", { name: "Statement for December 2026 (PDF)" })).toBeDefined();
    expect(screen.getByRole("button", { name: "Statement for November 2026 (PDF)" })).toBeDefined();
  });

  it("asks for a payout account when there is none, linking to Settings", async () => {
    renderPage({ earnings: earnings(), payoutAccount: null });
    const note = await screen.findByText(/Add your payout account in/);
    expect(note.textContent).toBe("Add your payout account in Settings to be paid.");
    expect(within(note).getByRole("link", { name: "Settings" }).getAttribute("href")).toBe("/settings");
  });

  it("says when there is nothing yet, without a status column", async () => {
    renderPage({
      earnings: earnings({
        pendingCentavos: 0,
        availableCentavos: 0,
        sendingCentavos: 0,
        paidOutCentavos: 0,
        pending: [],
        lines: [],
        statementMonths: [],
      }),
      payoutAccount: account,
    });
    expect(await screen.findByText("No earnings yet.")).toBeDefined();
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByText("Your first statement comes with your first earning.")).toBeDefined();
  });

  it("says when the earnings could not be loaded, with a way to try again", async () => {
    renderPage(new Error("offline"));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Could not load your earnings.");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeDefined();
  });
});

describe("the receipt link", () => {
  it("is the client's, once the payment is verified", () => {
    const { rerender } = render(<ReceiptLink booking={{ id: "b1", paymentStatus: "PAID" }} party="client" />);
    expect(screen.getByRole("button", { name: "Download receipt (PDF)" })).toBeDefined();
    rerender(<ReceiptLink booking={{ id: "b1", paymentStatus: "UNVERIFIED" }} party="client" />);
    expect(screen.queryByRole("button")).toBeNull();
    rerender(<ReceiptLink booking={{ id: "b1", paymentStatus: "PAID" }} party="consultant" />);
    expect(screen.queryByRole("button")).toBeNull();
  });
});
