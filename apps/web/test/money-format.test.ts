import { describe, expect, it } from "vitest";
import { auditActionLabel } from "../src/features/admin/admin-format";
import {
  balanceVerdict,
  batchCountsText,
  batchTitle,
  debitCredit,
  destinationLines,
  journalRangeErrors,
  lineStateText,
  runSummary,
  waitingText,
} from "../src/features/admin/money-format";

const gcash = { method: "GCASH" as const, bankName: null, accountName: "Maria Santos", accountNumber: "09171234567" };

describe("the console's money out, in words", () => {
  it("names batches, what a run sends, why a balance waits and each line's state", () => {
    expect(batchTitle({ kind: "PAYOUT", number: 12 })).toBe("Payout batch 12");
    expect(batchTitle({ kind: "REFUND", number: 3 })).toBe("Refund batch 3");
    const ready = [
      { payeeId: "a", name: "A", amountCentavos: 50_000, destination: gcash },
      { payeeId: "b", name: "B", amountCentavos: 12_550, destination: gcash },
    ];
    expect(runSummary("PAYOUT", ready)).toBe("2 payees, ₱625.50 in all");
    expect(runSummary("REFUND", ready.slice(0, 1))).toBe("1 client, ₱500 in all");
    expect(waitingText({ why: "belowMinimum", heldUntil: null })).toBe("Below the minimum");
    expect(waitingText({ why: "noAccount", heldUntil: null })).toBe("No payout account");
    // Manila time (UTC+8).
    expect(waitingText({ why: "accountChanged", heldUntil: "2026-11-24T01:05:00.000Z" })).toBe("Account changed: held until Nov 24, 2026, 9:05 AM");
    expect(destinationLines({ method: "BANK", bankName: "BDO Unibank", accountName: "Juan", accountNumber: "001234567890" }).method).toBe(
      "Bank account · BDO Unibank",
    );
    expect(destinationLines(gcash).method).toBe("GCash");
    expect(lineStateText({ state: "PENDING", transferReference: null, failureReason: null })).toBe("Pending");
    expect(lineStateText({ state: "SENT", transferReference: "12345", failureReason: null })).toBe("Sent · ref 12345");
    expect(lineStateText({ state: "FAILED", transferReference: null, failureReason: "Account closed" })).toBe("Failed · Account closed");
    expect(batchCountsText({ pending: 2, sent: 5, failed: 0 })).toBe("2 pending · 5 sent");
    expect(batchCountsText({ pending: 0, sent: 0, failed: 0 })).toBe("No lines");
  });

  it("reads the ledger: the verdict of the totals, and a line as a debit or a credit by its account's normal side", () => {
    expect(balanceVerdict({ totalDebitsCentavos: 10_000, totalCreditsCentavos: 10_000 })).toEqual({ balanced: true, text: "Balanced" });
    expect(balanceVerdict({ totalDebitsCentavos: 10_000, totalCreditsCentavos: 8_750 })).toEqual({
      balanced: false,
      text: "Out of balance by ₱12.50",
    });
    // Cash is debit-normal: money in adds to it (a debit), money out takes from it (a credit).
    expect(debitCredit(250_000, "CASH")).toEqual({ debit: "₱2,500", credit: "" });
    expect(debitCredit(-100_000, "CASH")).toEqual({ debit: "", credit: "₱1,000" });
    // What the platform owes a payee is credit-normal: earnings are credits, a payout a debit.
    expect(debitCredit(225_000, "PAYABLE")).toEqual({ debit: "", credit: "₱2,250" });
    expect(debitCredit(-225_000, "PAYABLE")).toEqual({ debit: "₱2,250", credit: "" });
  });

  it("checks the journal export's dates", () => {
    expect(journalRangeErrors({ from: "2026-11-01", to: "2026-11-23" })).toEqual({});
    expect(journalRangeErrors({ from: "2026-11-01", to: "2026-11-01" })).toEqual({});
    expect(journalRangeErrors({ from: "", to: "" })).toEqual({ from: "Choose the first day.", to: "Choose the last day." });
    expect(journalRangeErrors({ from: "2026-11-23", to: "2026-11-01" })).toEqual({ to: "The last day cannot come before the first." });
  });

  it("names the money actions of the audit log", () => {
    expect(auditActionLabel("payout.batch.run")).toBe("Payout batch run");
    expect(auditActionLabel("refund.batch.run")).toBe("Refund batch run");
    expect(auditActionLabel("payout.line.sent")).toBe("Payout line marked sent");
    expect(auditActionLabel("payout.line.failed")).toBe("Payout line marked failed");
    expect(auditActionLabel("booking.cancelled")).toBe("Booking cancelled");
  });
});
