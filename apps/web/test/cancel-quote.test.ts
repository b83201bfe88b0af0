import { MSG, type CancellationQuote } from "@vam/shared";
import { describe, expect, it } from "vitest";
import { cancelQuoteSentence } from "../src/features/bookings/cancel-quote";

const quote = (extra: Partial<CancellationQuote>): CancellationQuote => ({
  paid: true,
  dates: 1,
  refundCentavos: 500000,
  lateFeeCentavos: 0,
  late: false,
  ...extra,
});

describe("cancelQuoteSentence: what the cancel dialog says about money", () => {
  it("the client of a paid booking 24 hours or more ahead gets it all back", () => {
    expect(cancelQuoteSentence(quote({}), "client", false)).toBe(MSG.cancelQuoteAll("₱5,000"));
  });

  it("the client of a paid booking less than 24 hours ahead gets half back and the assistant keeps the other half", () => {
    const late = quote({ refundCentavos: 250000, lateFeeCentavos: 250000, late: true });
    expect(cancelQuoteSentence(late, "client", false)).toBe(MSG.cancelQuoteLate("₱2,500", "₱2,500"));
  });

  it("the rest of a paid series: every date back, or less the late date's fee", () => {
    expect(cancelQuoteSentence(quote({ dates: 3, refundCentavos: 1500000 }), "client", true)).toBe(MSG.cancelQuoteSeries(3, "₱15,000"));
    const late = quote({ dates: 3, refundCentavos: 1250000, lateFeeCentavos: 250000, late: true });
    expect(cancelQuoteSentence(late, "client", true)).toBe(MSG.cancelQuoteSeriesLate(3, "₱12,500", "₱2,500"));
    expect(MSG.cancelQuoteSeries(1, "₱5,000")).toBe("You will get back ₱5,000 for the date you cancel.");
  });

  it("a payment not verified yet: what comes back in full if the money arrives; nothing owed at all: says so", () => {
    expect(cancelQuoteSentence(quote({ paid: false }), "client", false)).toBe(MSG.cancelQuoteUnverified("₱5,000"));
    expect(cancelQuoteSentence(quote({ paid: false, refundCentavos: 0 }), "client", false)).toBe(MSG.cancelQuoteNothingPaid);
  });

  it("the assistant hears what the client gets back when paid, and nothing about money otherwise", () => {
    expect(cancelQuoteSentence(quote({}), "consultant", false)).toBe(MSG.cancelQuoteConsultant("₱5,000"));
    expect(cancelQuoteSentence(quote({ dates: 2, refundCentavos: 1000000 }), "consultant", true)).toBe(MSG.cancelQuoteConsultant("₱10,000"));
    expect(cancelQuoteSentence(quote({ paid: false }), "consultant", false)).toBeNull();
  });

  it("no date left to cancel: nothing", () => {
    expect(cancelQuoteSentence(quote({ paid: false, dates: 0, refundCentavos: 0 }), "client", true)).toBeNull();
  });
});
