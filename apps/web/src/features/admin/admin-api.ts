import type {
  AdminBooking,
  AdminPage,
  AdminPayment,
  AdminReview,
  AdminStats,
  AdminUser,
  AdminUserDetail,
  AuditEntry,
  PaymentAgeFilter,
  PaymentDecision,
} from "@vam/shared";
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
