import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { EMAIL_KIND_LABELS, MSG, unsubscribeAnswerSchema, unsubscribeLinkSchema, unsubscribeQuerySchema, type UnsubscribeQuery } from "@vam/shared";
import { errorResponses } from "../http/contracts.js";
import { badRequest } from "../http/errors.js";
import { unsubscribeSignature } from "./links.js";
import { switchEmailKind, unsubscribeUser } from "./repository.js";

const tags = ["email"];

/**
 * The unsubscribe links of every email: no sign-in, the link's signature (an HMAC under the
 * user's own key) is the proof. `POST /email/unsubscribe` is also RFC 8058's one-click target,
 * which mail apps call with a form body (`List-Unsubscribe=One-Click`) that changes nothing here.
 * `GET /email/unsubscribe` only reads the link (what the page shows before its button is pressed).
 */
export async function emailRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // This scope only: mail apps send the one-click POST as a form; its body is not read.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, undefined),
  );
  const rateLimit = { max: app.config.authRateLimitPerMinute * 3, timeWindow: "1 minute" };

  /** The link's user once its signature checks out; refused otherwise. */
  const userOfLink = async (query: UnsubscribeQuery) => {
    const user = await unsubscribeUser(app.db, query.u);
    const expected = user ? Buffer.from(unsubscribeSignature(user.emailKey, query.k)) : undefined;
    const given = Buffer.from(query.t);
    if (!user || user.deletedAt || !expected || expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw badRequest(MSG.unsubscribeInvalid);
    }
    return user;
  };

  const switchKind = async (query: UnsubscribeQuery, on: boolean) => {
    const user = await userOfLink(query);
    await switchEmailKind(app.db, user.id, query.k, on);
    const label = EMAIL_KIND_LABELS[query.k];
    return { message: on ? MSG.resubscribed(label) : MSG.unsubscribed(label), kind: query.k, label };
  };

  const contract = (summary: string) => ({
    tags,
    summary,
    querystring: unsubscribeQuerySchema,
    response: { 200: unsubscribeAnswerSchema, ...errorResponses },
  });
  // Opening the link (the page, or a mail scanner following it) only reads it: a GET changes nothing.
  app.get(
    "/email/unsubscribe",
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: "What an unsubscribe link is about, and whether that kind of email is sent now (changes nothing)",
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeLinkSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await userOfLink(request.query);
      return { kind: request.query.k, label: EMAIL_KIND_LABELS[request.query.k], on: !user.emailOff.includes(request.query.k) };
    },
  );
  app.post(
    "/email/unsubscribe",
    { config: { rateLimit }, schema: contract("Stop one kind of email (the link in each email; RFC 8058 one-click)") },
    (request) => switchKind(request.query, false),
  );
  app.post("/email/resubscribe", { config: { rateLimit }, schema: contract("Get that kind of email again (the same link's page)") }, (request) =>
    switchKind(request.query, true),
  );
}
