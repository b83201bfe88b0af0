import { MSG, type Booking, type BookingRefund as Refund, type CancellationQuote, type SelfUser } from "@vam/shared";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, MemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { fixClockAtManilaMorning } from "./manila-clock";
import { AuthContext, type AuthContextValue } from "../../src/features/auth/auth-context";
import { BookingRefund } from "../../src/features/bookings/BookingRefund";
import BookingsPage from "../../src/features/bookings/BookingsPage";
import BookingDashboardPage from "../../src/features/dashboard/BookingDashboardPage";
import { RealtimeContext } from "../../src/features/realtime/realtime-context";
import { RealtimeHub } from "../../src/features/realtime/realtime-hub";
import type { Result } from "../../src/lib/result";
import { booking } from "../fixtures";

/*
 * The cancel dialog's refund sentence (decisions.md, "Cancelling, refunds, fees and payouts"):
 * loaded as the dialog opens, said in a polite live region before the confirm button, never a
 * wrong amount; and the refund a cancelled booking shows afterwards.
 */

fixClockAtManilaMorning();

const client = { id: "client", role: "Boss", firstName: "Ramon", lastName: "Reyes" } as SelfUser;
const assistant = { id: "consultant", role: "Assistant", firstName: "Maria", lastName: "Santos" } as SelfUser;

const quote = (extra: Partial<CancellationQuote> = {}): CancellationQuote => ({
  paid: true,
  dates: 1,
  refundCentavos: 500000,
  lateFeeCentavos: 0,
  late: false,
  ...extra,
});
const LATE = quote({ refundCentavos: 250000, lateFeeCentavos: 250000, late: true });

/** Today, 13:00 Manila: five hours after the fixed clock's 08:00. */
const paidToday = (extra: Partial<Booking> = {}) =>
  booking("2026-11-23", "CONFIRMED", { id: "b-today", startTime: "13:00", endTime: "17:00", paymentStatus: "PAID", ...extra });

interface Setup {
  user: SelfUser;
  list: Booking[];
  /** The quote's answer, or a failure; held until `answerQuote` when `hold`. */
  quote: (kind: "booking" | "series", id: string) => Result<CancellationQuote>;
  hold?: boolean;
  refundAccount?: boolean | null;
  page?: "bookings" | "dashboard";
}

/**
 * /bookings (or /booking-dashboard) in a memory router whose loader reads `list` (as the client's
 * bookings or the assistant's consultations) and whose quote routes answer `quote`.
 */
function setup({ user: me, list, quote: answer, hold = false, refundAccount = null, page = "bookings" }: Setup) {
  let stored = list;
  const changes: unknown[] = [];
  const quoteReads: string[] = [];
  let release: (() => void) | null = null;
  const quoteLoader =
    (kind: "booking" | "series") =>
    async ({ params }: { params: Record<string, string | undefined> }) => {
      const id = params.id ?? "";
      quoteReads.push(`${kind}:${id}`);
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      const result = answer(kind, id);
      return result.ok ? { ok: true, data: { kind, id, quote: result.data } } : result;
    };
  const router = createMemoryRouter(
    [
      {
        path: "/bookings",
        loader: () => {
          const consultations = me.role === "Assistant" ? stored : [];
          const made = me.role === "Assistant" ? [] : stored;
          return { bookings: Promise.resolve({ consultations, made, focus: null, focusMissing: false, refundAccount }) };
        },
        Component: BookingsPage,
      },
      {
        path: "/booking-dashboard",
        loader: () => ({ view: me.role === "Assistant" ? "consultant" : "client", bookings: Promise.resolve(stored), timeOff: null }),
        Component: BookingDashboardPage,
      },
      { path: "/data/bookings/cancellation/booking/:id", loader: quoteLoader("booking") },
      { path: "/data/bookings/cancellation/series/:id", loader: quoteLoader("series") },
      {
        path: "/data/bookings/:id",
        action: async ({ request, params }) => {
          const change = (await request.json()) as { status?: string };
          changes.push(change);
          const cancelled = stored.find((item) => item.id === params.id)!;
          const updated: Booking = {
            ...cancelled,
            status: "CANCELLED",
            cancelReason: me.role === "Assistant" ? "CONSULTANT" : "CLIENT",
            refund: { id: "rf1", amountCentavos: 250000, lateFeeCentavos: 250000, reason: "CLIENT_CANCELLED_LATE", state: "DUE", sentAt: null },
          };
          stored = stored.map((item) => (item.id === updated.id ? updated : item));
          return { ok: true, data: updated };
        },
      },
      { path: "/data/bookings/series/:seriesId", action: () => ({ ok: true, data: [] }) },
      { path: "/settings", element: <h1>Settings</h1> },
    ],
    { initialEntries: [page === "bookings" ? "/bookings" : "/booking-dashboard"] },
  );
  const auth: AuthContextValue = { user: me, token: "t", loading: false, logout: async () => {}, setUser: () => {} };
  render(
    <AuthContext value={auth}>
      <RealtimeContext value={new RealtimeHub()}>
        <RouterProvider router={router} />
      </RealtimeContext>
    </AuthContext>,
  );
  const answerQuote = async () => {
    await vi.waitFor(() => expect(release).not.toBeNull());
    release?.();
    release = null;
  };
  return { user: userEvent.setup(), changes, quoteReads, answerQuote, router };
}

/** Opens the cancel dialog of the only booking on the bookings page, through its edit menu. */
async function openCancelDialog(user: ReturnType<typeof userEvent.setup>) {
  const item = await screen.findByRole("article", { name: /^Booking with / });
  await user.click(within(item).getByRole("button", { name: "Edit booking" }));
  await user.click(screen.getByRole("menuitem", { name: "Cancel booking" }));
  return screen.getByRole("dialog", { name: "Cancel Booking" });
}

/** The dialog's live region, and that it comes before the confirm button. */
function quoteRegion(dialog: HTMLElement, confirmName: string) {
  const region = within(dialog).getByRole("status");
  expect(region.getAttribute("aria-live")).toBe("polite");
  const confirm = within(dialog).getByRole("button", { name: confirmName });
  expect(region.compareDocumentPosition(confirm) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  return region;
}

describe("the cancel dialog's refund sentence", () => {
  it("the client of a paid booking starting in less than 24 hours: 'working out' first, then half back and the late fee", async () => {
    const { user, quoteReads, answerQuote } = setup({ user: client, list: [paidToday()], quote: () => ({ ok: true, data: LATE }), hold: true });
    const dialog = await openCancelDialog(user);
    expect(within(dialog).getByText(MSG.confirmCancel)).toBeTruthy();
    const region = quoteRegion(dialog, MSG.yesCancel);
    expect(region.textContent).toBe(MSG.cancelQuoteLoading);
    // Loaded once, as the dialog opened.
    expect(quoteReads).toEqual(["booking:b-today"]);
    await answerQuote();
    await vi.waitFor(() => expect(region.textContent).toBe(MSG.cancelQuoteLate("₱2,500", "₱2,500")));
    expect(quoteReads).toEqual(["booking:b-today"]);
  });

  it("on time: everything back", async () => {
    const { user } = setup({ user: client, list: [paidToday({ date: "2026-11-25" })], quote: () => ({ ok: true, data: quote() }) });
    const dialog = await openCancelDialog(user);
    await vi.waitFor(() => expect(quoteRegion(dialog, MSG.yesCancel).textContent).toBe(MSG.cancelQuoteAll("₱5,000")));
  });

  it("a payment not verified yet: what comes back if the money arrives", async () => {
    const pending = booking("2026-11-25", "PENDING", { id: "b-pending" });
    const { user } = setup({ user: client, list: [pending], quote: () => ({ ok: true, data: quote({ paid: false }) }) });
    const dialog = await openCancelDialog(user);
    await vi.waitFor(() => expect(quoteRegion(dialog, MSG.yesCancel).textContent).toBe(MSG.cancelQuoteUnverified("₱5,000")));
  });

  it("the assistant cancelling a paid booking reads what the client gets back", async () => {
    const { user } = setup({ user: assistant, list: [paidToday()], quote: () => ({ ok: true, data: quote() }) });
    const dialog = await openCancelDialog(user);
    await vi.waitFor(() => expect(quoteRegion(dialog, MSG.yesCancel).textContent).toBe(MSG.cancelQuoteConsultant("₱5,000")));
  });

  it("the assistant of a booking nobody paid hears nothing about money, not even 'working out'", async () => {
    const pending = booking("2026-11-25", "PENDING", { id: "b-pending" });
    const { user, answerQuote, quoteReads } = setup({
      user: assistant,
      list: [pending],
      quote: () => ({ ok: true, data: quote({ paid: false }) }),
      hold: true,
    });
    const dialog = await openCancelDialog(user);
    const region = quoteRegion(dialog, MSG.yesCancel);
    expect(region.textContent).toBe("");
    await answerQuote();
    await vi.waitFor(() => expect(quoteReads).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(region.textContent).toBe("");
    expect(within(dialog).queryByText(/₱/)).toBeNull();
  });

  it("a quote that fails says no amount, and the booking can still be cancelled, by keyboard", async () => {
    const { user, changes, answerQuote } = setup({
      user: client,
      list: [paidToday()],
      quote: () => ({ ok: false, status: 500, message: MSG.bookingCancelFailed }),
      hold: true,
    });
    const dialog = await openCancelDialog(user);
    const region = quoteRegion(dialog, MSG.yesCancel);
    expect(region.textContent).toBe(MSG.cancelQuoteLoading);
    await answerQuote();
    // The failure: the region empties, with no amount anywhere in the dialog.
    await vi.waitFor(() => expect(region.textContent).toBe(""));
    expect(within(dialog).queryByText(/₱/)).toBeNull();
    // Focus starts in the dialog; Tab reaches the confirm button and stays in the dialog.
    const confirm = within(dialog).getByRole("button", { name: MSG.yesCancel });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(confirm);
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(confirm);
    await user.keyboard("{Enter}");
    expect(changes).toEqual([expect.objectContaining({ intent: "status", status: "CANCELLED" })]);
  });

  it("Escape closes the dialog without a change", async () => {
    const { user, changes } = setup({ user: client, list: [paidToday()], quote: () => ({ ok: true, data: LATE }) });
    const dialog = await openCancelDialog(user);
    await vi.waitFor(() => expect(within(dialog).getByRole("status").textContent).toBe(MSG.cancelQuoteLate("₱2,500", "₱2,500")));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(changes).toEqual([]);
  });

  it("the rest of a paid weekly series: the series sentence, with the late date's fee", async () => {
    const series = ["2026-11-23", "2026-11-30", "2026-12-07"].map((date, index) =>
      booking(date, "CONFIRMED", {
        id: `s${index}`,
        startTime: "13:00",
        endTime: "17:00",
        paymentStatus: "PAID",
        isRecurring: true,
        seriesId: "series-1",
      }),
    );
    const seriesQuote = quote({ dates: 3, refundCentavos: 1250000, lateFeeCentavos: 250000, late: true });
    const { user, quoteReads } = setup({
      user: client,
      list: series,
      quote: (kind) => ({ ok: true, data: kind === "series" ? seriesQuote : quote() }),
    });
    await user.click(await screen.findByRole("tab", { name: "Recurring" }));
    await user.click(screen.getByRole("button", { name: MSG.seriesCancelRest }));
    const dialog = screen.getByRole("dialog", { name: MSG.seriesCancelRest });
    await vi.waitFor(() => expect(quoteRegion(dialog, MSG.yesCancelSeries).textContent).toBe(MSG.cancelQuoteSeriesLate(3, "₱12,500", "₱2,500")));
    expect(quoteReads).toEqual(["series:series-1"]);
  });

  it("the assistant declining a paid booking on the dashboard reads what the client gets back", async () => {
    const pendingPaid = booking("2026-11-25", "PENDING", { id: "b-paid", paymentStatus: "PAID" });
    const { user } = setup({ user: assistant, list: [pendingPaid], quote: () => ({ ok: true, data: quote() }), page: "dashboard" });
    const card = await screen.findByRole("article", { name: /^Booking with Ramon Reyes/ });
    await user.click(within(card).getByRole("button", { name: "Decline" }));
    const dialog = screen.getByRole("dialog", { name: "Decline Booking" });
    expect(within(dialog).getByText(MSG.confirmDecline)).toBeTruthy();
    await vi.waitFor(() => expect(quoteRegion(dialog, MSG.yesDecline).textContent).toBe(MSG.cancelQuoteConsultant("₱5,000")));
  });
});

describe("the refund a cancelled booking shows", () => {
  it("after the client cancels late: 'Refund ₱2,500: due', why, the late fee, and the way to add a refund account", async () => {
    const { user, router } = setup({ user: client, list: [paidToday()], quote: () => ({ ok: true, data: LATE }), refundAccount: false });
    const dialog = await openCancelDialog(user);
    await user.click(within(dialog).getByRole("button", { name: MSG.yesCancel }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(screen.getByRole("tab", { name: "Cancelled" }));
    const item = await screen.findByRole("article", { name: /^Booking with Maria Santos/ });
    expect(within(item).getByText(MSG.refundLine("₱2,500", "due"))).toBeTruthy();
    expect(within(item).getByText(MSG.refundReasonLabel.CLIENT_CANCELLED_LATE)).toBeTruthy();
    expect(within(item).getByText(MSG.refundLateFee("₱2,500"))).toBeTruthy();
    expect(within(item).getByText(MSG.refundNeedsAccount, { exact: false })).toBeTruthy();
    await user.click(within(item).getByRole("link", { name: MSG.refundAddAccount }));
    expect(router.state.location.pathname).toBe("/settings");
  });

  const refund = (extra: Partial<Refund> = {}): Refund => ({
    id: "rf",
    amountCentavos: 500000,
    lateFeeCentavos: 0,
    reason: "CONSULTANT_CANCELLED",
    state: "DUE",
    sentAt: null,
    ...extra,
  });
  const show = (props: Parameters<typeof BookingRefund>[0]) =>
    render(
      <MemoryRouter>
        <BookingRefund {...props} />
      </MemoryRouter>,
    );

  it("being sent, and sent with its date; no late fee sentence when there was none", () => {
    show({ refund: refund({ state: "SENDING" }), party: "client", refundAccount: true });
    expect(screen.getByText("Refund ₱5,000: being sent")).toBeTruthy();
    expect(screen.getByText(MSG.refundReasonLabel.CONSULTANT_CANCELLED)).toBeTruthy();
    expect(screen.queryByText(/late-cancellation fee/)).toBeNull();
    show({ refund: refund({ state: "SENT", sentAt: "2026-11-24T02:00:00Z" }), party: "client" });
    expect(screen.getByText("Refund ₱5,000: sent on Tuesday, November 24, 2026")).toBeTruthy();
  });

  it("asks for the refund account only of a client whose refund is due and who has none", () => {
    show({ refund: refund(), party: "client", refundAccount: true });
    show({ refund: refund(), party: "client", refundAccount: null });
    show({ refund: refund(), party: "consultant", refundAccount: false });
    show({ refund: refund({ state: "SENDING" }), party: "client", refundAccount: false });
    expect(screen.queryByText(MSG.refundNeedsAccount, { exact: false })).toBeNull();
    show({ refund: refund(), party: "client", refundAccount: false });
    expect(screen.getByRole("link", { name: MSG.refundAddAccount }).getAttribute("href")).toBe("/settings");
  });
});
