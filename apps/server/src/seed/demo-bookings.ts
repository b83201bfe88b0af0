import { ASSISTANT_RATE, referralRewardFor, type BookingStatus } from "@vam/shared";
import { manilaDate, manilaInstant } from "../bookings/manila.js";
import type { bookings, referralRewards } from "../db/schema.js";

type BookingInsert = typeof bookings.$inferInsert & { id: string };
type RewardInsert = typeof referralRewards.$inferInsert;

const DAY_MS = 24 * 3600_000;

/** The Manila weekday `offset` weekdays away from today (negative: in the past). */
function weekdayFrom(now: Date, offset: number): string {
  let date = manilaDate(now);
  const step = Math.sign(offset);
  for (let left = Math.abs(offset); left > 0; ) {
    date = manilaDate(new Date(manilaInstant(date, "12:00").getTime() + step * DAY_MS));
    const day = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (day !== 0 && day !== 6) left -= 1;
  }
  return date;
}

interface DemoParties {
  boss: string;
  sharer: string;
  /** maria_santos and juan_delacruz, the demo Assistants whose logins are printed. */
  maria: string;
  juan: string;
  /** Assistants who registered with the Boss's and the Sharer's referral codes. */
  referredByBoss: string;
  referredBySharer: string;
}

/**
 * A few past, upcoming and cancelled bookings so that /bookings, the dashboard and the
 * referral program have something to show, with the rewards the completed ones paid.
 */
export function demoBookings(ids: DemoParties, now: Date, newId: () => string) {
  const booking = (clientId: string, consultantId: string, offset: number, start: "09:00" | "13:00", duration: 4 | 8, status: BookingStatus) => {
    const startsAt = manilaInstant(weekdayFrom(now, offset), start);
    const createdAt = new Date(Math.min(now.getTime(), startsAt.getTime()) - 3 * DAY_MS);
    return {
      id: newId(),
      clientId,
      consultantId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + duration * 3600_000),
      duration,
      price: ASSISTANT_RATE * duration,
      status,
      sequence: status === "CANCELLED" ? 1 : 0,
      createdAt,
      updatedAt: createdAt,
    } satisfies BookingInsert;
  };
  const rows = [
    booking(ids.boss, ids.maria, -10, "09:00", 4, "COMPLETED"),
    booking(ids.boss, ids.maria, 2, "09:00", 4, "CONFIRMED"),
    booking(ids.boss, ids.maria, 3, "13:00", 4, "PENDING"),
    booking(ids.boss, ids.juan, 4, "09:00", 8, "PENDING"),
    booking(ids.sharer, ids.maria, 5, "09:00", 4, "CANCELLED"),
    booking(ids.referredByBoss, ids.maria, -5, "09:00", 8, "COMPLETED"),
    booking(ids.referredBySharer, ids.juan, -7, "13:00", 4, "COMPLETED"),
  ];
  const earnerOf = new Map([
    [ids.referredByBoss, ids.boss],
    [ids.referredBySharer, ids.sharer],
  ]);
  const rewards: RewardInsert[] = rows.flatMap((row) => {
    const earnerId = earnerOf.get(row.clientId);
    return row.status === "COMPLETED" && earnerId
      ? [{ bookingId: row.id, earnerId, amount: referralRewardFor(row.duration), createdAt: row.endsAt }]
      : [];
  });
  return { bookings: rows, rewards };
}
