import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MSG, PAYOUT_METHOD_LABELS, payoutAccountInputSchema, payoutAccountViewSchema, payoutHoldEndText } from "@vam/shared";
import { currentUser } from "../session/authenticate.js";
import { queueEmails, siteUrl } from "../email/public.js";
import { bearer, errorResponses } from "../http/contracts.js";
import { announce, createNotification } from "../notifications/public.js";
import { payoutAccountChangedEmail } from "./emails.js";
import { payoutAccountOf, savePayoutAccount } from "./repository.js";
import { lastFour, payoutAccountView, payoutHeldUntil } from "./view.js";

const tags = ["account"];

/** The signed-in user's payout account (decisions.md, "Cancelling, refunds, fees and payouts"): read it, set or change it. */
export async function payoutAccountRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.authenticate };

  const readContract = {
    tags,
    summary: "Where my earnings, referral rewards and refunds are sent (only the number's last 4 digits); null until set",
    security: bearer,
    response: { 200: z.object({ payoutAccount: payoutAccountViewSchema.nullable() }), ...errorResponses },
  };
  app.get("/account/payout-account", { ...auth, schema: readContract }, async (request) => {
    const row = await payoutAccountOf(app.db, currentUser(request).id);
    return { payoutAccount: row ? payoutAccountView(row, app.clock.now()) : null };
  });

  const saveContract = {
    tags,
    summary: "Set or change the payout account: a change is emailed and holds the next payout 24 hours; the same details again change nothing",
    security: bearer,
    body: payoutAccountInputSchema,
    response: { 200: z.object({ payoutAccount: payoutAccountViewSchema, message: z.string() }), ...errorResponses },
  };
  app.put("/account/payout-account", { ...auth, schema: saveContract }, async (request) => {
    const me = currentUser(request);
    const now = app.clock.now();
    const { row, notification } = await app.db.transaction(async (tx) => {
      const saved = await savePayoutAccount(tx, me.id, request.body, now);
      if (!saved.changed) return { row: saved.row, notification: null };
      const heldUntil = payoutHeldUntil(saved.row, now)!;
      await queueEmails(tx, [payoutAccountChangedEmail(siteUrl(app), me, saved.row, heldUntil)]);
      const notice = await createNotification(tx, {
        userId: me.id,
        type: "SYSTEM",
        title: MSG.notificationTitle.payoutAccountChanged,
        content: `Your payouts now go to ${saved.row.bankName ?? PAYOUT_METHOD_LABELS[saved.row.method]} ending ${lastFour(saved.row.accountNumber)}, from ${payoutHoldEndText(heldUntil)}. If this wasn't you, change your password and contact us.`,
      });
      return { row: saved.row, notification: notice };
    });
    if (notification) {
      app.emailQueue.kick();
      await announce(app, notification);
      // The method only: the name and number stay out of the logs (decision 0002).
      request.log.info({ userId: me.id, method: row.method }, "payout account changed");
    }
    return { payoutAccount: payoutAccountView(row, now), message: notification ? MSG.payoutAccountSaved : MSG.payoutAccountUnchanged };
  });
}
