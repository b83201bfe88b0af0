import { MSG, decimalPesos } from "@vam/shared";

/**
 * QR Ph: the Philippines' national payment QR, an EMVCo merchant-presented QR code (EMV QRCPS
 * MPM v1.1). Its text is a list of data objects, each a 2-digit id, a 2-digit length and that
 * many characters of value; some values are themselves such lists (templates). "00" "01" opens
 * the text and "63" (a CRC-16 of everything before its value) closes it.
 *
 * The platform's own static QR Ph is decoded once (decodeQrPh) and every payment's QR is derived
 * from it (dynamicQrPh): same payee, point of initiation "12", the exact amount, the payment's
 * reference, a fresh CRC. Pure: no I/O.
 *
 * What PH codes put in their merchant account template (ids 26-51), from published codes (see
 * apps/server/test/qrph.test.ts for each sample and its source):
 * - person to person (InstaPay P2P): GUID "com.p2pqrpay" in sub-tag 00, the receiving
 *   institution's BIC in 01, "99964403" in 02, the account in 04 (PayMongo's "QR Transfer
 *   Resource" names 04 `merchant_credit_account`); GCash puts its own id in 03 and a per-user
 *   token in 04. Some also carry the mobile number in 05.
 * - person to merchant (QR Ph P2M): GUID "ph.ppmi.p2m" in 00, the acquirer's BIC in 01, the
 *   merchant id in 03 (afcsblog's "QRPh Part 4" calls it the store label), sometimes the credit
 *   account in 04, and a short code in 05.
 * So the payee's account is sub-tag 04 when present, else 03.
 */

/** Why a text is refused (decodeQrPh) or an image gives no text (readQrFromImage in qr-image.ts). */
export type QrPhTextReason = "notQrPh" | "crcMismatch" | "missingPayee" | "notPeso" | "notPhilippines";
export type QrPhImageReason = "noQrFound" | "unreadableImage";
export type QrPhReason = QrPhTextReason | QrPhImageReason;

const REASON_MESSAGE: Record<QrPhReason, string> = {
  notQrPh: MSG.qrphNotQrPh,
  crcMismatch: MSG.qrphCrcMismatch,
  missingPayee: MSG.qrphMissingPayee,
  notPeso: MSG.qrphNotPeso,
  notPhilippines: MSG.qrphNotPhilippines,
  noQrFound: MSG.qrphNoQrFound,
  unreadableImage: MSG.qrphUnreadableImage,
};

/** A QR Ph code (or a picture of one) that cannot be used; `message` is the user-facing text. */
export class QrPhError extends Error {
  override readonly name = "QrPhError";
  constructor(readonly reason: QrPhReason) {
    super(REASON_MESSAGE[reason]);
  }
}

/** One data object; `children` when its value is a template that was parsed as one. */
export interface TlvField {
  id: string;
  value: string;
  children?: TlvField[];
}

export interface QrPhCode {
  /** The text, trimmed, its CRC in upper case. */
  payload: string;
  /** Tag 01: "11" static (the payer types the amount), "12" dynamic (one payment). */
  initiation: "static" | "dynamic";
  /** "p2p" for an InstaPay person-to-person code (com.p2pqrpay), "p2m" for a QR Ph merchant code (ph.ppmi.p2m). */
  kind: "p2p" | "p2m";
  /** The merchant account template's GUID (sub-tag 00), lower case. */
  guid: string;
  /** Tag 59. */
  payeeName: string;
  /** Tag 60, null when absent. */
  city: string | null;
  /** The receiving institution's BIC (sub-tag 01 of the merchant account template), e.g. "GXCHPHM2XXX". */
  bankCode: string;
  /** A friendly name for bankCode when it is one of the common ones, else null. */
  bankName: string | null;
  /** The last 4 characters of the account (sub-tag 04, else 03): the only part to show anyone. */
  accountLast4: string;
  /** Tag 54 in centavos, null when the code carries no amount. */
  amountCentavos: number | null;
  /** Tag 62's Reference Label (05), else its Bill Number (01); null when absent or a "***" prompt. */
  reference: string | null;
  /** Tag 53: always "608" (PHP). */
  currency: "608";
  /** Tag 58: always "PH". */
  country: "PH";
  /** Every data object, in the code's order, templates 26-51, 62 and 64 parsed. */
  fields: TlvField[];
}

/** Merchant account template GUIDs of the Philippines, lower case. */
const PH_GUIDS: ReadonlyMap<string, QrPhCode["kind"]> = new Map([
  ["com.p2pqrpay", "p2p"],
  ["ph.ppmi.p2m", "p2m"],
]);

/**
 * Friendly names of common receiving institutions, by the BIC that InstaPay and QR Ph use.
 * Checked against PayMongo's list of InstaPay receiving institutions (as mirrored in public
 * code); GCash, BPI, UnionBank, RCBC, Landbank, Starpay, AllBank and PayMongo also appear in
 * real published QR Ph codes.
 */
export const PH_BANK_NAMES: ReadonlyMap<string, string> = new Map([
  ["GXCHPHM2XXX", "GCash"],
  ["PAPHPHM1XXX", "Maya"],
  ["MYDBPHM2XXX", "Maya Bank"],
  ["BNORPHMMXXX", "BDO"],
  ["BOPIPHMMXXX", "BPI"],
  ["UBPHPHMMXXX", "UnionBank"],
  ["MBTCPHMMXXX", "Metrobank"],
  ["TLBPPHMMXXX", "Landbank"],
  ["SETCPHMMXXX", "Security Bank"],
  ["RCBCPHMMXXX", "RCBC"],
  ["CHBKPHMMXXX", "Chinabank"],
  ["PNBMPHMMTOD", "PNB"],
  ["EWBCPHMMXXX", "EastWest"],
  ["DBPHPHMMXXX", "DBP"],
  ["PHSBPHMMXXX", "PSBank"],
  ["AUBKPHMMXXX", "AUB"],
  ["GOTYPHM2XXX", "GoTyme Bank"],
  ["LAUIPHM2XXX", "MariBank"],
  ["SHPHPHM2XXX", "ShopeePay"],
  ["GPNEPHM2XXX", "GrabPay"],
  ["DCPHPHM1XXX", "Coins.ph"],
  ["SRCPPHM2XXX", "Starpay"],
  ["PAEYPHM2XXX", "PayMongo"],
  ["OPDVPHM1XXX", "AllBank"],
  ["UNODPHM2XXX", "Union Digital Bank"],
  ["TDBIPHM2XXX", "Tonik"],
]);

// ---------------------------------------------------------------------------------------------
// TLV

/** Thrown inside the parser; decodeQrPh turns it into QrPhError("notQrPh"). */
class MalformedTlv extends Error {}

/** Lengths count characters (EMVCo: "the number of characters"), so a value may hold any Unicode. */
function chars(text: string): string[] {
  return Array.from(text);
}

function parseList(text: string): TlvField[] {
  const c = chars(text);
  const fields: TlvField[] = [];
  const seen = new Set<string>();
  let i = 0;
  while (i < c.length) {
    if (i + 4 > c.length) throw new MalformedTlv("truncated header");
    const id = c.slice(i, i + 2).join("");
    const lengthText = c.slice(i + 2, i + 4).join("");
    if (!/^\d\d$/.test(id) || !/^\d\d$/.test(lengthText)) throw new MalformedTlv("id or length not numeric");
    const length = Number(lengthText);
    if (length === 0) throw new MalformedTlv("empty value");
    if (i + 4 + length > c.length) throw new MalformedTlv("value longer than the text");
    if (seen.has(id)) throw new MalformedTlv("duplicate id");
    seen.add(id);
    fields.push({ id, value: c.slice(i + 4, i + 4 + length).join("") });
    i += 4 + length;
  }
  return fields;
}

/** The templates whose values are themselves data objects: merchant account information, additional data, language. */
function isTemplate(id: string): boolean {
  const n = Number(id);
  return (n >= 26 && n <= 51) || n === 62 || n === 64;
}

/** The text of data objects (templates from their children when parsed); the inverse of the parser. Throws RangeError for a value longer than 99 characters. */
export function encodeTlv(fields: readonly TlvField[]): string {
  return fields
    .map((field) => {
      const value = field.children ? encodeTlv(field.children) : field.value;
      const length = chars(value).length;
      if (length < 1 || length > 99) throw new RangeError(`Data object ${field.id} would be ${length} characters long`);
      return `${field.id}${String(length).padStart(2, "0")}${value}`;
    })
    .join("");
}

// ---------------------------------------------------------------------------------------------
// CRC

/**
 * CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) over the UTF-8
 * bytes, as 4 upper-case hex digits. EMVCo computes it over the whole text up to and including
 * "6304". Known answer: "123456789" → "29B1".
 */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

// ---------------------------------------------------------------------------------------------
// Decoding

/** "1250.50" → 125050, "100" → 10000; null when it is no amount of pesos with at most 2 decimals. */
function parseCentavos(text: string): number | null {
  const match = /^(\d{1,10})(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

function child(field: TlvField | undefined, id: string): string | undefined {
  return field?.children?.find((c) => c.id === id)?.value;
}

/** A value meant to be filled in by the payer's app ("***", EMVCo's prompt) is no value. */
function given(value: string | undefined): string | null {
  const text = value?.trim();
  return text && text !== "***" ? text : null;
}

/**
 * Reads a QR Ph text (as pasted, or as read from a picture). Throws QrPhError for anything that
 * is not a usable Philippine-peso payee code.
 */
export function decodeQrPh(text: string): QrPhCode {
  const trimmed = text.trim();
  if (!trimmed.startsWith("000201")) throw new QrPhError("notQrPh");

  let fields: TlvField[];
  try {
    fields = parseList(trimmed);
  } catch (error) {
    if (error instanceof MalformedTlv) throw new QrPhError("notQrPh");
    throw error;
  }
  const last = fields.at(-1);
  if (!last || last.id !== "63" || !/^[0-9A-Fa-f]{4}$/.test(last.value)) throw new QrPhError("notQrPh");

  // The checksum before the templates' insides: one changed character is "damaged", not "not QR Ph".
  const payload = trimmed.slice(0, -4) + last.value.toUpperCase();
  if (crc16CcittFalse(payload.slice(0, -4)) !== last.value.toUpperCase()) throw new QrPhError("crcMismatch");

  try {
    for (const field of fields) if (isTemplate(field.id)) field.children = parseList(field.value);
  } catch (error) {
    if (error instanceof MalformedTlv) throw new QrPhError("notQrPh");
    throw error;
  }

  const top = new Map(fields.map((field) => [field.id, field]));
  const initiationValue = top.get("01")?.value;
  if (initiationValue !== undefined && initiationValue !== "11" && initiationValue !== "12") throw new QrPhError("notQrPh");
  const amountValue = top.get("54")?.value;
  const parsedAmount = amountValue === undefined ? null : parseCentavos(amountValue);
  if (amountValue !== undefined && parsedAmount === null) throw new QrPhError("notQrPh");
  // Some generators write "0.00" on a static code: no amount.
  const amountCentavos = parsedAmount || null;

  if (top.get("53")?.value !== "608") throw new QrPhError("notPeso");
  if (top.get("58")?.value !== "PH") throw new QrPhError("notPhilippines");

  let payee: { guid: string; kind: QrPhCode["kind"]; bankCode: string; account: string } | undefined;
  for (const field of fields) {
    const guid = child(field, "00")?.toLowerCase();
    const merchantAccount = Number(field.id) >= 26 && Number(field.id) <= 51;
    const kind = guid !== undefined && merchantAccount ? PH_GUIDS.get(guid) : undefined;
    const bankCode = given(child(field, "01"));
    const account = given(child(field, "04")) ?? given(child(field, "03"));
    if (guid && kind && bankCode && account) {
      payee = { guid, kind, bankCode: bankCode.toUpperCase(), account };
      break;
    }
  }
  const payeeName = top.get("59")?.value.trim();
  if (!payee || !payeeName) throw new QrPhError("missingPayee");

  const additional = top.get("62");
  return {
    payload,
    initiation: initiationValue === "12" ? "dynamic" : "static",
    kind: payee.kind,
    guid: payee.guid,
    payeeName,
    city: top.get("60")?.value.trim() || null,
    bankCode: payee.bankCode,
    bankName: PH_BANK_NAMES.get(payee.bankCode) ?? null,
    accountLast4: chars(payee.account).slice(-4).join(""),
    amountCentavos,
    reference: given(child(additional, "05")) ?? given(child(additional, "01")),
    currency: "608",
    country: "PH",
    fields,
  };
}

// ---------------------------------------------------------------------------------------------
// Deriving a payment's code

/**
 * The payment's reference goes in tag 62 sub-tag 05, "Reference Label" (EMVCo: "any value
 * defined by the merchant or acquirer in order to identify the transaction"), not 01 "Bill
 * Number" (an invoice or bill). Every dynamic QR Ph code found in published material carries its
 * per-transaction reference there: the RCBC/Landmark terminal code in afcsblog's "QRPh Part 4 -
 * What is in the QR Code?" (62/05 "0000438638"), the Starpay merchant code in
 * qinyuanmao/gcash-deeplink main_test.go (62/05 "OR#1Z1CSC"), PayMongo's dynamic P2M codes
 * (field `reference_label`), and PayMongo's "QR Transfer Resource" maps 62/05 to
 * `reference_label` for P2P transfers. None of the published codes uses 01 for it.
 */
const REFERENCE_SUBTAG = "05";
/** EMVCo's maximum length of the Reference Label. */
const REFERENCE_MAX = 25;

function byId(a: TlvField, b: TlvField): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function setField(fields: TlvField[], id: string, value: string): void {
  const existing = fields.find((field) => field.id === id);
  if (existing) {
    existing.value = value;
    delete existing.children;
  } else fields.push({ id, value });
}

/**
 * The QR Ph text of one payment to the payee of `staticCode`: every payee field kept, point of
 * initiation "12", tag 54 the amount ("5000.00"), the reference in tag 62's Reference Label (its
 * other sub-tags kept, but for "***" prompts when they no longer fit), data objects in ascending
 * id order (a stable sort, so a code that was in order keeps its order), and a fresh CRC. Works on an already dynamic code too: its amount and
 * reference are replaced, not repeated. Throws RangeError for an amount that is not a positive
 * whole number of centavos or a reference that does not fit (1-25 printable ASCII characters).
 */
export function dynamicQrPh(staticCode: QrPhCode | string, payment: { amountCentavos: number; reference: string }): string {
  const { amountCentavos, reference } = payment;
  if (!Number.isSafeInteger(amountCentavos) || amountCentavos <= 0)
    throw new RangeError(`Not a positive whole number of centavos: ${amountCentavos}`);
  const amount = decimalPesos(amountCentavos);
  if (amount.length > 13) throw new RangeError(`Amount too large for a QR Ph code: ${amount}`);
  if (!/^[\x20-\x7e]+$/.test(reference) || reference.trim() !== reference || reference.length > REFERENCE_MAX) {
    throw new RangeError(`Not a usable payment reference: ${JSON.stringify(reference)}`);
  }

  // Decoded afresh, so a QrPhCode's fields are never changed in place.
  const code = decodeQrPh(typeof staticCode === "string" ? staticCode : staticCode.payload);
  const fields = code.fields.filter((field) => field.id !== "63");
  setField(fields, "01", "12");
  setField(fields, "54", amount);

  let additional = fields.find((field) => field.id === "62");
  if (!additional) fields.push((additional = { id: "62", value: "", children: [] }));
  let subfields = [...(additional.children ?? []).filter((field) => field.id !== REFERENCE_SUBTAG), { id: REFERENCE_SUBTAG, value: reference }].sort(
    byId,
  );
  // A template holds at most 99 characters. When the reference makes it longer, the "***" prompts
  // (asking the payer's app to let them type a value) give way: a payment's code needs none.
  if (chars(encodeTlv(subfields)).length > 99) subfields = subfields.filter((field) => field.value !== "***");
  additional.children = subfields;

  const body = `${encodeTlv(fields.sort(byId))}6304`;
  return body + crc16CcittFalse(body);
}

// ---------------------------------------------------------------------------------------------
// The demo code

/** The demo's institution: no BIC of any InstaPay participant. */
const DEMO_BANK_CODE = "DEMOPHM1XXX";

/**
 * A static QR Ph for a fresh install, in the shape of an InstaPay P2P code, that pays nobody:
 * its institution is no InstaPay participant and its account is all zeros. It decodes like any
 * other code (see isDemoQrPh to label it).
 */
export const DEMO_QRPH = (() => {
  const body = `${encodeTlv([
    { id: "00", value: "01" },
    { id: "01", value: "11" },
    {
      id: "27",
      value: "",
      children: [
        { id: "00", value: "com.p2pqrpay" },
        { id: "01", value: DEMO_BANK_CODE },
        { id: "02", value: "99964403" },
        { id: "04", value: "000000000000" },
      ],
    },
    { id: "52", value: "6016" },
    { id: "53", value: "608" },
    { id: "58", value: "PH" },
    { id: "59", value: "VA MARKETPLACE DEMO" },
    { id: "60", value: "Manila" },
  ])}6304`;
  return body + crc16CcittFalse(body);
})();

/** Whether a code (or its text) pays the demo payee, so the UI can say MSG.qrphDemoLabel. */
export function isDemoQrPh(code: QrPhCode | string): boolean {
  try {
    const decoded = typeof code === "string" ? decodeQrPh(code) : code;
    return decoded.bankCode === DEMO_BANK_CODE;
  } catch {
    return false;
  }
}
