import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AdjustableClock } from "../clock.js";
import { parseWith } from "../http/errors.js";
import { sweep } from "../bookings/sweep.js";

const clockSchema = z.object({
  // From 1970 to 9999, as the database stores them.
  now: z.iso.datetime({ offset: true, error: "Please send an ISO date and time" }).refine((value) => {
    const time = Date.parse(value);
    return time >= 0 && time < Date.UTC(10_000, 0, 1);
  }, "Please send a date between 1970 and 9999"),
});

/**
 * Tests only (TEST_CLOCK=true, refused in production at start): move the server's clock and
 * run the sweep now. Registered nowhere else.
 */
export async function testClockRoutes(app: FastifyInstance, { clock }: { clock: AdjustableClock }) {
  app.put("/test/clock", async (request) => {
    const { now } = parseWith(clockSchema, request.body);
    clock.set(new Date(now));
    return { now: app.clock.now().toISOString() };
  });
  app.delete("/test/clock", async () => {
    clock.reset();
    return { now: app.clock.now().toISOString() };
  });
  app.post("/test/sweep", async () => sweep(app));
}
