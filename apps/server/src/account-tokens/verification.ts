import type { FastifyInstance } from "fastify";
import { VERIFY_TOKEN_HOURS } from "@vam/shared";
import { issueToken, retireTokens } from "./tokens.js";
import type { Db } from "../db/client.js";
import { queueEmails, siteUrl, verifyEmailEmail } from "../email/public.js";

/**
 * Queues the link that verifies `address` for the user (in the caller's transaction): the
 * address of an account just created, the account's own address again, or a new one waiting
 * (`change`). Older verify links stop working (an account just created has none). The caller
 * kicks the email queue after commit.
 */
export async function queueVerification(
  tx: Db,
  app: FastifyInstance,
  user: { id: string; firstName: string },
  address: string,
  link: "new account" | "again" | "change",
) {
  const now = app.clock.now();
  if (link !== "new account") await retireTokens(tx, user.id, "verify", now);
  const token = await issueToken(tx, user.id, "verify", new Date(now.getTime() + VERIFY_TOKEN_HOURS * 3600_000), address);
  await queueEmails(tx, [verifyEmailEmail(siteUrl(app), user, address, token, link === "change")]);
}
