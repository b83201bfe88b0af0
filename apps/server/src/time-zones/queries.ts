import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { TIME_ZONE } from "@vam/shared";
import type { UserRow } from "../session/authenticate.js";
import type { Db } from "../db/client.js";
import { bookings, daylightSavingNotices, users } from "../db/schema.js";

/** A booking's consultant, under the alias the bookings' own queries give it. */
const consultants = alias(users, "consultant");

/** The dates a weekly series still holds (asked for or confirmed, not started yet). */
const heldSeriesDates = (now: Date) =>
  and(isNotNull(bookings.seriesId), inArray(bookings.status, ["PENDING", "CONFIRMED"]), gt(bookings.startsAt, now));

/** The zones of the clients (bookers) who hold weekly dates ahead, Manila's left out: the only ones a clock change can concern. */
export async function zonesOfSeriesClients(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ zone: users.timeZone })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.clientId))
    .where(and(heldSeriesDates(now), isNotNull(users.timeZone), ne(users.timeZone, TIME_ZONE), isNull(users.deletedAt)));
  return rows.flatMap((row) => (row.zone ? [row.zone] : []));
}

/** A client's weekly date on or after a clock change, with the Assistant's name. */
export interface SeriesDateAfterChange {
  client: UserRow;
  bookingId: string;
  startsAt: Date;
  consultantName: string;
}

/**
 * The weekly dates starting at or after `changeAt` of the clients in `zone` who have not been told
 * of that change yet, earliest first. The Assistants are never among them: a date is its booker's.
 */
export async function seriesDatesAfterChange(db: Db, zone: string, changeAt: Date, now: Date): Promise<SeriesDateAfterChange[]> {
  const rows = await db
    .select({
      client: users,
      bookingId: bookings.id,
      startsAt: bookings.startsAt,
      consultantFirst: consultants.firstName,
      consultantLast: consultants.lastName,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.clientId))
    .innerJoin(consultants, eq(consultants.id, bookings.consultantId))
    .where(
      and(
        heldSeriesDates(now),
        gte(bookings.startsAt, changeAt),
        eq(users.timeZone, zone),
        isNull(users.deletedAt),
        sql`not exists (select 1 from ${daylightSavingNotices} where ${daylightSavingNotices.userId} = ${users.id}
          and ${daylightSavingNotices.changeAt} = ${changeAt.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(users.id), asc(bookings.startsAt));
  return rows.map((row) => ({
    client: row.client,
    bookingId: row.bookingId,
    startsAt: row.startsAt,
    consultantName: `${row.consultantFirst} ${row.consultantLast}`,
  }));
}

/**
 * Records that `userId` is told of the clock change at `changeAt`, in the caller's transaction.
 * False when it was recorded already (another sweep or instance got there first; this one waits
 * for that one's transaction on the primary key, then sends nothing).
 */
export async function claimNotice(tx: Db, notice: { userId: string; changeAt: Date; dates: number }): Promise<boolean> {
  const inserted = await tx
    .insert(daylightSavingNotices)
    .values(notice)
    .onConflictDoNothing({ target: [daylightSavingNotices.userId, daylightSavingNotices.changeAt] })
    .returning({ userId: daylightSavingNotices.userId });
  return inserted.length > 0;
}
