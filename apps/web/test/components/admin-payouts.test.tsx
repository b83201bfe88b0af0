import { MSG, type PayoutBatchView, type PayoutKind, type PayoutLineDecision, type PayoutLineView, type PayoutOverview } from "@vam/shared";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, redirect, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { NOW, fixClockAtManilaMorning } from "./manila-clock";
import AdminMoneyOutPage from "../../src/features/admin/AdminMoneyOutPage";
import AdminPayoutBatchPage from "../../src/features/admin/AdminPayoutBatchPage";
import type { ActionResult } from "../../src/lib/actions";

fixClockAtManilaMorning();

const HOUR = 3600_000;
const gcash = { method: "GCASH" as const, bankName: null, accountName: "Maria Santos", accountNumber: "09171234567" };
const bdo = { method: "BANK" as const, bankName: "BDO Unibank", accountName: "Juan Dela Cruz", accountNumber: "001234567890" };

const overview = (kind: PayoutKind, parts: Partial<PayoutOverview> = {}): PayoutOverview => ({
  kind,
  ready: [
    { payeeId: "u-maria", name: "Maria Santos", amountCentavos: 250_000, destination: gcash },
    { payeeId: "u-juan", name: "Juan Dela Cruz", amountCentavos: 100_050, destination: bdo },
  ],
  waiting: [
    { payeeId: "u-liza", name: "Liza Mercado", amountCentavos: 30_000, why: "belowMinimum", heldUntil: null },
    { payeeId: "u-ana", name: "Ana Reyes", amountCentavos: 90_000, why: "noAccount", heldUntil: null },
    {
      payeeId: "u-ben",
      name: "Ben Cruz",
      amountCentavos: 70_000,
      why: "accountChanged",
      heldUntil: new Date(NOW.getTime() + 24 * HOUR).toISOString(),
    },
  ],
  batches: [
    {
      id: "b-old",
      number: 11,
      kind,
      createdAt: new Date(NOW.getTime() - 72 * HOUR).toISOString(),
      createdBy: "Olivia Ops",
      totalCentavos: 500_000,
      counts: { pending: 1, sent: 3, failed: 1 },
    },
  ],
  ...parts,
});

const line = (parts: Partial<PayoutLineView> = {}): PayoutLineView => ({
  id: "l-maria",
  kind: "PAYOUT",
  payee: { id: "u-maria", name: "Maria Santos", email: "maria@example.ph" },
  amountCentavos: 250_000,
  destination: gcash,
  state: "PENDING",
  transferReference: null,
  failureReason: null,
  decidedAt: null,
  refund: null,
  ...parts,
});

const batchOf = (lines: PayoutLineView[]): PayoutBatchView => ({
  id: "b-new",
  number: 12,
  kind: "PAYOUT",
  createdAt: NOW.toISOString(),
  createdBy: "Olivia Ops",
  totalCentavos: lines.reduce((sum, item) => sum + item.amountCentavos, 0),
  counts: {
    pending: lines.filter((item) => item.state === "PENDING").length,
    sent: lines.filter((item) => item.state === "SENT").length,
    failed: lines.filter((item) => item.state === "FAILED").length,
  },
  lines,
});

interface Setup {
  kind?: PayoutKind;
  shown?: PayoutOverview;
  /** The run's answer; null: it makes batch 12 and opens it. */
  runAnswer?: () => ActionResult<unknown> | null;
  /** A line decision's answer; null: it marks the line as the server would. */
  decideAnswer?: (decision: PayoutLineDecision) => ActionResult<unknown> | null;
  start?: string;
}

/**
 * The payouts (or refunds) page and the batch page in a memory router: loaders read what is
 * stored, actions record each write and answer as the server would unless told otherwise.
 */
function setup({ kind = "PAYOUT", shown = overview(kind), runAnswer = () => null, decideAnswer = () => null, start }: Setup = {}) {
  let batch = batchOf([
    line(),
    line({ id: "l-juan", payee: { id: "u-juan", name: "Juan Dela Cruz", email: null }, amountCentavos: 100_050, destination: bdo }),
  ]);
  const runs: unknown[] = [];
  const decisions: unknown[] = [];
  const path = kind === "PAYOUT" ? "/admin/payouts" : "/admin/refunds";
  const router = createMemoryRouter(
    [
      {
        path,
        loader: () => ({ kind, overview: Promise.resolve(shown) }),
        action: async ({ request }) => {
          runs.push((await request.json()) as unknown);
          return runAnswer() ?? redirect(`/admin/payouts/batches/${batch.id}`);
        },
        Component: AdminMoneyOutPage,
      },
      {
        path: "/admin/payouts/batches/:id",
        loader: () => ({ batch: Promise.resolve(batch) }),
        action: async ({ request }) => {
          const body = (await request.json()) as { lineId: string; decision: PayoutLineDecision };
          decisions.push(body);
          const given = decideAnswer(body.decision);
          if (given) return given;
          const { decision } = body;
          batch = batchOf(
            batch.lines.map((item) =>
              item.id === body.lineId
                ? {
                    ...item,
                    state: decision.state,
                    transferReference: decision.state === "SENT" ? decision.transferReference : null,
                    failureReason: decision.state === "FAILED" ? decision.failureReason : null,
                    decidedAt: NOW.toISOString(),
                  }
                : item,
            ),
          );
          return { ok: true, data: batch.lines.find((item) => item.id === body.lineId) };
        },
        Component: AdminPayoutBatchPage,
      },
    ],
    { initialEntries: [start ?? path] },
  );
  render(<RouterProvider router={router} />);
  return { user: userEvent.setup(), runs, decisions, router };
}

/** The table's copy (the cards' copy is the same on phones; the simulated DOM shows both). */
const table = (name: string) => screen.getByRole("table", { name });

describe("AdminMoneyOutPage: payouts", () => {
  it("lists what a run pays now with its total, what waits and why in words, and the batches", async () => {
    setup();
    expect(await screen.findByRole("heading", { level: 1, name: "Payouts" })).toBeTruthy();
    await screen.findByRole("table", { name: "Balances ready to pay" });

    const ready = table("Balances ready to pay");
    const rows = within(ready).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      "PayeeDestinationAmount",
      "Maria SantosGCashMaria Santos09171234567₱2,500",
      "Juan Dela CruzBank account · BDO UnibankJuan Dela Cruz001234567890₱1,000.50",
      "Total₱3,500.50",
    ]);
    expect(within(ready).getByRole("link", { name: "Maria Santos" }).getAttribute("href")).toBe("/admin/users/u-maria");

    const waiting = table("Balances waiting");
    expect(
      within(waiting)
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      "Liza Mercado₱300Below the minimum",
      "Ana Reyes₱900No payout account",
      // NOW is Monday, November 23, 2026, 8:00 AM in Manila.
      "Ben Cruz₱700Account changed: held until Nov 24, 2026, 8:00 AM",
    ]);

    const batches = table("Payout batches, newest first");
    expect(within(batches).getByRole("link", { name: "Payout batch 11" }).getAttribute("href")).toBe("/admin/payouts/batches/b-old");
    expect(within(batches).getByText("1 pending · 3 sent · 1 failed")).toBeTruthy();
    expect(within(batches).getByText("Nov 20, 2026, 8:00 AM")).toBeTruthy();
  });

  it("runs a batch after a confirmation that states the payees and the total, then opens the batch", async () => {
    const { user, runs } = setup();
    await user.click(await screen.findByRole("button", { name: "Run payout batch" }));
    const dialog = screen.getByRole("dialog", { name: "Run a payout batch?" });
    expect(within(dialog).getByText("2 payees, ₱3,500.50 in all")).toBeTruthy();
    expect(runs).toEqual([]);

    await user.click(within(dialog).getByRole("button", { name: "Run payout batch" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Payout batch 12" })).toBeTruthy();
    expect(runs).toEqual([{ kind: "PAYOUT" }]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows the server's refusal in the dialog when nothing is ready any more", async () => {
    const { user } = setup({ runAnswer: () => ({ ok: false, status: 409, message: MSG.payoutNothingReady }) });
    await user.click(await screen.findByRole("button", { name: "Run payout batch" }));
    const dialog = screen.getByRole("dialog", { name: "Run a payout batch?" });
    await user.click(within(dialog).getByRole("button", { name: "Run payout batch" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(MSG.payoutNothingReady);
    // Escape closes it, and nothing else happened.
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("heading", { level: 1, name: "Payouts" })).toBeTruthy();
  });

  it("says when nothing is ready, waiting or batched, and offers no run", async () => {
    setup({ shown: overview("PAYOUT", { ready: [], waiting: [], batches: [] }) });
    expect(await screen.findByText("Nothing is ready to pay")).toBeTruthy();
    expect(screen.getByText("Nothing is waiting")).toBeTruthy();
    expect(screen.getByText("No payout batches yet")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Run payout batch" })).toBeNull();
  });

  it("is the refunds page when its loader says so", async () => {
    const { user, runs } = setup({ kind: "REFUND" });
    expect(await screen.findByRole("heading", { level: 1, name: "Refunds" })).toBeTruthy();
    expect(await screen.findByRole("heading", { level: 2, name: /^Refunds due/ })).toBeTruthy();
    expect(within(table("Refunds ready to send")).getAllByRole("columnheader")[0]!.textContent).toBe("Client");
    await user.click(screen.getByRole("button", { name: "Run refund batch" }));
    const dialog = screen.getByRole("dialog", { name: "Run a refund batch?" });
    expect(within(dialog).getByText("2 clients, ₱3,500.50 in all")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Run refund batch" }));
    await vi.waitFor(() => expect(runs).toEqual([{ kind: "REFUND" }]));
  });
});

describe("AdminPayoutBatchPage: marking lines", () => {
  const markSent = (name: string) => within(table("Lines of payout batch 12")).getByRole("button", { name: `Mark sent to ${name}` });
  const markFailed = (name: string) => within(table("Lines of payout batch 12")).getByRole("button", { name: `Mark failed for ${name}` });

  it("asks for the transfer reference, refuses an empty one at the field, and shows the row sent once marked", async () => {
    const { user, decisions } = setup({ start: "/admin/payouts/batches/b-new" });
    expect(await screen.findByRole("heading", { level: 1, name: "Payout batch 12" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Download bank file (CSV)" })).toBeTruthy();

    await user.click(markSent("Maria Santos"));
    const dialog = screen.getByRole("dialog", { name: "Mark sent?" });
    const reference = within(dialog).getByLabelText("Transfer reference") as HTMLInputElement;
    // Focus starts in the dialog's first field... or its close button: either way inside it.
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.click(within(dialog).getByRole("button", { name: "Mark sent" }));
    expect(within(dialog).getByText("Enter the transfer's reference.")).toBeTruthy();
    expect(reference.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(reference);
    expect(decisions).toEqual([]);

    await user.type(reference, "12345{Enter}");
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(decisions).toEqual([{ lineId: "l-maria", decision: { state: "SENT", transferReference: "12345" } }]);
    const rows = within(table("Lines of payout batch 12")).getAllByRole("row");
    expect(rows[1]!.textContent).toContain("Sent · ref 12345");
    expect(within(rows[1]!).queryByRole("button")).toBeNull();
    // The other line still waits.
    expect(rows[2]!.textContent).toContain("Pending");
  });

  it("shows the server's refusal in the dialog (role alert) and keeps what was typed", async () => {
    const { user } = setup({
      start: "/admin/payouts/batches/b-new",
      decideAnswer: () => ({ ok: false, status: 409, message: MSG.payoutLineDecided }),
    });
    await screen.findByRole("heading", { level: 1, name: "Payout batch 12" });
    await user.click(markSent("Juan Dela Cruz"));
    const dialog = screen.getByRole("dialog", { name: "Mark sent?" });
    expect(within(dialog).getByText(/₱1,000.50/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText("Transfer reference"), "UB-778899");
    await user.click(within(dialog).getByRole("button", { name: "Mark sent" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(MSG.payoutLineDecided);
    expect((within(dialog).getByLabelText("Transfer reference") as HTMLInputElement).value).toBe("UB-778899");
  });

  it("marks a line failed with why, asked for first", async () => {
    const { user, decisions } = setup({ start: "/admin/payouts/batches/b-new" });
    await screen.findByRole("heading", { level: 1, name: "Payout batch 12" });
    await user.click(markFailed("Maria Santos"));
    const dialog = screen.getByRole("dialog", { name: "Mark failed?" });
    await user.click(within(dialog).getByRole("button", { name: "Mark failed" }));
    expect(within(dialog).getByText("Say why it failed.")).toBeTruthy();
    await user.type(within(dialog).getByLabelText("Why it failed"), "Account closed");
    await user.click(within(dialog).getByRole("button", { name: "Mark failed" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(decisions).toEqual([{ lineId: "l-maria", decision: { state: "FAILED", failureReason: "Account closed" } }]);
    expect(within(table("Lines of payout batch 12")).getAllByRole("row")[1]!.textContent).toContain("Failed · Account closed");
  });
});
