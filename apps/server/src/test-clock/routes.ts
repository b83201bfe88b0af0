import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AdjustableClock } from "../clock.js";
import { errorResponses } from "../http/contracts.js";
import { sweep } from "../bookings/public.js";

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
const clockAnswer = z.object({ now: z.string() });
const sweepAnswer = z.object({ expired: z.array(z.string()), reviewNotices: z.number(), reminders: z.number(), unreadChats: z.number() });
const tags = ["test"];

export async function testClockRoutes(base: FastifyInstance, { clock }: { clock: AdjustableClock }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const moveSchema = { tags, summary: "Move the server's clock (tests only)", body: clockSchema, response: { 200: clockAnswer, ...errorResponses } };
  app.put("/test/clock", { schema: moveSchema }, async (request) => {
    clock.set(new Date(request.body.now));
    return { now: app.clock.now().toISOString() };
  });
  app.delete("/test/clock", { schema: { tags, summary: "Give the server back the real time", response: { 200: clockAnswer } } }, async () => {
    clock.reset();
    return { now: app.clock.now().toISOString() };
  });
  app.post("/test/sweep", { schema: { tags, summary: "Run the expiry and review sweep now", response: { 200: sweepAnswer } } }, async () =>
    sweep(app),
  );
  app.post(
    "/test/emails",
    { schema: { tags, summary: "Send every due email now (tests only)", response: { 200: z.object({ sent: z.number() }) } } },
    async () => {
      await app.emailQueue.idle();
      return { sent: await app.emailQueue.drain() };
    },
  );
}
