import { z } from "zod";
import { DURATIONS, PAYMENT_STATES, SERIES_WEEKS_MAX, STATEMENT_PROPOSALS } from "../constants.js";
import { MSG } from "../messages.js";
import { PAYMENT_REFERENCE_PATTERN, TRANSFER_REFERENCE_MAX, normalizePaymentReference } from "../money.js";
import { id, singleLineText } from "./fields.js";

/** A payment reference as a person may type it ("va-7kq2mx", "VA 7KQ2MX"), in its written form. */
export const paymentReferenceField = singleLineText({ error: MSG.paymentReferenceInvalid })
  .transform((value) => normalizePaymentReference(value) ?? value)
  .refine((value) => PAYMENT_REFERENCE_PATTERN.test(value), MSG.paymentReferenceInvalid);

/**
 * `POST /bookings/payment`: the payment step of the booking page. The server opens (or reopens)
 * the client's payment of this amount and answers its reference and QR Ph code; the booking made
 * after "I have paid" carries that reference.
 */
export const openPaymentSchema = z.object({
  consultantId: id(MSG.consultantNotFound),
  duration: z.union([z.literal(DURATIONS[0]), z.literal(DURATIONS[1])], { error: MSG.bookingDurationInvalid }),
  /** How many dates one payment covers: a weekly series is paid at once. */
  dates: z
    .number({ error: MSG.seriesWeeksInvalid })
    .int({ error: MSG.seriesWeeksInvalid })
    .min(1, { error: MSG.seriesWeeksInvalid })
    .max(SERIES_WEEKS_MAX, { error: MSG.seriesWeeksInvalid })
    .default(1),
});
export type OpenPaymentInput = z.input<typeof openPaymentSchema>;

/** `PUT /payments/{reference}/transfer-reference`: the reference number on the client's receipt. */
export const transferReferenceSchema = z.object({
  transferReference: singleLineText({ error: MSG.transferReferenceRequired })
    .min(1, MSG.transferReferenceRequired)
    .max(TRANSFER_REFERENCE_MAX, MSG.transferReferenceTooLong),
});

export const paymentReferenceParams = z.object({ reference: paymentReferenceField });

/** What the server read from a QR Ph code: who it pays (never the whole account number). */
export const qrPhReadSchema = z.object({
  payeeName: z.string(),
  city: z.string().nullable(),
  /** The bank or e-wallet, by name where known ("GCash"), else its code. */
  bankName: z.string().nullable(),
  accountLast4: z.string().nullable(),
  /** Person to person (an account) or person to merchant (a shop). */
  kind: z.enum(["p2p", "p2m"]),
});
export type QrPhRead = z.infer<typeof qrPhReadSchema>;

/** The payment step: what to pay, to whom, with which reference, as a QR Ph code. */
export const paymentDetailsSchema = z.object({
  reference: z.string(),
  amountCentavos: z.number(),
  /** The payee's name as the QR code carries it (apps show it before the client confirms). */
  accountName: z.string(),
  payee: qrPhReadSchema,
  /** True while the platform has no QR Ph code of its own: the code shown pays nobody. */
  demo: z.boolean(),
  /** The QR Ph payload (EMVCo), and the same as SVG markup drawn by the server. */
  qrPayload: z.string(),
  qrSvg: z.string(),
});
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

/** `GET /bookings/unpaid`: how much of the unpaid cap the client holds, and why they cannot book now (null: they can). */
export const unpaidHoldSchema = z.object({
  payments: z.number(),
  dates: z.number(),
  refusal: z.string().nullable(),
});
export type UnpaidHold = z.infer<typeof unpaidHoldSchema>;

/** `GET /admin/payment-qr`: the platform's static QR Ph code and where it comes from. */
export const paymentQrSettingSchema = z.object({
  /** Set in the console, by PAYMENT_QRPH in the configuration, or the demo code of a fresh install. */
  source: z.enum(["console", "configuration", "demo"]),
  payload: z.string(),
  read: qrPhReadSchema,
  updatedAt: z.string().nullable(),
  /** The code is the demo's, which pays nobody (a fresh install, or the demo text saved by hand). */
  demo: z.boolean(),
});
export type PaymentQrSetting = z.infer<typeof paymentQrSettingSchema>;

/** `PUT /admin/payment-qr`: the static QR Ph code's text, pasted or read from its picture. */
export const setPaymentQrSchema = z.object({
  text: singleLineText({ error: MSG.qrphNotQrPh }).min(1, MSG.qrphNotQrPh).max(1000, MSG.qrphNotQrPh),
});

/** `POST /admin/payment-qr/read`: what a picture of a QR code holds (not saved until the operator saves it). */
export const qrPhPreviewSchema = z.object({ payload: z.string(), read: qrPhReadSchema });

/** A statement's columns as the operator mapped them (an unknown layout), by header text. */
export const statementMappingSchema = z.object({
  date: z.string().min(1).max(200),
  amount: z.string().max(200).optional(),
  credit: z.string().max(200).optional(),
  debit: z.string().max(200).optional(),
  reference: z.string().min(1).max(200),
  sender: z.string().max(200).optional(),
  dateFormat: z.enum(["yyyy-MM-dd", "MM/dd/yyyy", "dd/MM/yyyy"]).optional(),
});
export type StatementMapping = z.infer<typeof statementMappingSchema>;

/** `POST /admin/statements`: what an import did. */
export const statementImportSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  layout: z.string(),
  /** Transactions read from the file; `skipped` of them were imported before. */
  lines: z.number(),
  skipped: z.number(),
  /** The new lines' proposals, by kind. */
  proposals: z.record(z.enum(STATEMENT_PROPOSALS), z.number()),
  createdAt: z.string(),
});
export type StatementImport = z.infer<typeof statementImportSchema>;

/** The payment a statement line was proposed for or confirmed as, as the console shows it. */
export const statementPaymentSchema = z.object({
  id: z.string(),
  reference: z.string(),
  amountCentavos: z.number(),
  state: z.enum(PAYMENT_STATES),
  clientName: z.string(),
  transferReference: z.string().nullable(),
  createdAt: z.string(),
});

/** One imported line with its proposal, or the payment it was confirmed as (its proof). */
export const statementLineSchema = z.object({
  id: z.string(),
  lineNo: z.number(),
  fileName: z.string(),
  postedAt: z.string(),
  amountCentavos: z.number(),
  reference: z.string().nullable(),
  bankReference: z.string().nullable(),
  sender: z.string().nullable(),
  description: z.string(),
  proposal: z.enum(STATEMENT_PROPOSALS),
  differenceCentavos: z.number().nullable(),
  payment: statementPaymentSchema.nullable(),
  confirmedAt: z.string().nullable(),
  confirmedBy: z.string().nullable(),
});
export type StatementLineView = z.infer<typeof statementLineSchema>;

export const STATEMENT_LINE_STATES = ["open", "confirmed"] as const;

/** `GET /admin/statements/lines?state=&q=&page=`. */
export const statementLinesQuerySchema = z.object({
  state: z.enum(STATEMENT_LINE_STATES, { error: MSG.statementStateInvalid }).default("open"),
  q: singleLineText().max(80, MSG.textTooLong("Search", 80)).optional(),
  page: z.coerce
    .number({ error: MSG.adminPageInvalid })
    .int(MSG.adminPageInvalid)
    .min(1, MSG.adminPageInvalid)
    .max(100_000, MSG.adminPageInvalid)
    .default(1),
});

/** `POST /admin/statements/confirm-all`: every open line of one kind that marks a payment paid. */
export const confirmAllSchema = z.object({
  proposal: z.enum(["matched", "likely"], { error: MSG.statementConfirmAllKind }),
});

/** What confirming a line did: the payment marked paid, or the line kept as proof only (and why). */
export const statementConfirmationSchema = z.object({
  line: statementLineSchema,
  outcome: z.enum(["paid", "proofOnly", "refundDue"]),
  message: z.string(),
});
