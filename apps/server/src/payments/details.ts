import QRCode from "qrcode";
import type { PaymentDetails } from "@vam/shared";

/**
 * How a booking is paid. Today: a bank/GCash transfer the Assistant checks by hand (the
 * booking stays UNVERIFIED until accepted). A payment provider replaces this module.
 */
export async function paymentDetails(accountName: string, consultantId: string, amount: number): Promise<PaymentDetails> {
  const reference = `BOOKING-${consultantId.slice(0, 6)}`;
  const payload = JSON.stringify({ accountName, amount, currency: "PHP", reference });
  const qrSvg = await QRCode.toString(payload, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  return { accountName, amount, reference, qrSvg };
}
