/**
 * What other features may use of receipts: issuing a payment's receipt, its document (mailed
 * with the booking's emails) and the statement PDF.
 */
export { receiptDocument } from "./document.js";
export { type PlatformIdentity, statementPdf, type StatementPdfData } from "./pdf.js";
export { issueReceipt, type ReceiptRow } from "./repository.js";
