import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MSG, centavosOf, earningsSchema, platformFeeOf, type Earnings } from "@vam/shared";
import { currentUser } from "../session/authenticate.js";
import { bearer, errorResponses } from "../http/contracts.js";
import { badRequest } from "../http/errors.js";
import { lineDescription } from "./describe.js";
import { availableBalance, monthsWithLines, paidUpcoming, payableAccount, payableLines, payoutTotals } from "./repository.js";
import { STATEMENT_MONTH, statementDocument } from "./statement.js";
import { sendAttachment } from "../http/attachment.js";

const tags = ["earnings"];
/** The page shows this many lines of the account, newest first; the monthly statements hold them all. */
const LINES_SHOWN = 200;

/**
 * A payee's earnings (decisions.md, "Cancelling, refunds, fees and payouts"): any signed-in user
 * (an assistant earns from bookings, anyone can earn referral rewards) reads their own balance,
 * its lines, and the monthly statement of any month as a PDF. Only ever one's own.
 */
export async function earningsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.authenticate };

  const readContract = {
    tags,
    summary: "My earnings: pending (paid bookings to come), available, being sent and paid out; the account's lines; the months with a statement",
    security: bearer,
    response: { 200: earningsSchema, ...errorResponses },
  };
  app.get("/earnings", { ...auth, schema: readContract }, async (request): Promise<Earnings> => {
    const me = currentUser(request);
    const feePercent = app.config.platformFeePercent;
    const account = await payableAccount(app.db, me.id);
    const [available, payouts, upcoming, lines, months] = await Promise.all([
      availableBalance(app.db, me.id),
      payoutTotals(app.db, me.id),
      paidUpcoming(app.db, me.id),
      account ? payableLines(app.db, account.id, { limit: LINES_SHOWN, order: "desc" }) : [],
      account ? monthsWithLines(app.db, account.id) : [],
    ]);
    const pending = upcoming.map((booking) => {
      const price = centavosOf(booking.price);
      return {
        bookingId: booking.id,
        startsAt: booking.startsAt.toISOString(),
        amountCentavos: price - platformFeeOf(price, feePercent),
        clientName: booking.clientName,
      };
    });
    return {
      pendingCentavos: pending.reduce((sum, booking) => sum + booking.amountCentavos, 0),
      availableCentavos: available,
      sendingCentavos: payouts.PENDING,
      paidOutCentavos: payouts.SENT,
      payoutMinimumCentavos: app.config.payoutMinimumCentavos,
      statementMonths: months,
      lines: lines.map((line) => ({
        entryNumber: line.entryNumber,
        kind: line.kind,
        memo: lineDescription(line),
        at: line.postedAt.toISOString(),
        amountCentavos: line.amountCentavos,
        bookingId: line.bookingId,
        payout: line.payout ? { state: line.payout.state, transferReference: line.payout.transferReference } : null,
      })),
      pending,
    };
  });

  const statementContract = {
    tags,
    summary: "My monthly statement (PDF): the opening balance, the month's earnings and payouts, the closing balance and the totals",
    security: bearer,
    params: z.object({ month: z.string().describe("yyyy-MM, a Manila month") }),
    produces: ["application/pdf"],
    response: { 200: z.string().describe("A PDF file (application/pdf)"), ...errorResponses },
  };
  app.get("/earnings/statements/:month", { ...auth, schema: statementContract }, async (request, reply) => {
    const me = currentUser(request);
    const { month } = request.params;
    // Checked here rather than by the params schema, which answers a malformed path with 404.
    if (!STATEMENT_MONTH.test(month)) throw badRequest(MSG.statementMonthInvalid, "month");
    const { fileName, bytes } = await statementDocument(app.db, {
      platform: app.config.platform,
      payee: { id: me.id, name: `${me.firstName} ${me.lastName}`, email: me.email },
      month,
      now: app.clock.now(),
    });
    return sendAttachment(reply, { fileName, contentType: "application/pdf", bytes });
  });
}
