import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { currentUser } from "../auth/authenticate.js";
import { bookings } from "../db/schema.js";

export async function bookingRoutes(app: FastifyInstance) {
  // Hours of the user's completed bookings, as client or as consultant.
  app.get("/bookings/total-hours", { preHandler: app.authenticate }, async (request) => {
    const me = currentUser(request);
    const [row] = await app.db
      .select({
        totalHours: sql<number>`coalesce(sum(${bookings.duration}), 0)::int`,
        bookingsCount: sql<number>`count(*)::int`,
      })
      .from(bookings)
      .where(and(eq(bookings.status, "COMPLETED"), sql`(${bookings.clientId} = ${me.id} or ${bookings.consultantId} = ${me.id})`));
    return { totalHours: row?.totalHours ?? 0, bookingsCount: row?.bookingsCount ?? 0 };
  });
}
