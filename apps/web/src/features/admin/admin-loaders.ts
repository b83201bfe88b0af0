import type {
  AdminPage,
  AdminPayment,
  AdminReview,
  AdminStats,
  AdminUser,
  AdminUserDetail,
  AuditEntry,
  LedgerAccountHistory,
  PaymentAgeFilter,
  PaymentQrSetting,
  PayoutBatchView,
  PayoutKind,
  PayoutOverview,
  StatementLineView,
  TrialBalance,
} from "@vam/shared";
import type { LoaderFunctionArgs } from "react-router";
import { readToken } from "../../api/session-storage";
import {
  fetchAdminPayments,
  fetchAdminReviews,
  fetchAdminStats,
  fetchAdminUser,
  fetchAdminUsers,
  fetchAuditLog,
  fetchLedgerAccount,
  fetchPaymentQr,
  fetchPayoutBatch,
  fetchPayoutOverview,
  fetchStatementLines,
  fetchTrialBalance,
  type StatementLineState,
} from "./admin-api";
import { ageParam, pageParam, searchParam } from "./admin-params";

/**
 * Asks the server without waiting for it: the page renders at once and shows the answer through
 * <Await>. Signed out, nothing is asked (the layout sends the visitor to /login); anyone but an
 * operator is refused by the server, and the layout shows them the no-access screen instead.
 */
function deferred<T>(load: () => Promise<T>): Promise<T> {
  if (!readToken()) return new Promise<T>(() => undefined);
  const promise = load();
  // <Await> reports the failure; this only keeps it from counting as unhandled meanwhile.
  promise.catch(() => undefined);
  return promise;
}

const searchOf = (request: Request) => new URL(request.url).searchParams;

export interface StatsLoaderData {
  stats: Promise<AdminStats>;
}

export function adminStatsLoader(): StatsLoaderData {
  return { stats: deferred(fetchAdminStats) };
}

export interface PaymentsLoaderData {
  age: PaymentAgeFilter;
  q: string | undefined;
  payments: Promise<AdminPayment[]>;
}

export function adminPaymentsLoader({ request }: LoaderFunctionArgs): PaymentsLoaderData {
  const params = searchOf(request);
  const age = ageParam(params);
  const q = searchParam(params);
  return { age, q, payments: deferred(() => fetchAdminPayments({ age, q })) };
}

export interface ListLoaderData<T> {
  q: string | undefined;
  page: number;
  list: Promise<AdminPage<T>>;
}

export function adminUsersLoader({ request }: LoaderFunctionArgs): ListLoaderData<AdminUser> {
  const params = searchOf(request);
  const q = searchParam(params);
  const page = pageParam(params);
  return { q, page, list: deferred(() => fetchAdminUsers({ q, page })) };
}

export interface UserDetailLoaderData {
  detail: Promise<AdminUserDetail>;
}

export function adminUserLoader({ params }: LoaderFunctionArgs): UserDetailLoaderData {
  const id = params.id ?? "";
  return { detail: deferred(() => fetchAdminUser(id)) };
}

export function adminReviewsLoader({ request }: LoaderFunctionArgs): ListLoaderData<AdminReview> {
  const params = searchOf(request);
  const q = searchParam(params);
  const page = pageParam(params);
  return { q, page, list: deferred(() => fetchAdminReviews({ q, page })) };
}

export function adminAuditLoader({ request }: LoaderFunctionArgs): ListLoaderData<AuditEntry> {
  const params = searchOf(request);
  const page = pageParam(params);
  return { q: undefined, page, list: deferred(() => fetchAuditLog({ page })) };
}

export interface PaymentQrLoaderData {
  setting: Promise<PaymentQrSetting>;
}

export function adminPaymentQrLoader(): PaymentQrLoaderData {
  return { setting: deferred(fetchPaymentQr) };
}

export interface StatementsLoaderData extends ListLoaderData<StatementLineView> {
  /** The lines to confirm ("open", the default) or the confirmed ones. */
  state: StatementLineState;
}

export function adminStatementsLoader({ request }: LoaderFunctionArgs): StatementsLoaderData {
  const params = searchOf(request);
  const state: StatementLineState = params.get("state") === "confirmed" ? "confirmed" : "open";
  const q = searchParam(params);
  const page = pageParam(params);
  return { state, q, page, list: deferred(() => fetchStatementLines({ state, q, page })) };
}

export interface MoneyOutLoaderData {
  /** Payouts to payees, or refunds to clients: one page for both. */
  kind: PayoutKind;
  overview: Promise<PayoutOverview>;
}

export function adminPayoutsLoader(): MoneyOutLoaderData {
  return { kind: "PAYOUT", overview: deferred(() => fetchPayoutOverview("PAYOUT")) };
}

export function adminRefundsLoader(): MoneyOutLoaderData {
  return { kind: "REFUND", overview: deferred(() => fetchPayoutOverview("REFUND")) };
}

export interface PayoutBatchLoaderData {
  batch: Promise<PayoutBatchView>;
}

export function adminPayoutBatchLoader({ params }: LoaderFunctionArgs): PayoutBatchLoaderData {
  const id = params.id ?? "";
  return { batch: deferred(() => fetchPayoutBatch(id)) };
}

export interface LedgerLoaderData {
  trialBalance: Promise<TrialBalance>;
}

export function adminLedgerLoader(): LedgerLoaderData {
  return { trialBalance: deferred(fetchTrialBalance) };
}

export interface LedgerAccountLoaderData {
  history: Promise<LedgerAccountHistory>;
}

export function adminLedgerAccountLoader({ params }: LoaderFunctionArgs): LedgerAccountLoaderData {
  const id = params.id ?? "";
  return { history: deferred(() => fetchLedgerAccount(id)) };
}
