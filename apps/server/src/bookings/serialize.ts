import type { Booking, BookingStatus } from "@vam/shared";
import type { UserRow } from "../auth/authenticate.js";
import { toPerson } from "../chat/serialize.js";
import type { bookings } from "../db/schema.js";
import { manilaDate, manilaTime } from "./manila.js";

export type BookingRow = typeof bookings.$inferSelect;

export const toBooking = (row: BookingRow, client: UserRow, consultant: UserRow): Booking => ({
  id: row.id,
  date: manilaDate(row.startsAt),
  startTime: manilaTime(row.startsAt),
  endTime: manilaTime(row.endsAt),
  duration: row.duration,
  price: row.price,
  status: row.status as BookingStatus,
  paymentStatus: row.paymentStatus,
  isRecurring: row.isRecurring,
  consultantId: row.consultantId,
  consultant: toPerson(consultant),
  user: toPerson(client),
  createdAt: row.createdAt.toISOString(),
});
