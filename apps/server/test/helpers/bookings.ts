import { eq } from "drizzle-orm";
import {
  manilaToday,
  mondayOf,
  shiftDate,
  weekdayAhead,
  type Booking,
  type BookingStatus,
  type CreateBookingInput,
  type CreateSeriesInput,
  type PaymentStatus,
} from "@vam/shared";
import { bookings } from "../../src/db/schema.js";
import type { TestServer, signUp } from "./server.js";

export type Account = Awaited<ReturnType<typeof signUp>>;

/** `POST /bookings/create` as `client`: by default the next weekday's morning, 4 hours. */
export const book = (server: TestServer, client: Account, body: Partial<CreateBookingInput> & { consultantId: string }) =>
  server.api<{ booking: Booking; message: string }>("POST", "/api/bookings/create", {
    token: client.token,
    body: { date: weekdayAhead(1), startTime: "09:00", duration: 4, ...body },
  });

/**
 * A booking created through the API, then put straight into `status` and `paymentStatus`
 * (PAID unless said otherwise, so that a client is never held back by the unpaid cap) in the database.
 */
export async function bookingIn(
  server: TestServer,
  client: Account,
  consultant: Account,
  status: BookingStatus,
  slot: Partial<CreateBookingInput> = {},
  { paymentStatus = "PAID" }: { paymentStatus?: PaymentStatus } = {},
): Promise<Booking> {
  const created = await book(server, client, { consultantId: consultant.user.id, ...slot });
  if (created.status !== 201) throw new Error(`booking failed: ${JSON.stringify(created.body)}`);
  const completedAt = status === "COMPLETED" ? server.app.clock.now() : null;
  await server.database.db.update(bookings).set({ status, paymentStatus, completedAt }).where(eq(bookings.id, created.body.booking.id));
  // Written behind the server's back: its search index (held time) reads the change log now.
  await server.app.searchIndex.settle();
  return { ...created.body.booking, status, paymentStatus };
}

/** Runs `action` with the server's clock at `instant`, then gives the clock back. */
export async function atTime<T>(server: TestServer, instant: Date, action: () => Promise<T>): Promise<T> {
  server.app.clock.set(instant);
  try {
    return await action();
  } finally {
    server.app.clock.reset();
  }
}

/** A minute after the booking's end. */
export const afterEnd = (booking: Pick<Booking, "endsAt">) => new Date(Date.parse(booking.endsAt) + 60_000);

/** Completes a paid booking as its consultant once its time is over (the server's clock moved past its end). */
export const completeAfterEnd = (server: TestServer, consultant: Account, booking: Pick<Booking, "id" | "endsAt">) =>
  atTime(server, afterEnd(booking), () => setStatus(server, consultant, booking.id, "COMPLETED"));

export async function storedBooking(server: TestServer, id: string) {
  const [row] = await server.database.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

export const setStatus = (server: TestServer, account: Account, id: string, status: string) =>
  server.api<{ booking: Booking; message: string }>("PUT", `/api/bookings/${id}/status`, { token: account.token, body: { status } });

export const reschedule = (server: TestServer, account: Account, id: string, date: string, startTime = "09:00") =>
  server.api<{ booking: Booking; message: string }>("PUT", `/api/bookings/${id}/reschedule`, { token: account.token, body: { date, startTime } });

/** `POST /bookings/series` as `client`: 4 weeks of `date`'s mornings unless said otherwise. */
export const bookSeries = (server: TestServer, client: Account, body: Partial<CreateSeriesInput> & { consultantId: string; date: string }) =>
  server.api<{ bookings: Booking[]; message: string; takenDates?: string[] }>("POST", "/api/bookings/series", {
    token: client.token,
    body: { startTime: "09:00", duration: 4, weeks: 4, ...body },
  });

/** A Monday `weeks` weeks after this one (Manila). */
export const mondayIn = (weeks: number) => mondayOf(shiftDate(manilaToday(), 7 * weeks));
