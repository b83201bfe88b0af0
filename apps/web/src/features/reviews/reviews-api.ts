import type { Booking, CreateReviewInput, ReviewPage } from "@vam/shared";
import { api } from "../../api/client";

/** `POST /bookings/{id}/review`: the booking comes back with its reviews updated. */
export const submitReview = async (bookingId: string, input: CreateReviewInput) =>
  (await api.post<{ booking: Booking }>(`/bookings/${encodeURIComponent(bookingId)}/review`, input)).booking;

/** `GET /profiles/{userId}/reviews`: published reviews about a user, newest first, a page at a time. */
export function fetchReviewPage(userId: string, cursor?: string | null): Promise<ReviewPage> {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : "";
  return api.get<ReviewPage>(`/profiles/${encodeURIComponent(userId)}/reviews${query}`);
}
