/**
 * What other features may use of payments (a payment's row, its reference and QR Ph code); the
 * statement import and the console's payment routes live in `reconciliation`, above bookings.
 */
export {
  insertPayment,
  openPayment,
  paymentById,
  paymentByReference,
  paymentsByIds,
  paymentsOfBookings,
  submitPayment,
  decidePaymentRow,
  unpaidHoldOf,
  type PaymentRow,
} from "./repository.js";
export { paymentDetails, platformQr, qrPhRead, qrSetting, savePlatformQr, type PlatformQr } from "./platform-qr.js";
// The reconciliation console reads QR images (the QR Ph codec itself is ground code, ../qrph.ts) and imports bank statements.
export { readQrFromImage } from "./qr-image.js";
export { proposeMatches } from "./statement-match.js";
export { type ColumnMapping, headerSignature, type ParsedStatement, parseStatement, StatementError, type StatementLine } from "./statement-parse.js";
