import { MSG, type PayoutAccountView } from "@vam/shared";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, useLoaderData } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { NOW, fixClockAtManilaMorning } from "./manila-clock";
import { PayoutAccountSection } from "../../src/features/account/PayoutAccountSection";
import type { SettingsChange } from "../../src/features/account/account-data";
import type { ActionResult } from "../../src/lib/actions";
import type { Result } from "../../src/lib/result";

fixClockAtManilaMorning();

const HOUR = 3600_000;

interface Setup {
  saved?: PayoutAccountView | null;
  /** The action's answer; null: it saves as the server would. */
  answer?: (change: SettingsChange) => ActionResult<string> | null;
  loadFails?: boolean;
}

/** The section on a route whose loader reads `stored` and whose action records each change. */
function setup({ saved = null, answer = () => null, loadFails = false }: Setup = {}) {
  let stored = saved;
  const changes: SettingsChange[] = [];
  const Page = () => <PayoutAccountSection payoutAccount={useLoaderData<{ payoutAccount: Result<PayoutAccountView | null> }>().payoutAccount} />;
  const router = createMemoryRouter(
    [
      {
        path: "/settings",
        loader: () => ({
          payoutAccount: loadFails ? { ok: false, status: 0, message: MSG.payoutAccountLoadFailed } : { ok: true, data: stored && { ...stored } },
        }),
        action: async ({ request }) => {
          const change = (await request.json()) as SettingsChange;
          changes.push(change);
          const given = answer(change);
          if (given) return given;
          if (change.intent !== "payoutAccount") throw new Error("unexpected change");
          const { input } = change;
          stored = {
            method: input.method,
            bankName: input.method === "BANK" ? input.bankName : null,
            accountName: input.accountName,
            accountNumberLast4: input.accountNumber.slice(-4),
            changedAt: NOW.toISOString(),
            heldUntil: new Date(NOW.getTime() + 24 * HOUR).toISOString(),
          };
          return { ok: true, data: MSG.payoutAccountSaved };
        },
        Component: Page,
      },
    ],
    { initialEntries: ["/settings"] },
  );
  render(<RouterProvider router={router} />);
  return { user: userEvent.setup(), changes };
}

const section = () => screen.findByRole("region", { name: "Payout account" });
const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const describedText = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent)
    .join(" ");

describe("PayoutAccountSection", () => {
  it("sets a GCash account: the number is checked as typed, sent as 11 digits, and the account then shows held for 24 hours", async () => {
    const { user, changes } = setup();
    const card = await section();
    expect(within(card).getByText("Where we send your earnings, referral rewards and refunds.")).toBeTruthy();
    expect(within(card).getByText(/No payout account yet/)).toBeTruthy();
    const group = within(card).getByRole("radiogroup", { name: "Send my money to" });
    expect(
      within(group)
        .getAllByRole("radio")
        .map((radio) => radio.closest("label")!.textContent),
    ).toEqual(["GCash", "Maya", "Bank account"]);
    expect((within(group).getByRole("radio", { name: "GCash" }) as HTMLInputElement).checked).toBe(true);
    expect(within(card).queryByLabelText("Bank")).toBeNull();

    await user.type(field("Account name"), "Juan Dela Cruz");
    await user.type(field("GCash number"), "0917 123 456");
    await user.click(within(card).getByRole("button", { name: "Save payout account" }));
    expect(await within(card).findByText(MSG.payoutMobileInvalid("GCash"))).toBeTruthy();
    expect(field("GCash number").getAttribute("aria-invalid")).toBe("true");
    expect(describedText(field("GCash number"))).toBe("Enter a GCash number like 0917 123 4567.");
    expect(changes).toEqual([]);

    await user.clear(field("GCash number"));
    await user.type(field("GCash number"), "+63 917 123 4567");
    await user.click(within(card).getByRole("button", { name: "Save payout account" }));
    await vi.waitFor(() =>
      expect(changes).toEqual([{ intent: "payoutAccount", input: { method: "GCASH", accountName: "Juan Dela Cruz", accountNumber: "09171234567" } }]),
    );
    expect((await within(card).findByRole("status")).textContent).toBe("Payout account saved. Your next payout waits 24 hours.");
    expect(await within(card).findByText("GCash · Juan Dela Cruz · ending 4567")).toBeTruthy();
    // NOW is Monday, November 23, 2026, 8:00 AM in Manila.
    expect(within(card).getByText("Payouts to this account start Tuesday, November 24, 2026 at 8:00 AM.")).toBeTruthy();
    // The whole number is never shown again: a change types it anew.
    expect(field("GCash number").value).toBe("");
    expect(field("Account name").value).toBe("Juan Dela Cruz");
  });

  it("asks for the bank only for a bank account, labels the number for the method, and ties each error to its field", async () => {
    const { user, changes } = setup();
    const card = await section();
    // By keyboard: into the group, then the arrows move between methods.
    within(card).getByRole("radio", { name: "GCash" }).focus();
    await user.keyboard("{ArrowRight}");
    expect((within(card).getByRole("radio", { name: "Maya" }) as HTMLInputElement).checked).toBe(true);
    expect(field("Maya number")).toBeTruthy();
    await user.keyboard("{ArrowRight}");
    expect((within(card).getByRole("radio", { name: "Bank account" }) as HTMLInputElement).checked).toBe(true);
    const bank = within(card).getByLabelText("Bank") as HTMLSelectElement;
    expect(within(card).queryByLabelText("Maya number")).toBeNull();

    await user.type(field("Account number"), "12-34");
    await user.click(within(card).getByRole("button", { name: "Save payout account" }));
    expect(await within(card).findByText(MSG.payoutBankRequired)).toBeTruthy();
    expect(bank.getAttribute("aria-invalid")).toBe("true");
    expect(describedText(bank)).toBe("Choose the bank.");
    expect(describedText(field("Account name"))).toBe(MSG.payoutAccountNameRequired);
    expect(describedText(field("Account number"))).toBe("Enter the account number: 10 to 16 digits.");
    expect(changes).toEqual([]);

    await user.selectOptions(bank, "BDO Unibank");
    await user.type(field("Account name"), "Juan Dela Cruz");
    await user.clear(field("Account number"));
    await user.type(field("Account number"), "0012-3456-7890");
    await user.click(within(card).getByRole("button", { name: "Save payout account" }));
    await vi.waitFor(() =>
      expect(changes).toEqual([
        { intent: "payoutAccount", input: { method: "BANK", bankName: "BDO Unibank", accountName: "Juan Dela Cruz", accountNumber: "001234567890" } },
      ]),
    );
    expect(await within(card).findByText("BDO Unibank · Juan Dela Cruz · ending 7890")).toBeTruthy();
  });

  it("shows the saved account without a hold once it has passed, and a server refusal at its field", async () => {
    const saved: PayoutAccountView = {
      method: "MAYA",
      bankName: null,
      accountName: "Liza Mercado",
      accountNumberLast4: "1111",
      changedAt: new Date(NOW.getTime() - 48 * HOUR).toISOString(),
      heldUntil: null,
    };
    const { user } = setup({
      saved,
      answer: () => ({ ok: false, status: 400, message: MSG.payoutMobileInvalid("Maya"), field: "accountNumber" }),
    });
    const card = await section();
    expect(within(card).getByText("Maya · Liza Mercado · ending 1111")).toBeTruthy();
    expect(within(card).queryByText(/Payouts to this account start/)).toBeNull();
    // The form starts from the saved account, the number left to type.
    expect((within(card).getByRole("radio", { name: "Maya" }) as HTMLInputElement).checked).toBe(true);
    expect(field("Account name").value).toBe("Liza Mercado");
    expect(field("Maya number").value).toBe("");

    await user.type(field("Maya number"), "0999 000 1111");
    await user.click(within(card).getByRole("button", { name: "Save payout account" }));
    expect(await within(card).findByText(MSG.payoutMobileInvalid("Maya"))).toBeTruthy();
    expect(field("Maya number").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(field("Maya number"));
  });

  it("says when the account could not be read", async () => {
    setup({ loadFails: true });
    const card = await section();
    expect(within(card).getByRole("alert").textContent).toContain(MSG.payoutAccountLoadFailed);
    expect(within(card).queryByRole("button", { name: "Save payout account" })).toBeNull();
  });
});
