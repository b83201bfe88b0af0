import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ASSISTANT_RATE, loginResponseSchema, loginSchema, messageSchema, MSG, registerSchema, selfUserSchema } from "@vam/shared";
import { users } from "../db/schema.js";
import { bearer, errorResponses } from "../http/contracts.js";
import { badRequest, HttpError } from "../http/errors.js";
import { announce, createNotification } from "../notifications/create.js";
import { newReferralCode } from "../referrals/codes.js";
import { isIssuedUpload } from "../uploads/issued.js";
import { assertIdentityFree, rethrowIdentityConflict } from "../users/identity.js";
import { findUserByReferralCode, findUserByUsername, selfView } from "../users/queries.js";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "./passwords.js";
import { createSession, revokeSession } from "./sessions.js";

const tags = ["auth"];

export async function authRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: app.config.authRateLimitPerMinute, timeWindow: "1 minute" };

  const registerContract = {
    tags,
    summary: "Create an account (optionally with a referral code)",
    body: registerSchema,
    response: { 201: z.object({ user: selfUserSchema, message: z.string() }), ...errorResponses },
  };
  app.post("/auth/register", { config: { rateLimit }, schema: registerContract }, async (request, reply) => {
    const input = request.body;
    const referrer = input.referralCode ? await findUserByReferralCode(app.db, input.referralCode) : undefined;
    if (input.role === "Assistant" && input.salaryRate !== undefined && input.salaryRate !== ASSISTANT_RATE) {
      throw badRequest(MSG.assistantRateFixed, "salaryRate");
    }
    if (input.referralCode && !referrer) throw badRequest(MSG.referralCodeUnknown, "referralCode");
    if (input.avatar && !(await isIssuedUpload(app.db, input.avatar))) throw badRequest(MSG.avatarNotIssued, "avatar");
    await assertIdentityFree(app.db, input.username, input.email);

    const values = {
      username: input.username,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName,
      lastName: input.lastName,
      role: input.role,
      location: input.location,
      skills: input.skills,
      experience: input.experience,
      availability: input.availability,
      salaryRate: input.role === "Assistant" ? ASSISTANT_RATE : null,
      avatar: input.avatar ?? null,
      referredBy: referrer?.id ?? null,
    };
    const { user, notification } = await app.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ ...values, referralCode: newReferralCode() })
        .returning()
        .catch(rethrowIdentityConflict);
      const notification = referrer
        ? await createNotification(tx, {
            userId: referrer.id,
            type: "REFERRAL",
            title: "New referral",
            content: `${created!.firstName} ${created!.lastName} joined with your referral code.`,
            entityId: created!.id,
          })
        : undefined;
      return { user: created!, notification };
    });
    if (notification) await announce(app, notification);
    request.log.info({ userId: user.id, role: user.role }, "user registered");
    return reply.status(201).send({ user: await selfView(app.db, user), message: MSG.registerSuccess });
  });

  const loginContract = { tags, summary: "Sign in: a bearer token", body: loginSchema, response: { 200: loginResponseSchema, ...errorResponses } };
  app.post("/auth/login", { config: { rateLimit }, schema: loginContract }, async (request) => {
    const input = request.body;
    const user = await findUserByUsername(app.db, input.username);
    const valid = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstNothing(input.password);
    if (!user || !valid) throw new HttpError(400, MSG.loginInvalid);
    if (user.suspendedAt) throw new HttpError(403, MSG.accountSuspended);
    const token = await createSession(app.db, user.id, app.config.sessionTtlMs);
    return { userInfo: await selfView(app.db, user), token };
  });

  const logoutContract = { tags, summary: "End this session", security: bearer, response: { 200: messageSchema, ...errorResponses } };
  app.post("/auth/logout", { preValidation: app.authenticate, schema: logoutContract }, async (request) => {
    await revokeSession(app.db, request.sessionId!);
    app.realtime.endSession(request.sessionId!);
    return { message: "Logged out" };
  });
}
