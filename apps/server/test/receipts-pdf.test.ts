import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { receiptPdf, statementPdf, type ReceiptPdfData, type StatementPdfData } from "../src/receipts/pdf.js";

/*
 * The receipt and statement PDFs (decisions.md, "Money"), read back with PDF.js: the text is
 * real text in the embedded DejaVu Sans (the peso sign included), with the platform's identity,
 * Manila dates, amounts as formatCentavos writes them, and a statement that flows onto further
 * pages with its table header and "Page n of m".
 */

/** Each page's text: PDF.js's items, a line per line, runs of spaces made one. */
async function pagesOf(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const { items } = await (await pdf.getPage(number)).getTextContent();
    const text = items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join("");
    pages.push(
      text
        .split("\n")
        .map((line) => line.replace(/\s+/g, " ").trim())
        .filter(Boolean)
        .join("\n"),
    );
  }
  await pdf.destroy();
  return pages;
}

/** All pages' text as one string, lines joined by spaces (a wrapped sentence reads whole). */
const flat = (pages: string[]) => pages.join("\n").replace(/\s+/g, " ");

const platform = {
  legalName: "Virtual Assistants Marketplace Philippines, Inc.",
  address: "Unit 1203, Tower One, Ayala Avenue, Makati City, 1226 Metro Manila",
  tin: "123-456-789-00000",
};

/** A long description that must wrap in the table. */
const LONG =
  "30 minute call with Maria Santos, Wed, Dec 2, 2026, 1:00 PM, to agree on the inbox rules, the weekly report and who answers the supplier emails";

const receipt = (overrides: Partial<ReceiptPdfData> = {}): ReceiptPdfData => ({
  platform,
  number: 42,
  issuedAt: new Date("2026-11-23T01:15:00Z"),
  client: { name: "Juan dela Cruz", email: "juan@example.com" },
  payment: { reference: "VA-7KQ2MX", amountCentavos: 123450, transferReference: "GC 5012 3345 8891", verifiedAt: new Date("2026-11-23T01:10:00Z") },
  items: [
    { description: "4 hours with Maria Santos, Tue, Dec 1, 2026, 9:00 AM", amountCentavos: 100000 },
    { description: LONG, amountCentavos: 23450 },
  ],
  ...overrides,
});

describe("receiptPdf", () => {
  it("acknowledges the payment with the platform's identity, the items and the references", async () => {
    const bytes = await receiptPdf(receipt());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const pages = await pagesOf(bytes);
    expect(pages).toHaveLength(1);
    const text = flat(pages);

    expect(text).toContain("Acknowledgement Receipt");
    expect(text).toContain("No. 000042");
    expect(text).toContain(platform.legalName);
    expect(text).toContain(platform.address);
    expect(text).toContain("TIN 123-456-789-00000");
    expect(text).toContain("Received from Juan dela Cruz the sum of ₱1,234.50 for the bookings below.");
    expect(text).toContain("juan@example.com");
    // Manila time: 01:15 UTC is 9:15 AM in Manila.
    expect(text).toContain("Issued Monday, November 23, 2026, 9:15 AM");
    expect(text).toContain("Verified Monday, November 23, 2026, 9:10 AM");
    expect(text).toContain("Payment reference VA-7KQ2MX");
    expect(text).toContain("Transfer reference GC 5012 3345 8891");
    expect(text).toContain("Description Amount");
    expect(text).toContain("4 hours with Maria Santos, Tue, Dec 1, 2026, 9:00 AM ₱1,000");
    expect(text).toMatch(/Total ₱1,234\.50/);
    expect(text).toContain("Page 1 of 1");
  });

  it("wraps a long description inside its column", async () => {
    const pages = await pagesOf(await receiptPdf(receipt()));
    const first = pages[0]!.split("\n").find((line) => line.startsWith("30 minute call with Maria Santos"));
    expect(first).toBeDefined();
    expect(first!.length).toBeLessThan(LONG.length);
    // Every word is there, in order, across the lines, then its amount.
    expect(flat(pages)).toContain(`${LONG} ₱234.50`);
  });

  it("embeds DejaVu Sans and no standard font", async () => {
    const raw = (await receiptPdf(receipt())).toString("latin1");
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(raw).toContain("/FontFile2");
    expect(raw).not.toContain("Helvetica");
  });

  it("leaves out the transfer reference when the client gave none", async () => {
    const base = receipt();
    const text = flat(await pagesOf(await receiptPdf(receipt({ payment: { ...base.payment, transferReference: null } }))));
    expect(text).toContain("Payment reference VA-7KQ2MX");
    expect(text).not.toContain("Transfer reference");
  });

  it("pads the number to 6 digits and keeps larger ones whole", async () => {
    expect(flat(await pagesOf(await receiptPdf(receipt({ number: 7 }))))).toContain("No. 000007");
    expect(flat(await pagesOf(await receiptPdf(receipt({ number: 1234567 }))))).toContain("No. 1234567");
  });

  it("refuses items that do not add up to the payment, fractions of centavos and bad numbers", async () => {
    const base = receipt();
    await expect(receiptPdf(receipt({ items: [{ description: "4 hours", amountCentavos: 100000 }] }))).rejects.toThrow(RangeError);
    await expect(receiptPdf(receipt({ payment: { ...base.payment, amountCentavos: 1234.5 } }))).rejects.toThrow(RangeError);
    await expect(receiptPdf(receipt({ number: 0 }))).rejects.toThrow(RangeError);
  });
});

/** A statement of `count` lines: an earning of ₱850.50 each, every tenth a payout of ₱5,000. */
function statement(count: number): StatementPdfData {
  const lines = Array.from({ length: count }, (_, index) => {
    const payout = index % 10 === 9;
    return {
      // 16:30 UTC is half past midnight the next day in Manila.
      at: new Date(Date.UTC(2026, 10, 1 + (index % 29), 16, 30)),
      description: payout ? `Payout ${index + 1} to GCash 0917 *** 4567` : `Booking ${index + 1}: 4 hours with Juan dela Cruz`,
      amountCentavos: payout ? -500000 : 85050,
    };
  });
  const openingCentavos = 1234550;
  const closingCentavos = openingCentavos + lines.reduce((total, line) => total + line.amountCentavos, 0);
  const earnings = lines.filter((line) => line.amountCentavos > 0).length;
  return {
    platform,
    payee: { name: "Maria Santos", email: "maria@example.com" },
    month: "2026-11",
    generatedAt: new Date("2026-12-01T00:00:00Z"),
    openingCentavos,
    lines,
    closingCentavos,
    totals: { earnedCentavos: earnings * 100000 + 1, feesCentavos: earnings * 14950 + 1, paidOutCentavos: (count - earnings) * 500000 },
  };
}

describe("statementPdf", () => {
  it("states the month: the payee, the balances, each line in Manila dates, and the totals", async () => {
    const data = statement(12);
    const pages = await pagesOf(await statementPdf(data));
    expect(pages).toHaveLength(1);
    const text = flat(pages);

    expect(text).toContain("Monthly statement");
    expect(text).toContain("Statement for November 2026");
    expect(text).toContain("Generated Tuesday, December 1, 2026, 8:00 AM");
    expect(text).toContain(platform.legalName);
    expect(text).toContain(platform.address);
    expect(text).toContain("TIN 123-456-789-00000");
    expect(text).toContain("Maria Santos");
    expect(text).toContain("maria@example.com");

    expect(text).toContain("Opening balance ₱12,345.50");
    // 11 earnings of ₱850.50 and a payout of ₱5,000 on ₱12,345.50.
    expect(data.closingCentavos).toBe(1670100);
    expect(text).toContain("Closing balance ₱16,701");
    expect(text).toContain("Earned ₱11,000.01");
    expect(text).toContain("Platform fee ₱1,644.51");
    expect(text).toContain("Paid out ₱5,000");

    expect(text).toContain("Date Description Amount Balance");
    // The first line: Nov 1, 16:30 UTC is Monday, Nov 2 in Manila; the balance after it.
    expect(text).toContain("Mon, Nov 2 Booking 1: 4 hours with Juan dela Cruz ₱850.50 ₱13,196");
    expect(text).toContain("Payout 10 to GCash 0917 *** 4567 -₱5,000");
    expect(text).toMatch(/Closing balance ₱16,701 Amounts are in Philippine pesos/);
    expect(text).toContain("Page 1 of 1");
  });

  it("flows many lines onto further pages, repeating the table header, each page numbered", async () => {
    const data = statement(120);
    const pages = await pagesOf(await statementPdf(data));
    expect(pages.length).toBeGreaterThanOrEqual(3);

    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(page).toContain("Date Description Amount Balance");
      expect(page).toContain(`TIN ${platform.tin}`);
    });
    expect(pages[1]).toContain(`Page 2 of ${pages.length}`);
    expect(pages[1]).toContain("Monthly statement · November 2026 · Maria Santos");
    // The summary only on the first page; the closing balance at the end.
    expect(pages[0]).toContain("Opening balance");
    expect(pages[1]).not.toContain("Opening balance");
    expect(pages.at(-1)).toContain("Closing balance");

    // Every line once, in order.
    const text = flat(pages);
    let from = 0;
    for (const line of data.lines) {
      const at = text.indexOf(`${line.description} `, from);
      expect(at, line.description).toBeGreaterThan(from - 1);
      from = at + line.description.length;
    }
  });

  it("says so when the month had no lines", async () => {
    const data = { ...statement(0), totals: { earnedCentavos: 0, feesCentavos: 0, paidOutCentavos: 0 } };
    const text = flat(await pagesOf(await statementPdf(data)));
    expect(text).toContain("No earnings or payouts this month.");
    expect(text).toContain("Opening balance ₱12,345.50");
    expect(text).toContain("Closing balance ₱12,345.50");
  });

  it("refuses a closing balance the lines do not make, fractions of centavos and a bad month", async () => {
    const data = statement(3);
    await expect(statementPdf({ ...data, closingCentavos: data.closingCentavos + 1 })).rejects.toThrow(RangeError);
    await expect(statementPdf({ ...data, openingCentavos: 0.5, closingCentavos: data.closingCentavos + 0.5 })).rejects.toThrow(RangeError);
    await expect(statementPdf({ ...data, month: "2026-13" })).rejects.toThrow(RangeError);
  });
});
