import type {
  AdminBooking,
  AdminPage,
  AdminPayment,
  AdminReview,
  AdminStats,
  AdminUser,
  AdminUserDetail,
  AuditEntry,
  Booking,
  LedgerAccountHistory,
  OperatorCancel,
  PaymentAgeFilter,
  PaymentDecision,
  PaymentQrSetting,
  PayoutBatchView,
  PayoutKind,
  PayoutLineDecision,
  PayoutLineView,
  PayoutOverview,
  QrPhRead,
  StatementImport,
  StatementLineView,
  StatementMapping,
  STATEMENT_LINE_STATES,
  statementConfirmationSchema,
  TrialBalance,
} from "@vam/shared";
import type { z } from "zod";
import { api } from "../../api/client";

/** A query string of the non-empty values, with its "?" (empty when there are none). */
function query(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

export interface ListQuery {
  q?: string;
  page?: number;
}

export const fetchAdminStats = () => api.get<AdminStats>("/admin/stats");

export const fetchAdminPayments = (filter: { age: PaymentAgeFilter; q?: string }) =>
  api.get<AdminPayment[]>(`/admin/payments${query({ age: filter.age === "all" ? undefined : filter.age, q: filter.q })}`);

export const decidePayment = (bookingId: string, status: PaymentDecision) =>
  api.put<{ booking: AdminBooking }>(`/admin/payments/${encodeURIComponent(bookingId)}`, { status });

export const fetchAdminUsers = ({ q, page }: ListQuery) => api.get<AdminPage<AdminUser>>(`/admin/users${query({ q, page })}`);

export const fetchAdminUser = (id: string) => api.get<AdminUserDetail>(`/admin/users/${encodeURIComponent(id)}`);

export const setUserSuspended = (id: string, suspended: boolean) =>
  api.put<{ user: AdminUser }>(`/admin/users/${encodeURIComponent(id)}/suspension`, { suspended });

export const promoteUser = (id: string) => api.post<{ user: AdminUser }>(`/admin/users/${encodeURIComponent(id)}/promote`);

export const fetchAdminReviews = ({ q, page }: ListQuery) => api.get<AdminPage<AdminReview>>(`/admin/reviews${query({ q, page })}`);

export const setReviewHidden = (id: string, hidden: boolean) =>
  api.put<{ review: AdminReview }>(`/admin/reviews/${encodeURIComponent(id)}/visibility`, { hidden });

export const fetchAuditLog = ({ page }: ListQuery) => api.get<AdminPage<AuditEntry>>(`/admin/audit${query({ page })}`);

// The platform's QR Ph code (decisions.md, "Money": Paying with QR Ph).

export const fetchPaymentQr = () => api.get<PaymentQrSetting>("/admin/payment-qr");

export const savePaymentQr = (text: string) => api.put<PaymentQrSetting>("/admin/payment-qr", { text });

/** What a picture of a QR code holds: read, not saved. */
export interface QrPhPreview {
  payload: string;
  read: QrPhRead;
}

export const readPaymentQrImage = (image: Blob) => api.postForm<QrPhPreview>("/admin/payment-qr/read", { image });

// Reconciling payments against the receiving account's statement (decisions.md, "Money").

export type StatementLineState = (typeof STATEMENT_LINE_STATES)[number];
export type StatementConfirmation = z.infer<typeof statementConfirmationSchema>;

/** Imports a statement (CSV); `mapping` names the columns of a layout the server does not know. */
export const importStatement = (file: Blob, mapping?: StatementMapping) =>
  api.postForm<StatementImport>("/admin/statements", { file, mapping: mapping && JSON.stringify(mapping) });

export const fetchStatementLines = ({ state, q, page }: ListQuery & { state: StatementLineState }) =>
  api.get<AdminPage<StatementLineView>>(`/admin/statements/lines${query({ state, q, page })}`);

export const confirmStatementLine = (id: string) => api.post<StatementConfirmation>(`/admin/statements/lines/${encodeURIComponent(id)}/confirm`);

export const confirmAllStatementLines = (proposal: "matched" | "likely") =>
  api.post<{ confirmed: number; message: string }>("/admin/statements/confirm-all", { proposal });

// Money out (decisions.md, "Cancelling, refunds, fees and payouts"): payouts, refunds, the ledger.

/** `/admin/payouts` or `/admin/refunds`: what a batch run now pays, what waits and why, and the batches. */
const MONEY_OUT_PATH: Record<PayoutKind, string> = { PAYOUT: "/admin/payouts", REFUND: "/admin/refunds" };

export const fetchPayoutOverview = (kind: PayoutKind) => api.get<PayoutOverview>(MONEY_OUT_PATH[kind]);

/** Puts every ready balance (or refund) into a new batch; refused (409) when nothing is ready. */
export const runPayoutBatch = async (kind: PayoutKind) => (await api.post<{ batch: PayoutBatchView }>(`${MONEY_OUT_PATH[kind]}/batches`)).batch;

export const fetchPayoutBatch = async (id: string) =>
  (await api.get<{ batch: PayoutBatchView }>(`/admin/payouts/batches/${encodeURIComponent(id)}`)).batch;

export const decidePayoutLine = async (id: string, decision: PayoutLineDecision) =>
  (await api.put<{ line: PayoutLineView }>(`/admin/payout-lines/${encodeURIComponent(id)}`, decision)).line;

export const fetchTrialBalance = () => api.get<TrialBalance>("/admin/ledger");

export const fetchLedgerAccount = (id: string) => api.get<LedgerAccountHistory>(`/admin/ledger/accounts/${encodeURIComponent(id)}`);

/** Saves a file the server sends under its name (a plain link would lack the bearer header). */
async function saveFile(path: string, fallbackName: string) {
  const { blob, fileName } = await api.file(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The batch's bank file: one line a transfer, for the bank's bulk upload. */
export const downloadPayoutBatchCsv = (batch: Pick<PayoutBatchView, "id" | "kind" | "number">) =>
  saveFile(
    `/admin/payouts/batches/${encodeURIComponent(batch.id)}/csv`,
    `${batch.kind === "REFUND" ? "refund" : "payout"}-batch-${batch.number}.csv`,
  );

/** The journal line by line between two Manila dates (yyyy-MM-dd), for the accountant. */
export const downloadJournalCsv = (range: { from: string; to: string }) =>
  saveFile(`/admin/ledger/journal.csv${query(range)}`, `journal-${range.from}-${range.to}.csv`);

/** An operator cancels a booking (or the rest of its series); paid dates are refunded in full. */
export const cancelBookingAsOperator = async (id: string, input: OperatorCancel) =>
  (await api.put<{ bookings: Booking[] }>(`/admin/bookings/${encodeURIComponent(id)}/cancel`, input)).bookings;
