import { describe, expect, it } from "vitest";
import {
  MSG,
  normalizeMobileNumber,
  PAYOUT_BANKS,
  payoutAccountFormSchema,
  payoutAccountInputSchema,
  payoutAccountSummary,
  payoutHoldEndText,
} from "../src/index.js";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error!.issues[0]!.message;

const gcash = { method: "GCASH", accountName: " Juan Dela Cruz ", accountNumber: "0917 123 4567" };
const bank = { method: "BANK", bankName: "BDO Unibank", accountName: "Juan Dela Cruz", accountNumber: "0012-3456-7890" };

describe("payout account input", () => {
  it("takes a mobile number as people type it and keeps its 11 digits", () => {
    for (const typed of ["0917 123 4567", "+63 917 123 4567", "639171234567", "+639171234567", "09171234567", "917-123-4567", "(0917) 123.4567"]) {
      const parsed = payoutAccountInputSchema.parse({ ...gcash, accountNumber: typed });
      expect(parsed.accountNumber, typed).toBe("09171234567");
    }
    expect(payoutAccountInputSchema.parse({ ...gcash, method: "MAYA" })).toEqual({
      method: "MAYA",
      accountName: "Juan Dela Cruz",
      accountNumber: "09171234567",
    });
    expect(normalizeMobileNumber("+63 2 8123 4567")).toBe("+63281234567");
  });

  it("refuses what is not a Philippine mobile number, naming the wallet", () => {
    for (const typed of ["", "   ", "0917 123 456", "0917 123 45678", "0817 123 4567", "+1 917 123 4567", "6309171234567", "0917x1234567"]) {
      expect(firstMessage(payoutAccountInputSchema.safeParse({ ...gcash, accountNumber: typed })), typed).toBe(MSG.payoutMobileInvalid("GCash"));
    }
    expect(firstMessage(payoutAccountInputSchema.safeParse({ ...gcash, accountNumber: "0917\u00001234567" }))).toBe(MSG.textControl);
    expect(firstMessage(payoutAccountInputSchema.safeParse({ ...gcash, method: "MAYA", accountNumber: "12345" }))).toBe(
      "Enter a Maya number like 0917 123 4567.",
    );
    expect(firstMessage(payoutAccountInputSchema.safeParse({ ...gcash, accountNumber: 9171234567 }))).toBe(
      "Enter a GCash number like 0917 123 4567.",
    );
  });

  it("takes a bank account number of 10 to 16 digits, spaces and dashes removed", () => {
    expect(payoutAccountInputSchema.parse(bank)).toEqual({
      method: "BANK",
      bankName: "BDO Unibank",
      accountName: "Juan Dela Cruz",
      accountNumber: "001234567890",
    });
    expect(payoutAccountInputSchema.parse({ ...bank, accountNumber: "1234 5678 90" }).accountNumber).toBe("1234567890");
    expect(payoutAccountInputSchema.parse({ ...bank, accountNumber: "1234-5678-9012-3456" }).accountNumber).toBe("1234567890123456");
    for (const typed of ["", "123456789", "12345678901234567", "1234.5678.90", "ABCD567890", "1234/567890"]) {
      expect(firstMessage(payoutAccountInputSchema.safeParse({ ...bank, accountNumber: typed })), typed).toBe(MSG.payoutBankNumberInvalid);
    }
    expect(MSG.payoutBankNumberInvalid).toBe("Enter the account number: 10 to 16 digits.");
  });

  it("needs a bank from the list for a bank account, and keeps none for a wallet", () => {
    const { bankName: _none, ...noBank } = bank;
    expect(firstMessage(payoutAccountInputSchema.safeParse(noBank))).toBe("Choose the bank.");
    expect(firstMessage(payoutAccountInputSchema.safeParse({ ...bank, bankName: "Bank of Nowhere" }))).toBe(MSG.payoutBankRequired);
    for (const name of PAYOUT_BANKS) expect(payoutAccountInputSchema.safeParse({ ...bank, bankName: name }).success).toBe(true);
    expect(payoutAccountInputSchema.parse({ ...gcash, bankName: "BDO Unibank" })).not.toHaveProperty("bankName");
  });

  it("needs the method, and an account name of 2 to 100 characters, trimmed", () => {
    for (const method of [undefined, "", "PAYPAL", "gcash", 1]) {
      expect(firstMessage(payoutAccountInputSchema.safeParse({ ...gcash, method }))).toBe(MSG.payoutMethodRequired);
    }
    expect(firstMessage(payoutAccountInputSchema.safeParse(null))).toBe(MSG.payoutMethodRequired);
    for (const name of [undefined, "", "  J  ", "J"]) {
      expect(firstMessage(payoutAccountInputSchema.safeParse({ ...gcash, accountName: name }))).toBe(MSG.payoutAccountNameRequired);
    }
    expect(firstMessage(payoutAccountInputSchema.safeParse({ ...gcash, accountName: "Jo\nCruz" }))).toBe(MSG.textControl);
    expect(payoutAccountInputSchema.safeParse({ ...gcash, accountName: "a".repeat(100) }).success).toBe(true);
    expect(firstMessage(payoutAccountInputSchema.safeParse({ ...gcash, accountName: "a".repeat(101) }))).toBe(
      MSG.textTooLong("The account name", 100),
    );
  });

  it("the settings form reports every field at once and ignores the bank of a wallet", () => {
    const result = payoutAccountFormSchema.safeParse({ method: "BANK", bankName: "", accountName: "", accountNumber: "12" });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["bankName", MSG.payoutBankRequired],
      ["accountName", MSG.payoutAccountNameRequired],
      ["accountNumber", MSG.payoutBankNumberInvalid],
    ]);
    expect(payoutAccountFormSchema.parse({ ...gcash, bankName: "" })).toEqual({
      method: "GCASH",
      accountName: "Juan Dela Cruz",
      accountNumber: "09171234567",
    });
    expect(firstMessage(payoutAccountFormSchema.safeParse({ ...gcash, method: "", bankName: "" }))).toBe(MSG.payoutMethodRequired);
  });
});

describe("payout account view", () => {
  it("summarizes the account with its last 4 digits, and says when the hold ends in Manila time", () => {
    expect(payoutAccountSummary({ method: "GCASH", bankName: null, accountName: "Juan Dela Cruz", accountNumberLast4: "4567" })).toBe(
      "GCash · Juan Dela Cruz · ending 4567",
    );
    expect(payoutAccountSummary({ method: "BANK", bankName: "BDO Unibank", accountName: "Juan Dela Cruz", accountNumberLast4: "7890" })).toBe(
      "BDO Unibank · Juan Dela Cruz · ending 7890",
    );
    // 01:30 UTC is 9:30 AM in Manila (UTC+8), the same day.
    expect(payoutHoldEndText("2026-05-12T01:30:00.000Z")).toBe("Tuesday, May 12, 2026 at 9:30 AM");
    expect(payoutHoldEndText(new Date("2026-05-12T16:05:00.000Z"))).toBe("Wednesday, May 13, 2026 at 12:05 AM");
  });
});
