import QRCode from "qrcode";
import type { PaymentDetails, PaymentQrSetting, QrPhRead } from "@vam/shared";
import type { Db } from "../db/client.js";
import { DEMO_QRPH, decodeQrPh, dynamicQrPh, isDemoQrPh, type QrPhCode } from "../qrph.js";
import { readSetting, writeSetting, type PaymentRow } from "./repository.js";

/**
 * The platform's own static QR Ph code (decisions.md, "Paying with QR Ph"): set in the console,
 * else by PAYMENT_QRPH, else the demo code of a fresh install, which pays nobody. Every payment's
 * code is derived from it.
 */
const SETTING_KEY = "payment_qrph";

export interface PlatformQr {
  source: PaymentQrSetting["source"];
  code: QrPhCode;
  updatedAt: Date | null;
}

export async function platformQr(db: Db, configured: QrPhCode | undefined): Promise<PlatformQr> {
  const saved = await readSetting<{ payload: string }>(db, SETTING_KEY);
  if (saved) return { source: "console", code: decodeQrPh(saved.value.payload), updatedAt: saved.updatedAt };
  if (configured) return { source: "configuration", code: configured, updatedAt: null };
  return { source: "demo", code: decodeQrPh(DEMO_QRPH), updatedAt: null };
}

/** Saves a code an operator gave (already decoded and checked) as the platform's. */
export async function savePlatformQr(db: Db, code: QrPhCode, operatorId: string, now: Date): Promise<void> {
  await writeSetting(db, SETTING_KEY, { payload: code.payload }, operatorId, now);
}

/** What a code pays, as the console and the payment step show it: never the whole account number. */
export const qrPhRead = (code: QrPhCode): QrPhRead => ({
  payeeName: code.payeeName,
  city: code.city,
  bankName: code.bankName ?? code.bankCode,
  accountLast4: code.accountLast4,
  kind: code.kind,
});

export const qrSetting = (qr: PlatformQr): PaymentQrSetting => ({
  source: qr.source,
  payload: qr.code.payload,
  read: qrPhRead(qr.code),
  updatedAt: qr.updatedAt?.toISOString() ?? null,
  demo: isDemoQrPh(qr.code),
});

/** The payment step of `payment`: its own dynamic QR Ph code (the exact amount and its reference), as text and as SVG. */
export async function paymentDetails(qr: PlatformQr, payment: PaymentRow): Promise<PaymentDetails> {
  const qrPayload = dynamicQrPh(qr.code, { amountCentavos: payment.amountCentavos, reference: payment.reference });
  const qrSvg = await QRCode.toString(qrPayload, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return {
    reference: payment.reference,
    amountCentavos: payment.amountCentavos,
    accountName: qr.code.payeeName,
    payee: qrPhRead(qr.code),
    demo: isDemoQrPh(qr.code),
    qrPayload,
    qrSvg,
  };
}
