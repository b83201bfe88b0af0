import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  findReference,
  headerSignature,
  parseCentavos,
  parseStatement,
  StatementError,
  type ColumnMapping,
  type ParsedStatement,
} from "../src/payments/statement-parse.js";

/*
 * Reading transaction-history exports (decisions.md, "Reconciling payments"): the four known
 * layouts from test/fixtures/statements (SOURCES.md says where each comes from), a layout the
 * operator maps, fingerprints that make an import idempotent, and every refusal naming its line.
 */

const fixture = (name: string) => readFileSync(new URL(`./fixtures/statements/${name}`, import.meta.url));
const csv = (text: string) => Buffer.from(text, "utf8");
/** An instant given as Manila wall-clock time. */
const manila = (wall: string) => new Date(`${wall}+08:00`);

/** The StatementError a parse throws (fails the test when it does not throw one). */
function refusal(bytes: Buffer, mapping?: ColumnMapping): StatementError {
  try {
    parseStatement(bytes, mapping ? { mapping } : {});
  } catch (error) {
    if (error instanceof StatementError) return error;
    throw error;
  }
  throw new Error("the file was not refused");
}

const summary = (parsed: ParsedStatement) => parsed.lines.map((line) => [line.lineNo, line.amountCentavos, line.reference]);

/** The twelve transactions every fixture of a known layout holds, in its own words: amounts and references. */
const FIXTURE_AMOUNTS = [500000, 1000000, 500000, -2000000, 450000, 6000000, 300000, 500000, -1500, 125050, 750000];
const FIXTURE_REFERENCES = ["VA-7KQ2MX", "VA-H4T9PW", null, null, "VA-3RZ8NC", "VA-M6QY2D", null, "VA-7KQ2MX", null, "VA-9FJ3KT", null];

describe("known layouts", () => {
  it("reads a GCash export: preamble, 12 lines, debit and credit, 12-hour times, totals skipped", () => {
    const parsed = parseStatement(fixture("gcash.csv"));
    expect(parsed.layout).toBe("gcash");
    expect(parsed.headerLine).toBe(5);
    expect(parsed.headers).toEqual(["Date and Time", "Description", "Reference No.", "Debit", "Credit", "Balance"]);
    expect(parsed.lines).toHaveLength(12);
    expect(parsed.lines.map((line) => line.amountCentavos)).toEqual([...FIXTURE_AMOUNTS, 2000000]);
    expect(parsed.lines.map((line) => line.reference)).toEqual([...FIXTURE_REFERENCES, "VA-W5B7HR"]);
    expect(parsed.lines.map((line) => line.lineNo)).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    const [first] = parsed.lines;
    expect(first).toMatchObject({
      postedAt: manila("2026-11-18T09:15"),
      hasTime: true,
      bankReference: "1001543610110",
      sender: "JUAN DELA CRUZ",
      description: "Received GCash from JUAN DELA CRUZ with account ending in 1234 payment VA-7KQ2MX",
    });
    expect(parsed.lines[7]!.postedAt).toEqual(manila("2026-11-20T14:33"));
    expect(parsed.lines[11]!.postedAt).toEqual(manila("2026-11-21T23:59"));
    expect(parsed.skipped.map((skip) => skip.line)).toEqual([6, 19, 20, 21]);
  });

  it("reads a Maya export: signed amounts in every written form, seconds", () => {
    const parsed = parseStatement(fixture("maya.csv"));
    expect(parsed.layout).toBe("maya");
    expect(parsed.lines).toHaveLength(12);
    // Its transfer out is 2,000.00 (the others' 20,000.00).
    expect(parsed.lines.map((line) => line.amountCentavos)).toEqual([
      ...FIXTURE_AMOUNTS.map((amount) => (amount === -2000000 ? -200000 : amount)),
      2000000,
    ]);
    expect(parsed.lines.map((line) => line.reference)).toEqual([...FIXTURE_REFERENCES, "VA-W5B7HR"]);
    expect(parsed.lines[0]).toMatchObject({
      lineNo: 5,
      postedAt: manila("2026-11-18T09:20:11"),
      bankReference: "4F2A91C07B3E",
      sender: "JUAN DELA CRUZ",
    });
    expect(parsed.skipped).toEqual([]);
  });

  it("reads a BDO export: spacer columns, dates without time, the report footer skipped", () => {
    const parsed = parseStatement(fixture("bdo.csv"));
    expect(parsed.layout).toBe("bdo");
    expect(parsed.headerLine).toBe(6);
    expect(parsed.lines).toHaveLength(12);
    expect(parsed.lines.map((line) => line.amountCentavos)).toEqual([...FIXTURE_AMOUNTS, 276]);
    expect(parsed.lines.map((line) => line.reference)).toEqual([...FIXTURE_REFERENCES, null]);
    // "Nov 18, 2026" and "11/19/2026": the Manila day's start, known to the day only.
    expect(parsed.lines[0]).toMatchObject({ lineNo: 7, postedAt: manila("2026-11-18T00:00"), hasTime: false, bankReference: null });
    expect(parsed.lines[4]!.postedAt).toEqual(manila("2026-11-19T00:00"));
    expect(parsed.skipped.map((skip) => skip.line)).toEqual([19, 20]);
  });

  it("reads a UnionBank export: transaction date with time, month first", () => {
    const parsed = parseStatement(fixture("unionbank.csv"));
    expect(parsed.layout).toBe("unionbank");
    expect(parsed.lines).toHaveLength(12);
    expect(parsed.lines.map((line) => line.amountCentavos)).toEqual([...FIXTURE_AMOUNTS, 2000000]);
    expect(parsed.lines.map((line) => line.reference)).toEqual([...FIXTURE_REFERENCES, "VA-W5B7HR"]);
    expect(parsed.lines[0]).toMatchObject({
      lineNo: 6,
      postedAt: manila("2026-11-18T09:15:32"),
      bankReference: "UB2611180001",
      sender: "JUAN DELA CRUZ",
    });
    expect(parsed.lines[9]!.sender).toBe("ROSA MENDOZA");
    expect(parsed.lines[11]!.postedAt).toEqual(manila("2026-11-21T23:59"));
  });

  it("reads UTF-16 (with its BOM) and UTF-8 with a BOM as the same file", () => {
    const text = fixture("gcash.csv").toString("utf8");
    const expected = summary(parseStatement(fixture("gcash.csv")));
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
    const be = Buffer.from(le.subarray(2)).swap16();
    expect(summary(parseStatement(le))).toEqual(expected);
    expect(summary(parseStatement(Buffer.concat([Buffer.from([0xfe, 0xff]), be])))).toEqual(expected);
    expect(summary(parseStatement(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])))).toEqual(expected);
    // Windows line endings.
    expect(summary(parseStatement(csv(text.replace(/\n/g, "\r\n"))))).toEqual(expected);
  });

  it("reads a tab-separated export and a quoted description spanning lines, numbering physical lines", () => {
    const text = [
      "Date\tDescription\tReference ID\tAmount\tBalance",
      '2026-11-18 09:20:11\t"Received money from JUAN\nNote: VA-7KQ2MX"\tA1\t5000.00\t5000.00',
      "2026-11-18 10:00:00\tReceived money from ANA\tA2\t100.00\t5100.00",
    ].join("\n");
    const parsed = parseStatement(csv(text));
    expect(summary(parsed)).toEqual([
      [2, 500000, "VA-7KQ2MX"],
      [4, 10000, null],
    ]);
  });
});

describe("references and amounts", () => {
  it("finds a reference however it is typed, and never one with a look-alike letter", () => {
    expect(findReference("payment VA-7KQ2MX")).toBe("VA-7KQ2MX");
    expect(findReference("va 7kq2mx")).toBe("VA-7KQ2MX");
    expect(findReference("VA7KQ2MX")).toBe("VA-7KQ2MX");
    expect(findReference("ref:VA_7kq2mx.")).toBe("VA-7KQ2MX");
    expect(findReference("(VA–7KQ2MX)")).toBe("VA-7KQ2MX");
    expect(findReference("VA-7KQ2MO")).toBeNull(); // O is not in the alphabet
    expect(findReference("VA-7KQ2M1")).toBeNull(); // nor 1
    expect(findReference("va-lkq2mx")).toBeNull(); // nor L
    expect(findReference("JAVA 7KQ2MX")).toBeNull(); // "VA" inside a word
    expect(findReference("VA-7KQ2MXY")).toBeNull(); // seven characters
    expect(findReference("VA-7KQ2MO then VA-H4T9PW")).toBe("VA-H4T9PW");
  });

  it("reads amounts digit by digit into centavos", () => {
    expect(parseCentavos("5,000.00")).toBe(500000);
    expect(parseCentavos("₱1,250.5")).toBe(125050);
    expect(parseCentavos("(1,000.00)")).toBe(-100000);
    expect(parseCentavos("-1,000.00")).toBe(-100000);
    expect(parseCentavos("PHP 4,500.00")).toBe(450000);
    expect(parseCentavos("-PHP 150.00")).toBe(-15000);
    expect(parseCentavos("+10,000.00")).toBe(1000000);
    expect(parseCentavos("0.10")).toBe(10);
    expect(parseCentavos("1000.00-")).toBe(-100000);
    expect(parseCentavos("12345678901.99")).toBe(1234567890199);
    for (const bad of ["1.005", "1,00.00", "abc", "", "5.000,00", "1e5", "--5", "-5-", "(-5)", "₱"]) expect(parseCentavos(bad)).toBeNull();
  });
});

describe("a layout we do not know", () => {
  const mapping: ColumnMapping = { date: "Txn Date", amount: "Amount (PHP)", reference: "Remarks", sender: "Sender Name", bankReference: "Txn ID" };

  it("is refused with its headers, so that the operator can choose its columns", () => {
    const error = refusal(fixture("other-bank.csv"));
    expect(error.reason).toBe("unknownLayout");
    expect(error.headers).toEqual(["Txn Date", "Value Date", "Sender Name", "Remarks", "Amount (PHP)", "Txn ID"]);
    expect(error.line).toBe(1);
  });

  it("is read with the operator's mapping (semicolons, day-first dates settled by the file)", () => {
    const parsed = parseStatement(fixture("other-bank.csv"), { mapping });
    expect(parsed.layout).toBe("mapped");
    expect(parsed.headerSignature).toBe(headerSignature(refusal(fixture("other-bank.csv")).headers!));
    expect(summary(parsed)).toEqual([
      [2, 500000, "VA-7KQ2MX"],
      [3, 1000000, "VA-H4T9PW"],
      [4, 500000, null],
      [5, -2000000, null],
      [6, 450000, "VA-3RZ8NC"],
      [7, 500000, "VA-7KQ2MX"],
      [8, 125050, "VA-9FJ3KT"],
      [9, 2000000, "VA-W5B7HR"],
    ]);
    expect(parsed.lines[0]).toMatchObject({
      postedAt: manila("2026-11-18T09:15"),
      sender: "JUAN DELA CRUZ",
      bankReference: "TX-000101",
      description: "payment VA-7KQ2MX",
    });
    expect(parsed.lines[3]!.sender).toBeNull();
  });

  it("reads separate credit and debit columns, and the date format the mapping gives", () => {
    const text = "When,Money in,Money out,Message,From\n03/04/2026 10:00,500.00,,VA-7KQ2MX,ANA\n03/05/2026 11:00,,20.00,fee,\n";
    const parsed = parseStatement(csv(text), {
      mapping: { date: "When", credit: "Money in", debit: "Money out", reference: "Message", sender: "From", dateFormat: "dd/MM/yyyy" },
    });
    expect(parsed.lines.map((line) => [line.postedAt.toISOString(), line.amountCentavos, line.sender])).toEqual([
      [manila("2026-04-03T10:00").toISOString(), 50000, "ANA"],
      [manila("2026-05-03T11:00").toISOString(), -2000, null],
    ]);
    // The same file, month first.
    const monthFirst = parseStatement(csv(text), {
      mapping: { date: "When", credit: "Money in", debit: "Money out", reference: "Message", dateFormat: "MM/dd/yyyy" },
    });
    expect(monthFirst.lines[0]!.postedAt).toEqual(manila("2026-03-04T10:00"));
  });

  it("refuses numeric dates the file does not settle, naming the line, unless the mapping gives the format", () => {
    const text = "Txn Date;Remarks;Amount\n03/04/2026;VA-7KQ2MX;500.00\n05/06/2026;x;100.00\n";
    const error = refusal(csv(text), { date: "Txn Date", amount: "Amount", reference: "Remarks" });
    expect(error.reason).toBe("ambiguousDate");
    expect(error.line).toBe(2);
    expect(error.message).toContain("Line 2");
    expect(error.message).toContain("03/04/2026");
    // Contradicting lines (one day first, one month first) are refused too.
    const mixed = refusal(csv("Txn Date;Remarks;Amount\n20/04/2026;a;1.00\n04/20/2026;b;1.00\n"), {
      date: "Txn Date",
      amount: "Amount",
      reference: "Remarks",
    });
    expect(mixed).toMatchObject({ reason: "ambiguousDate", line: 3 });
  });

  it("names the mapped columns the file lacks, and refuses an incomplete mapping", () => {
    const error = refusal(fixture("other-bank.csv"), { ...mapping, sender: "Payer" });
    expect(error).toMatchObject({ reason: "missingColumns", line: 1, missing: ["Payer"] });
    expect(error.message).toContain('"Payer"');
    expect(refusal(fixture("other-bank.csv"), { date: "Txn Date", reference: "Remarks" }).reason).toBe("badMapping");
  });

  it("has a header signature that ignores case, punctuation and column order", () => {
    expect(headerSignature(["Txn Date", "Amount (PHP)", "Remarks"])).toBe(headerSignature(["remarks", "TXN DATE", "amount php", ""]));
    expect(headerSignature(["Txn Date", "Amount"])).not.toBe(headerSignature(["Txn Date", "Amount", "Remarks"]));
  });
});

describe("fingerprints", () => {
  it("are the same when the same file is imported again", () => {
    const once = parseStatement(fixture("gcash.csv")).lines.map((line) => line.fingerprint);
    const again = parseStatement(fixture("gcash.csv")).lines.map((line) => line.fingerprint);
    expect(again).toEqual(once);
    expect(new Set(once).size).toBe(once.length);
  });

  it("recognise the lines a later, overlapping export repeats, in whatever order it lists them", () => {
    const first = parseStatement(fixture("gcash.csv"));
    const later = parseStatement(fixture("gcash-later.csv"));
    const known = new Set(first.lines.map((line) => line.fingerprint));
    const repeated = later.lines.filter((line) => known.has(line.fingerprint)).map((line) => line.bankReference);
    const fresh = later.lines.filter((line) => !known.has(line.fingerprint)).map((line) => line.bankReference);
    expect(repeated.sort()).toEqual(["1001543610117", "1001543610118", "1001543610119", "1001543610120", "1001543610121"]);
    expect(fresh.sort()).toEqual(["1001543610122", "1001543610123", "1001543610124"]);
  });

  it("do not depend on the order of the columns", () => {
    const a = "Txn Date;Remarks;Amount\n2026-11-18 09:00;VA-7KQ2MX;500.00\n";
    const b = "Amount;Txn Date;Remarks\n500.00;2026-11-18 09:00;VA-7KQ2MX\n";
    const map = { date: "Txn Date", amount: "Amount", reference: "Remarks" };
    expect(parseStatement(csv(a), { mapping: map }).lines[0]!.fingerprint).toBe(parseStatement(csv(b), { mapping: map }).lines[0]!.fingerprint);
  });

  it("keep two identical lines of one file apart (their occurrence counts), and stable across imports", () => {
    const text = `${fixture("bdo.csv").toString("utf8").split("\n").slice(0, 6).join("\n")}
"Nov 18, 2026",INSTAPAY CR,, ,,,"5,000.00",,,,PHP,
"Nov 18, 2026",INSTAPAY CR,, ,,,"5,000.00",,,,PHP,
`;
    const lines = parseStatement(csv(text)).lines;
    expect(lines).toHaveLength(2);
    expect(lines[0]!.fingerprint).not.toBe(lines[1]!.fingerprint);
    expect(parseStatement(csv(text)).lines.map((line) => line.fingerprint)).toEqual(lines.map((line) => line.fingerprint));
  });
});

describe("refusals", () => {
  const gcash = fixture("gcash.csv").toString("utf8");
  /** The GCash fixture with its line `lineNo` (1-based) replaced. */
  const withLine = (lineNo: number, text: string) => {
    const lines = gcash.split("\n");
    lines[lineNo - 1] = text;
    return csv(lines.join("\n"));
  };

  it("refuses what is not a CSV file: an image, a PDF, a spreadsheet, a web page, plain text", () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
    expect(refusal(png).reason).toBe("notCsv");
    expect(refusal(Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj")).reason).toBe("notCsv");
    expect(refusal(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00])).reason).toBe("notCsv");
    const html = "<!DOCTYPE html>\n<html><head><title>GCash</title></head><body><table><tr><td>Date, Amount</td></tr></table></body></html>\n";
    const error = refusal(csv(html));
    expect(error.reason).toBe("notCsv");
    expect(error.message).toMatch(/not a CSV file/);
    expect(refusal(csv("Dear operator\nplease find the statement attached\nthanks\n")).reason).toBe("notCsv");
  });

  it("refuses text that is not UTF-8, naming the first line with the bad bytes", () => {
    // "Received GCash from PEÑA" in Windows-1252: Ñ is the single byte 0xD1.
    const bytes = Buffer.concat([
      Buffer.from(gcash.split("\n").slice(0, 7).join("\n") + "\n2026-11-18 10:00 AM,Received GCash from PE"),
      Buffer.from([0xd1]),
      Buffer.from("A,1,,100.00,1.00\n"),
    ]);
    const error = refusal(bytes);
    expect(error).toMatchObject({ reason: "encoding", line: 8 });
    expect(error.message).toContain("Line 8");
    expect(error.message).toContain("UTF-8");
    // Windows-1252 "ñ" (0xF1) on the first line.
    expect(refusal(Buffer.from([0x44, 0x61, 0x74, 0xf1, 0x2c, 0x41, 0x0a])).line).toBe(1);
  });

  it("names the columns a known layout lacks", () => {
    const text = gcash.replace(
      "Date and Time,Description,Reference No.,Debit,Credit,Balance",
      "Date and Time,Description,Reference No.,Debit,Balance",
    );
    const error = refusal(csv(text));
    expect(error).toMatchObject({ reason: "missingColumns", line: 5, missing: ["Credit"] });
    expect(error.message).toContain('"Credit"');
  });

  it("refuses more than 50,000 lines", () => {
    const row = "2026-11-18 09:20:11,Received money,A1,100.00,100.00\n";
    const error = refusal(csv(`Date,Description,Reference ID,Amount,Balance\n${row.repeat(50_001)}`));
    expect(error.reason).toBe("tooManyLines");
    expect(error.message).toContain("50,000");
  });

  it("refuses a formula in any cell, naming the line and the column, and nothing is read", () => {
    const cases: [string, string][] = [
      ['2026-11-18 09:15 AM,"=HYPERLINK(""http://evil.example"",""Click"")",1001543610110,,"5,000.00","25,000.00"', "Description"],
      ["2026-11-18 09:15 AM,+cmd|' /C calc'!A0,1001543610110,,5.00,1.00", "Description"],
      ["2026-11-18 09:15 AM,Received,@SUM(1),,5.00,1.00", "Reference No."],
      ["2026-11-18 09:15 AM,-2+3,1001543610110,,5.00,1.00", "Description"],
      ['2026-11-18 09:15 AM,"\tcalc",1001543610110,,5.00,1.00', "Description"],
    ];
    for (const [line, column] of cases) {
      const error = refusal(withLine(9, line));
      expect(error.reason).toBe("formula");
      expect(error.line).toBe(9);
      expect(error.message).toContain("Line 9");
      expect(error.message).toContain(`"${column}"`);
    }
    // In the preamble too, before the header.
    expect(refusal(withLine(2, "Account Name,=1+1")).line).toBe(2);
  });

  it("does not take a negative plain number in an amount column for a formula", () => {
    const parsed = parseStatement(withLine(9, '2026-11-18 03:47 PM,Reversal,1001543610112,,"-5,000.00","40,000.00"'));
    expect(parsed.lines.find((line) => line.lineNo === 9)!.amountCentavos).toBe(-500000);
    const maya = parseStatement(fixture("maya.csv"));
    expect(maya.lines.find((line) => line.lineNo === 8)!.amountCentavos).toBe(-200000);
  });

  it("refuses a date or an amount it cannot read, naming the line and the value", () => {
    const date = refusal(withLine(10, '2026-13-19 08:30 AM,Transfer to BDO,1001543610113,"20,000.00",,"20,000.00"'));
    expect(date).toMatchObject({ reason: "badDate", line: 10, value: "2026-13-19 08:30 AM" });
    expect(date.message).toContain("Line 10");
    expect(date.message).toContain("2026-13-19 08:30 AM");
    expect(refusal(withLine(10, "yesterday,Transfer,1,5.00,,1.00"))).toMatchObject({ reason: "badDate", line: 10, value: "yesterday" });

    const amount = refusal(withLine(11, '2026-11-19 10:05 AM,Received,1001543610114,,"4.500,00","24,500.00"'));
    expect(amount).toMatchObject({ reason: "badAmount", line: 11, value: "4.500,00" });
    expect(amount.message).toContain("Line 11");
    expect(amount.message).toContain("4.500,00");
    // Both a credit and a debit on one line.
    expect(refusal(withLine(11, "2026-11-19 10:05 AM,Received,1,5.00,6.00,1.00"))).toMatchObject({ reason: "badAmount", line: 11 });
    // A day-first date in a month-first bank's export.
    expect(refusal(csv(fixture("bdo.csv").toString("utf8").replace("11/19/2026,PESONET", "19/11/2026,PESONET")))).toMatchObject({
      reason: "badDate",
      line: 11,
    });
  });

  it("refuses an empty file and a header without lines", () => {
    expect(refusal(Buffer.alloc(0)).reason).toBe("empty");
    expect(refusal(csv(" \n\n")).reason).toBe("empty");
    expect(refusal(csv("Date and Time,Description,Reference No.,Debit,Credit,Balance\n")).reason).toBe("empty");
    expect(refusal(csv("Date and Time,Description,Reference No.,Debit,Credit,Balance\n,ENDING BALANCE,,,,0.00\n")).reason).toBe("empty");
  });
});
