import { manilaDate, manilaTime, type AdminBooking, type AdminPerson, type AdminUser, type BookingStatus } from "@vam/shared";
import type { UserRow } from "../session/authenticate.js";
import type { BookingWithParties } from "../bookings/public.js";

export const toAdminPerson = (user: Pick<UserRow, "id" | "username" | "firstName" | "lastName">): AdminPerson => ({
  id: user.id,
  username: user.username,
  firstName: user.firstName,
  lastName: user.lastName,
});

export const toAdminUser = (user: UserRow): AdminUser => ({
  ...toAdminPerson(user),
  email: user.email,
  role: user.role,
  createdAt: user.createdAt.toISOString(),
  suspendedAt: user.suspendedAt?.toISOString() ?? null,
});

export const toAdminBooking = ({ booking, client, consultant, payment }: BookingWithParties): AdminBooking => ({
  id: booking.id,
  reference: payment.reference,
  amount: booking.price,
  status: booking.status as BookingStatus,
  paymentStatus: booking.paymentStatus,
  cancelReason: booking.cancelReason,
  seriesId: booking.seriesId,
  date: manilaDate(booking.startsAt),
  startTime: manilaTime(booking.startsAt),
  endTime: manilaTime(booking.endsAt),
  createdAt: booking.createdAt.toISOString(),
  client: toAdminPerson(client),
  assistant: toAdminPerson(consultant),
});
