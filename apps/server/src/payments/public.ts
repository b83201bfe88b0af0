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
export { paymentDetails, platformQr, type PlatformQr } from "./platform-qr.js";
