import { describe, expect, it } from "vitest";
import { centavosOf, decimalPesos, formatCentavos, normalizePaymentReference, paymentReferencesIn, unpaidRefusal, MSG } from "../src/index.js";

describe("money in centavos", () => {
  it("converts whole pesos and refuses fractions", () => {
    expect(centavosOf(5000)).toBe(500000);
    expect(() => centavosOf(12.5)).toThrow(RangeError);
  });

  it("writes amounts from their integer parts: whole pesos without cents, the rest with them", () => {
    expect(formatCentavos(500000)).toBe("₱5,000");
    expect(formatCentavos(499950)).toBe("₱4,999.50");
    expect(formatCentavos(5)).toBe("₱0.05");
    expect(formatCentavos(-125001)).toBe("-₱1,250.01");
    expect(decimalPesos(500000)).toBe("5000.00");
    expect(decimalPesos(7)).toBe("0.07");
    expect(() => decimalPesos(0.5)).toThrow(RangeError);
  });
});

describe("payment references as people type them", () => {
  it("reads a whole reference in its written form, and nothing with a look-alike letter", () => {
    for (const typed of ["VA-7KQ2MX", "va 7kq2mx", "VA7KQ2MX", " va–7kq2mx ", "VA: 7KQ2MX"])
      expect(normalizePaymentReference(typed)).toBe("VA-7KQ2MX");
    for (const typed of ["VA-7KQ2M0", "VA-IKQ2MX", "VA-7KQ2MXX", "BOOKING-7KQ2MX", "7KQ2MX"]) expect(normalizePaymentReference(typed)).toBeNull();
  });

  it("finds every reference in a text with where it stands, never inside a longer word", () => {
    const text = "Payment for va 7kq2mx and VA-ABCDEF, not XVA-7KQ2MX9 or VA-OOOOOO";
    expect(paymentReferencesIn(text)).toEqual([
      { reference: "VA-7KQ2MX", index: 12, length: 9 },
      { reference: "VA-ABCDEF", index: 26, length: 9 },
    ]);
    expect(paymentReferencesIn("no reference here")).toEqual([]);
  });
});

describe("the unpaid cap", () => {
  it("allows up to 3 payments and 12 dates waiting, counting the dates about to be added", () => {
    expect(unpaidRefusal({ payments: 2, dates: 2 })).toBeNull();
    expect(unpaidRefusal({ payments: 3, dates: 3 })).toBe(MSG.bookingUnpaidCap);
    expect(unpaidRefusal({ payments: 1, dates: 10 }, 2)).toBeNull();
    expect(unpaidRefusal({ payments: 1, dates: 10 }, 3)).toBe(MSG.bookingUnpaidDatesCap(10));
  });
});
