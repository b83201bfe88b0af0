import { randomBytes } from "node:crypto";
import QRCode from "qrcode";
import sharp, { type Sharp } from "sharp";
import { describe, expect, it } from "vitest";
import { MSG } from "@vam/shared";
import { readQrFromImage } from "../src/payments/qr-image.js";
import {
  DEMO_QRPH,
  QrPhError,
  crc16CcittFalse,
  decodeQrPh,
  dynamicQrPh,
  encodeTlv,
  isDemoQrPh,
  type QrPhCode,
  type QrPhReason,
  type TlvField,
} from "../src/qrph.js";

/*
 * QR Ph codes (apps/server/src/qrph.ts): decoding the operator's code, deriving each
 * payment's code from it, refusing what is no usable QR Ph, and reading a code back from a picture
 * (qr-image.ts). The samples are real codes published by others, data only; each names its source.
 * Every sample's CRC as published is correct (checked below).
 */

/** PayMongo developer docs, page "QR Transfer Resource": an InstaPay P2P code, dynamic, 62/05 reference_label "test12". */
const P2P_PAYMONGO_DYNAMIC =
  "00020101021227770012com.p2pqrpay0111PAEYPHM2XXX02089996440304129858893861530514+63-99137298615204601653036085406123.455802PH5913ENG-19818-ged6006Manila62980012com.p2pqrpay0103***0214+63-99137298620303***0408LOYALTY10506test120605cust10708123456780803***6304ED03";
/** PayMongo developer docs, page "Execute a transfer (QR)": a static Starpay P2P code with "***" prompts in tag 62. */
const P2P_PAYMONGO_PROMPTS =
  "00020101021127580012com.p2pqrpay0111SRCPPHM2XXX0208999644030411092661440425204601653036085802PH5905Miaaa6006Laguna6104402862570008102320230203***0403***0508102320230708123456780803***6304C369";
/** jeffdelara/qr_emv, spec/qr_emv_spec.rb (static_raw_string): a static BPI P2P code. */
const P2P_BPI_STATIC =
  "00020101021127610012com.p2pqrpay0111BOPIPHMMXXX0208999644030414000019990475795204601653036085802PH5910prettywife6011Makati City6304450F";
/** jeffdelara/qr_emv, spec/qr_emv_spec.rb (dynamic_raw_string): a dynamic GCash P2P code for 1000.00. */
const P2P_GCASH_DYNAMIC =
  "00020101021227830012com.p2pqrpay0111GXCHPHM2XXX02089996440303152170200000006560417DWQM4TK3JDNWFBLF452046016530360854071000.005802PH5910JE****Y D.6006Tabang610412346304AE16";
/** qinyuanmao/gcash-deeplink, main_test.go (TestParseEMVCoQR): a dynamic Starpay P2M code for 100.00, reference "OR#1Z1CSC". */
const P2M_STARPAY_DYNAMIC =
  "00020101021228530011ph.ppmi.p2m0111SRCPPHM2XXX0312MRCHNT-4H3TZ05030005204519953036085406100.005802PH5925SOCMED DIGITAL MARKETING 6010MakatiCity62650010ph.starpay0315SOCMED DIGITAL 0509OR#1Z1CSC0708TodayPay0803***88290012ph.ppmi.qrph0109OR#1Z1CSC63040275";
/** AbrahamOsmondE/emvqr-parser, README.md (QR_DATA): a static GCash P2M code. */
const P2M_GCASH_STATIC =
  "00020101021128620011ph.ppmi.p2m0111GXCHPHM2XXX032121702000005469871609905030005204581453036085802PH5917S and R MBTC 91826006Taguig6104163062650012ph.ppmi.qrph0308SRSU002005212170500000669901340940708GEN0035163049EE7";
/** calmadex/ub-qrph, README.md (Generate Instapay QR String, sample response): a static UnionBank P2M code with templates 80 and 88. */
const P2M_UNIONBANK_STATIC =
  "00020101021128720011ph.ppmi.p2m0111UBPHPHMMXXX0308999179100419773853011023024339005030105204601653036085802PH5916Merchant Acq-123600312362410012ph.ppmi.qrph0304710305062110000803***80310012ph.ppmi.qrph01031230204710388300012ph.ppmi.qrph0110970941393963045967";
/**
 * afcsblog.ingonoka.com, "QRPh Part 4 - What is in the QR Code?": a dynamic RCBC P2M code from a
 * department store terminal, 1458.31. The page prints it wrapped; the spaces the wrapping put
 * into it are removed here (its CRC 9616 then matches).
 */
const P2M_RCBC_DYNAMIC =
  "00020101021228560011ph.ppmi.p2m0111RCBCPHMMXXX03150006007880006960503310520453115303608540714" +
  "58.315802PH5918LANDMARK Makati DS6006Makati62610012ph.ppmi.qrph03150006007880006960510000043863807082000651988710012ph.ppmi.qrph" +
  "0151000600788000696~000600788000696~20006519~000043863863049616";

type Expected = Pick<
  QrPhCode,
  "initiation" | "kind" | "payeeName" | "city" | "bankCode" | "bankName" | "accountLast4" | "amountCentavos" | "reference"
>;

const SAMPLES: [string, string, Expected][] = [
  [
    "PayMongo P2P, dynamic",
    P2P_PAYMONGO_DYNAMIC,
    {
      initiation: "dynamic",
      kind: "p2p",
      payeeName: "ENG-19818-ged",
      city: "Manila",
      bankCode: "PAEYPHM2XXX",
      bankName: "PayMongo",
      accountLast4: "6153",
      amountCentavos: 12345,
      reference: "test12",
    },
  ],
  [
    "PayMongo P2P with prompts",
    P2P_PAYMONGO_PROMPTS,
    {
      initiation: "static",
      kind: "p2p",
      payeeName: "Miaaa",
      city: "Laguna",
      bankCode: "SRCPPHM2XXX",
      bankName: "Starpay",
      accountLast4: "4042",
      amountCentavos: null,
      reference: "10232023",
    },
  ],
  [
    "BPI P2P, static",
    P2P_BPI_STATIC,
    {
      initiation: "static",
      kind: "p2p",
      payeeName: "prettywife",
      city: "Makati City",
      bankCode: "BOPIPHMMXXX",
      bankName: "BPI",
      accountLast4: "7579",
      amountCentavos: null,
      reference: null,
    },
  ],
  [
    "GCash P2P, dynamic",
    P2P_GCASH_DYNAMIC,
    {
      initiation: "dynamic",
      kind: "p2p",
      payeeName: "JE****Y D.",
      city: "Tabang",
      bankCode: "GXCHPHM2XXX",
      bankName: "GCash",
      accountLast4: "BLF4",
      amountCentavos: 100000,
      reference: null,
    },
  ],
  [
    "Starpay P2M, dynamic",
    P2M_STARPAY_DYNAMIC,
    {
      initiation: "dynamic",
      kind: "p2m",
      payeeName: "SOCMED DIGITAL MARKETING",
      city: "MakatiCity",
      bankCode: "SRCPPHM2XXX",
      bankName: "Starpay",
      accountLast4: "H3TZ",
      amountCentavos: 10000,
      reference: "OR#1Z1CSC",
    },
  ],
  [
    "GCash P2M, static",
    P2M_GCASH_STATIC,
    {
      initiation: "static",
      kind: "p2m",
      payeeName: "S and R MBTC 9182",
      city: "Taguig",
      bankCode: "GXCHPHM2XXX",
      bankName: "GCash",
      accountLast4: "6099",
      amountCentavos: null,
      reference: "217050000066990134094",
    },
  ],
  [
    "UnionBank P2M, static",
    P2M_UNIONBANK_STATIC,
    {
      initiation: "static",
      kind: "p2m",
      payeeName: "Merchant Acq-123",
      city: "123",
      bankCode: "UBPHPHMMXXX",
      bankName: "UnionBank",
      accountLast4: "3390",
      amountCentavos: null,
      reference: "211000",
    },
  ],
  [
    "RCBC P2M, dynamic",
    P2M_RCBC_DYNAMIC,
    {
      initiation: "dynamic",
      kind: "p2m",
      payeeName: "LANDMARK Makati DS",
      city: "Makati",
      bankCode: "RCBCPHMMXXX",
      bankName: "RCBC",
      accountLast4: "0696",
      amountCentavos: 145831,
      reference: "0000438638",
    },
  ],
];

/** A sample with its data objects edited, and a correct CRC: to test one refusal at a time. */
function edited(sample: string, edit: (fields: TlvField[]) => TlvField[]): string {
  const body = `${encodeTlv(edit(decodeQrPh(sample).fields.filter((field) => field.id !== "63")))}6304`;
  return body + crc16CcittFalse(body);
}

function replaced(fields: TlvField[], id: string, value: string): TlvField[] {
  return fields.map((field) => (field.id === id ? { id, value } : field));
}

function refusal(text: string): QrPhReason | "accepted" {
  try {
    decodeQrPh(text);
    return "accepted";
  } catch (error) {
    if (error instanceof QrPhError) return error.reason;
    throw error;
  }
}

function ids(payload: string): string[] {
  return decodeQrPh(payload).fields.map((field) => field.id);
}

describe("the QR Ph CRC", () => {
  it("is CRC-16/CCITT-FALSE", () => {
    expect(crc16CcittFalse("123456789")).toBe("29B1");
    expect(crc16CcittFalse("")).toBe("FFFF");
  });

  it("matches the CRC each published sample carries", () => {
    for (const [, sample] of SAMPLES) expect(crc16CcittFalse(sample.slice(0, -4))).toBe(sample.slice(-4));
    expect(crc16CcittFalse(P2P_PAYMONGO_DYNAMIC.slice(0, -4))).toBe("ED03");
    expect(crc16CcittFalse(P2M_STARPAY_DYNAMIC.slice(0, -4))).toBe("0275");
  });
});

describe("decoding a QR Ph code", () => {
  it.each(SAMPLES)("reads the payee, amount and reference of a real code (%s)", (_name, sample, expected) => {
    const code = decodeQrPh(sample);
    expect(code).toMatchObject({ ...expected, payload: sample, currency: "608", country: "PH" });
    // Decode → encode gives back the very text.
    expect(`${encodeTlv(code.fields.filter((field) => field.id !== "63"))}6304${sample.slice(-4)}`).toBe(sample);
  });

  it("trims what surrounds a pasted code and writes its CRC in upper case", () => {
    expect(decodeQrPh(`\n  ${P2P_BPI_STATIC}\r\n`).payload).toBe(P2P_BPI_STATIC);
    const lower = `${P2P_BPI_STATIC.slice(0, -4)}450f`;
    expect(decodeQrPh(lower).payload).toBe(P2P_BPI_STATIC);
  });

  it("reads amounts as whole centavos", () => {
    const amount = (value: string) => decodeQrPh(edited(P2P_BPI_STATIC, (fields) => [...fields, { id: "54", value }])).amountCentavos;
    expect(amount("1250.50")).toBe(125050);
    expect(amount("1250.5")).toBe(125050);
    expect(amount("0.01")).toBe(1);
    expect(amount("100")).toBe(10000);
    expect(amount("19.99")).toBe(1999);
    expect(amount("0.00")).toBeNull();
    for (const bad of ["1.234", "12,50", "-5.00", "abc", "1e3"]) {
      expect(refusal(edited(P2P_BPI_STATIC, (fields) => [...fields, { id: "54", value: bad }]))).toBe("notQrPh");
    }
  });

  it("never shows the whole account, only its last 4 characters", () => {
    const code = decodeQrPh(P2P_BPI_STATIC);
    expect(JSON.stringify({ ...code, payload: undefined, fields: undefined })).not.toContain("00001999047579");
  });
});

describe("refusing what is no usable QR Ph", () => {
  it("refuses text that is no EMVCo code", () => {
    for (const text of [
      "",
      "   ",
      "hello, please pay me",
      "https://gcash.com/pay?to=09171234567",
      '{"accountName":"Maria","amount":5000}',
      P2P_BPI_STATIC.slice(0, 60),
      P2P_BPI_STATIC.slice(0, -1),
      P2P_BPI_STATIC.slice(0, -4),
      P2P_BPI_STATIC.replace("6304450F", "6304"),
      `${P2P_BPI_STATIC}0000`,
      P2P_BPI_STATIC.replace("000201", "000202"),
      P2P_BPI_STATIC.replace(/6304450F$/, "6304ZZZZ"),
    ]) {
      expect(refusal(text), text).toBe("notQrPh");
    }
    // An id that is no number, with a CRC that fits.
    const body = `${P2P_BPI_STATIC.slice(0, -8).replace("5204", "5X04")}6304`;
    expect(refusal(body + crc16CcittFalse(body))).toBe("notQrPh");
    // A merchant account template whose inside is no list of data objects.
    expect(refusal(edited(P2P_BPI_STATIC, (fields) => replaced(fields, "27", "0012com.p2pqrpay01")))).toBe("notQrPh");
    // The CRC must be the last data object.
    expect(refusal(`${P2P_BPI_STATIC}6102XY`)).toBe("notQrPh");
    expect(new QrPhError("notQrPh").message).toBe(MSG.qrphNotQrPh);
  });

  it("refuses a code with one character changed (CRC mismatch)", () => {
    expect(refusal(P2P_BPI_STATIC.replace("prettywife", "prettywifi"))).toBe("crcMismatch");
    expect(refusal(P2M_RCBC_DYNAMIC.replace("1458.31", "1958.31"))).toBe("crcMismatch");
    expect(refusal(`${P2P_BPI_STATIC.slice(0, -1)}E`)).toBe("crcMismatch");
    expect(new QrPhError("crcMismatch").message).toBe(MSG.qrphCrcMismatch);
  });

  it("refuses a code that does not say who gets paid", () => {
    // No merchant account template of a PH scheme.
    expect(refusal(edited(P2P_BPI_STATIC, (fields) => replaced(fields, "27", "0011com.example0111BOPIPHMMXXX04041234")))).toBe("missingPayee");
    expect(refusal(edited(P2P_BPI_STATIC, (fields) => fields.filter((field) => field.id !== "27")))).toBe("missingPayee");
    // The template without an account, or without an institution.
    expect(refusal(edited(P2P_BPI_STATIC, (fields) => replaced(fields, "27", "0012com.p2pqrpay0111BOPIPHMMXXX020899964403")))).toBe("missingPayee");
    expect(refusal(edited(P2P_BPI_STATIC, (fields) => replaced(fields, "27", "0012com.p2pqrpay0412000019990475")))).toBe("missingPayee");
    // No payee name.
    expect(refusal(edited(P2P_BPI_STATIC, (fields) => fields.filter((field) => field.id !== "59")))).toBe("missingPayee");
    expect(refusal(edited(P2P_BPI_STATIC, (fields) => replaced(fields, "59", "   ")))).toBe("missingPayee");
    expect(new QrPhError("missingPayee").message).toBe(MSG.qrphMissingPayee);
  });

  it("refuses a code in another currency or of another country", () => {
    expect(refusal(edited(P2P_BPI_STATIC, (fields) => replaced(fields, "53", "840")))).toBe("notPeso");
    expect(refusal(edited(P2P_BPI_STATIC, (fields) => fields.filter((field) => field.id !== "53")))).toBe("notPeso");
    expect(refusal(edited(P2P_BPI_STATIC, (fields) => replaced(fields, "58", "SG")))).toBe("notPhilippines");
    expect(new QrPhError("notPeso").message).toBe(MSG.qrphNotPeso);
    expect(new QrPhError("notPhilippines").message).toBe(MSG.qrphNotPhilippines);
  });
});

describe("a payment's QR Ph, derived from the platform's code", () => {
  const payment = { amountCentavos: 500000, reference: "VA-7KQ2MX" };

  it.each(SAMPLES)("pays the same payee the exact amount with the reference (%s)", (_name, sample) => {
    const source = decodeQrPh(sample);
    const payload = dynamicQrPh(sample, payment);
    const code = decodeQrPh(payload);
    expect(code).toMatchObject({
      initiation: "dynamic",
      amountCentavos: 500000,
      reference: "VA-7KQ2MX",
      kind: source.kind,
      guid: source.guid,
      payeeName: source.payeeName,
      city: source.city,
      bankCode: source.bankCode,
      accountLast4: source.accountLast4,
    });
    expect(payload).toContain("54075000.00");
    expect(payload.slice(-8, -4)).toBe("6304");
    expect(crc16CcittFalse(payload.slice(0, -4))).toBe(payload.slice(-4));
    const order = ids(payload);
    expect(order.at(-1)).toBe("63");
    expect(order.slice(0, -1)).toEqual([...order.slice(0, -1)].sort());
    // Every data object of the source but the ones a payment sets is there unchanged.
    for (const field of source.fields.filter((f) => !["01", "54", "62", "63"].includes(f.id))) {
      expect(code.fields.find((f) => f.id === field.id)?.value).toBe(field.value);
    }
    // Tag 62 keeps its other sub-tags, in order; "***" prompts only while they fit (not in PayMongo's full sample).
    const others = (fields: TlvField[], prompts: boolean) =>
      fields
        .find((f) => f.id === "62")
        ?.children?.filter((c) => c.id !== "05" && (prompts || c.value !== "***"))
        .map((c) => `${c.id}=${c.value}`) ?? [];
    const promptsKept = sample !== P2P_PAYMONGO_DYNAMIC;
    expect(others(code.fields, true)).toEqual(others(source.fields, promptsKept));
  });

  it("keeps the order of a code's data objects, adding the amount in its place", () => {
    const payload = dynamicQrPh(P2P_BPI_STATIC, payment);
    expect(payload).toBe(
      edited(P2P_BPI_STATIC, (fields) => {
        const out = replaced(fields, "01", "12");
        out.splice(
          out.findIndex((f) => f.id === "58"),
          0,
          { id: "54", value: "5000.00" },
        );
        return [...out, { id: "62", value: "0509VA-7KQ2MX" }];
      }),
    );
  });

  it("replaces the amount and the reference of an already dynamic code instead of repeating them", () => {
    const again = dynamicQrPh(dynamicQrPh(P2M_STARPAY_DYNAMIC, payment), { amountCentavos: 125050, reference: "VA-ABC234" });
    expect(again).toBe(dynamicQrPh(P2M_STARPAY_DYNAMIC, { amountCentavos: 125050, reference: "VA-ABC234" }));
    const code = decodeQrPh(again);
    expect(code).toMatchObject({ amountCentavos: 125050, reference: "VA-ABC234" });
    expect(again.match(/5407/g)).toHaveLength(1);
    expect(again).toContain("54071250.50");
    expect(again).not.toContain("OR#1Z1CSC0708");
    expect(ids(again).filter((id) => id === "54")).toHaveLength(1);
    // The "***" prompt for a reference in the source is replaced by the reference.
    expect(decodeQrPh(dynamicQrPh(P2P_PAYMONGO_DYNAMIC, payment)).reference).toBe("VA-7KQ2MX");
  });

  it("takes a decoded code as well as its text", () => {
    expect(dynamicQrPh(decodeQrPh(P2P_GCASH_DYNAMIC), payment)).toBe(dynamicQrPh(P2P_GCASH_DYNAMIC, payment));
  });

  it("refuses an amount that is not a positive whole number of centavos, or a reference that does not fit", () => {
    for (const amountCentavos of [0, -100, 12.5, Number.NaN, Number.POSITIVE_INFINITY, 1e13]) {
      expect(() => dynamicQrPh(P2P_BPI_STATIC, { amountCentavos, reference: "VA-7KQ2MX" }), String(amountCentavos)).toThrow(RangeError);
    }
    for (const reference of ["", " VA-7KQ2MX", "VA-7KQ2MX\n", "Ñ-123", "X".repeat(26)]) {
      expect(() => dynamicQrPh(P2P_BPI_STATIC, { amountCentavos: 100, reference }), reference).toThrow(RangeError);
    }
    expect(() => dynamicQrPh("not a code", payment)).toThrow(QrPhError);
  });
});

describe("the demo code", () => {
  it("is a valid static QR Ph that pays nobody", () => {
    const code = decodeQrPh(DEMO_QRPH);
    expect(code).toMatchObject({
      initiation: "static",
      kind: "p2p",
      payeeName: "VA MARKETPLACE DEMO",
      accountLast4: "0000",
      bankName: null,
      amountCentavos: null,
    });
    expect(isDemoQrPh(DEMO_QRPH)).toBe(true);
    expect(isDemoQrPh(code)).toBe(true);
    expect(isDemoQrPh(dynamicQrPh(DEMO_QRPH, { amountCentavos: 100, reference: "VA-7KQ2MX" }))).toBe(true);
    expect(isDemoQrPh(P2P_GCASH_DYNAMIC)).toBe(false);
    expect(isDemoQrPh("nonsense")).toBe(false);
    expect(MSG.qrphDemoLabel).toBe("Demo: pays nobody");
  });
});

describe("reading a QR code from a picture", () => {
  const payload = dynamicQrPh(P2M_RCBC_DYNAMIC, { amountCentavos: 123456, reference: "VA-7KQ2MX" });

  async function imageReason(bytes: Buffer): Promise<QrPhReason | "read"> {
    try {
      await readQrFromImage(bytes);
      return "read";
    } catch (error) {
      if (error instanceof QrPhError) return error.reason;
      throw error;
    }
  }

  /** A grey picture of random noise, as raw RGB. */
  function noise(width: number, height: number): Sharp {
    const pixels = randomBytes(width * height);
    const rgb = Buffer.alloc(width * height * 3);
    for (let i = 0; i < pixels.length; i++) rgb.fill(100 + (pixels[i]! % 80), i * 3, i * 3 + 3);
    return sharp(rgb, { raw: { width, height, channels: 3 } });
  }

  it("reads back exactly the text a different library drew, as PNG and as SVG", async () => {
    const png = await QRCode.toBuffer(payload, { type: "png", errorCorrectionLevel: "M", margin: 1 });
    expect(await readQrFromImage(png)).toBe(payload);

    const svg = await QRCode.toString(payload, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
    const rasterised = await sharp(Buffer.from(svg), { density: 300 }).resize(700).png().toBuffer();
    expect(await readQrFromImage(rasterised)).toBe(payload);
    expect(decodeQrPh(await readQrFromImage(rasterised)).amountCentavos).toBe(123456);
  });

  it("reads a photo (the code small on a noisy background, blurred, as JPEG) and other screenshots", async () => {
    const png = await QRCode.toBuffer(payload, { type: "png", errorCorrectionLevel: "M", margin: 1 });
    const small = await sharp(png).resize(420).toBuffer();
    const photo = await noise(1800, 1300)
      .composite([{ input: small, left: 700, top: 420 }])
      .blur(1.2)
      .jpeg({ quality: 70 })
      .toBuffer();
    expect(await readQrFromImage(photo)).toBe(payload);
    // A dark-mode screenshot: light modules on dark, read by the second try.
    const dark = await sharp(png).resize(600).negate({ alpha: false }).png().toBuffer();
    expect(await readQrFromImage(dark)).toBe(payload);
    // A WebP screenshot with a transparent background.
    const webp = await sharp(png).ensureAlpha().webp({ lossless: true }).toBuffer();
    expect(await readQrFromImage(webp)).toBe(payload);
  });

  it("tells a picture without a code from bytes that are no picture", async () => {
    const drawing = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><defs><linearGradient id="g"><stop offset="0" stop-color="#2a6"/><stop offset="1" stop-color="#fd4"/></linearGradient></defs>' +
        '<rect width="900" height="600" fill="url(#g)"/><circle cx="300" cy="300" r="120" fill="#124"/><rect x="550" y="150" width="200" height="200" fill="#fff"/></svg>',
    );
    expect(await imageReason(await sharp(drawing).jpeg().toBuffer())).toBe("noQrFound");
    expect(await imageReason(randomBytes(4096))).toBe("unreadableImage");
    expect(await imageReason(Buffer.from(payload))).toBe("unreadableImage");
    const svg = await QRCode.toString(payload, { type: "svg" });
    expect(await imageReason(Buffer.from(svg))).toBe("unreadableImage");
    expect(new QrPhError("noQrFound").message).toBe(MSG.qrphNoQrFound);
    expect(new QrPhError("unreadableImage").message).toBe(MSG.qrphUnreadableImage);
  });
});
