import { z } from "zod";
import { PAYOUT_BANKS, PAYOUT_METHODS, type PayoutMethod } from "../constants.js";
import { formatTime } from "../format.js";
import { formatLongDate, manilaDate, manilaTime } from "../manila.js";
import { MSG } from "../messages.js";
import * as f from "./fields.js";

/**
 * The payout account (decisions.md, "Cancelling, refunds, fees and payouts"): where a user's
 * earnings, referral rewards and refunds are sent. A GCash or Maya mobile number, or a bank
 * account; saving a new one holds the next payout for PAYOUT_ACCOUNT_HOLD_HOURS.
 */

/** How each method is named on screen and in emails. */
export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = { GCASH: "GCash", MAYA: "Maya", BANK: "Bank account" };

/**
 * A Philippine mobile number as people type it ("0917 123 4567", "+63 917 123 4567",
 * "639171234567", "917-123-4567"), as its 11 digits "09171234567"; anything else as typed
 * (spaces, dashes, dots and brackets removed), which the caller then refuses.
 */
export function normalizeMobileNumber(typed: string): string {
  const digits = typed.replace(/[\s().-]/g, "");
  if (/^\+?63\d{10}$/.test(digits)) return `0${digits.slice(digits.startsWith("+") ? 3 : 2)}`;
  if (/^9\d{9}$/.test(digits)) return `0${digits}`;
  return digits;
}

const mobileNumber = (message: string) =>
  f
    .singleLineText({ error: message })
    .max(40, message)
    .transform(normalizeMobileNumber)
    .refine((digits) => /^09\d{9}$/.test(digits), message);

/** A bank account number: 10 to 16 digits, spaces and dashes allowed (and removed). */
const bankAccountNumber = f
  .singleLineText({ error: MSG.payoutBankNumberInvalid })
  .max(40, MSG.payoutBankNumberInvalid)
  .transform((typed) => typed.replace(/[\s-]/g, ""))
  .refine((digits) => /^\d{10,16}$/.test(digits), MSG.payoutBankNumberInvalid);

const accountName = f
  .singleLineText({ error: MSG.payoutAccountNameRequired })
  .min(2, MSG.payoutAccountNameRequired)
  .max(100, MSG.textTooLong("The account name", 100));

/**
 * `PUT /account/payout-account`: the method, then (for a bank only) which bank, the name on the
 * account and its number, normalized to digits (a mobile number to "09171234567").
 */
export const payoutAccountInputSchema = z.discriminatedUnion(
  "method",
  [
    z.object({ method: z.literal("GCASH"), accountName, accountNumber: mobileNumber(MSG.payoutMobileInvalid("GCash")) }),
    z.object({ method: z.literal("MAYA"), accountName, accountNumber: mobileNumber(MSG.payoutMobileInvalid("Maya")) }),
    z.object({
      method: z.literal("BANK"),
      bankName: z.enum(PAYOUT_BANKS, { error: MSG.payoutBankRequired }),
      accountName,
      accountNumber: bankAccountNumber,
    }),
  ],
  { error: MSG.payoutMethodRequired },
);
export type PayoutAccountInput = z.input<typeof payoutAccountInputSchema>;
export type PayoutAccountData = z.output<typeof payoutAccountInputSchema>;

/** The settings form: every field a text (the bank is ignored unless the method is BANK), checked as the API checks it. */
export const payoutAccountFormSchema = z
  .object({ method: z.string(), bankName: z.string(), accountName: z.string(), accountNumber: z.string() })
  .transform((values, ctx) => {
    const result = payoutAccountInputSchema.safeParse(values);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    return z.NEVER;
  });

/** The payout account as its owner sees it: never the whole number. */
export const payoutAccountViewSchema = z.object({
  method: z.enum(PAYOUT_METHODS),
  /** Only for BANK. */
  bankName: z.string().nullable(),
  accountName: z.string(),
  accountNumberLast4: z.string(),
  changedAt: z.string().describe("ISO 8601 instant"),
  /** changedAt + PAYOUT_ACCOUNT_HOLD_HOURS while that is still ahead: no payout goes out before it. */
  heldUntil: z.string().describe("ISO 8601 instant").nullable(),
});
export type PayoutAccountView = z.infer<typeof payoutAccountViewSchema>;

/** "GCash · Juan Dela Cruz · ending 4567" (for a bank, the bank's name first). */
export const payoutAccountSummary = (account: Pick<PayoutAccountView, "method" | "bankName" | "accountName" | "accountNumberLast4">) =>
  [
    account.method === "BANK" ? (account.bankName ?? PAYOUT_METHOD_LABELS.BANK) : PAYOUT_METHOD_LABELS[account.method],
    account.accountName,
    `ending ${account.accountNumberLast4}`,
  ].join(" · ");

/** Where a payout or refund went, never the whole number: "GCash ending 4567", "BDO Unibank ending 7890". */
export const payoutDestinationText = (destination: { method: PayoutMethod; bankName: string | null; accountNumber: string }) =>
  `${destination.method === "BANK" ? (destination.bankName ?? PAYOUT_METHOD_LABELS.BANK) : PAYOUT_METHOD_LABELS[destination.method]} ending ${destination.accountNumber.slice(-4)}`;

/** "Tuesday, May 12, 2026 at 9:30 AM", in Manila time: when payouts to a changed account start. */
export const payoutHoldEndText = (heldUntil: Date | string) => {
  const at = new Date(heldUntil);
  return `${formatLongDate(manilaDate(at))} at ${formatTime(manilaTime(at))}`;
};
