import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ASSISTANT_RATE,
  forgotPasswordSchema,
  loginResponseSchema,
  loginSchema,
  messageSchema,
  MSG,
  registerSchema,
  RESET_TOKEN_HOURS,
  resetPasswordSchema,
  selfUserSchema,
  verifyEmailSchema,
} from "@vam/shared";
import { findToken, issueToken, queueVerification, retireTokens, useToken } from "../account-tokens/public.js";
import { queueEmails, resetPasswordEmail, siteUrl } from "../email/public.js";
import { bearer, errorResponses } from "../http/contracts.js";
import { badRequest, HttpError } from "../http/errors.js";
import { announce, createNotification } from "../notifications/public.js";
import { newReferralCode } from "../referrals/public.js";
import { isIssuedUpload } from "../uploads/public.js";
import {
  assertIdentityFree,
  findUserByReferralCode,
  findUserByUsername,
  keepFirstTimeZone,
  NO_REFERRALS,
  rethrowIdentityConflict,
  selfView,
  toSelfUser,
  zoneAsKept,
} from "../users/public.js";
import { isCommonPassword } from "./common-passwords.js";
import { HASH_THREADS, hashPassword, passwordWorkInFlight, UNSET_PASSWORD, verifyAgainstNothing, verifyPassword } from "./passwords.js";
import { createSession, revokeOtherSessions, revokeSession } from "../session/sessions.js";
import {
  insertUser,
  lockUser,
  markEmailVerified,
  replaceEmail,
  resetLinksSince,
  setPasswordHash,
  setResetPassword,
  userByEmail,
  userById,
} from "./repository.js";
import { endDevicePush, endUserPush } from "../push/public.js";

/** At most this many reset emails per account and hour, whatever the addresses asking. */
const RESETS_PER_HOUR = 3;

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
    if (input.role === "Assistant" && input.salaryRate !== undefined && input.salaryRate !== ASSISTANT_RATE) {
      throw badRequest(MSG.assistantRateFixed, "salaryRate");
    }
    // Before any hash is started: a refused password costs no work.
    if (isCommonPassword(input.password)) throw badRequest(MSG.passwordCommon, "password");
    // The hash (on a worker thread, 8-10 ms) is computed while the database answers the checks.
    // On PostgreSQL, when a thread is free for it, the account's rows are written meanwhile too,
    // and the hash goes in last, inside the transaction (decision 0018): never while hashes
    // queue (each waiting registration would hold a pooled connection), and never on the
    // embedded database (its one transaction at a time would hold up every request).
    const rowsFirst = app.database.kind === "postgres" && passwordWorkInFlight() < HASH_THREADS;
    const hashing = hashPassword(input.password);
    hashing.catch(() => {}); // A check refused first: the hash's own failure has nobody to tell.
    const referrer = input.referralCode ? await findUserByReferralCode(app.db, input.referralCode) : undefined;
    if (input.referralCode && !referrer) throw badRequest(MSG.referralCodeUnknown, "referralCode");
    if (input.avatar && !(await isIssuedUpload(app.db, input.avatar))) throw badRequest(MSG.avatarNotIssued, "avatar");
    await assertIdentityFree(app.db, input.username, input.email);
    // Until the hash is in (inside the transaction, before the commit): a stored hash no password verifies.
    const passwordHash = rowsFirst ? UNSET_PASSWORD : await hashing;

    const values = {
      username: input.username,
      email: input.email,
      passwordHash,
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
      // The browser's zone (decisions.md, "Time zones"); none sent: unknown until a sign-in or Settings gives one.
      timeZone: input.timeZone ? zoneAsKept(input.timeZone) : null,
    };
    const { user, notification } = await app.db.transaction(async (tx) => {
      const created = await insertUser(tx, { ...values, referralCode: newReferralCode() }).catch(rethrowIdentityConflict);
      const notification = referrer
        ? await createNotification(tx, {
            userId: referrer.id,
            type: "REFERRAL",
            title: MSG.notificationTitle.newReferral,
            content: `${created!.firstName} ${created!.lastName} joined with your referral code.`,
            entityId: created!.id,
          })
        : undefined;
      await queueVerification(tx, app, created!, created!.email, "new account");
      if (!rowsFirst) return { user: created!, notification };
      // Nobody has seen these rows (not committed): the hash goes in before anyone can.
      const hashed = await hashing;
      await setPasswordHash(tx, created!.id, hashed);
      return { user: { ...created!, passwordHash: hashed }, notification };
    });
    app.emailQueue.kick();
    if (notification) await announce(app, notification);
    request.log.info({ userId: user.id, role: user.role }, "user registered");
    // Created a moment ago: nobody has joined with its code yet.
    return reply.status(201).send({ user: toSelfUser(user, NO_REFERRALS), message: MSG.registerSuccess });
  });

  const loginContract = { tags, summary: "Sign in: a bearer token", body: loginSchema, response: { 200: loginResponseSchema, ...errorResponses } };
  app.post("/auth/login", { config: { rateLimit }, schema: loginContract }, async (request) => {
    const input = request.body;
    const user = await findUserByUsername(app.db, input.username);
    const valid = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstNothing(input.password);
    if (!user || !valid || user.deletedAt) throw new HttpError(400, MSG.loginInvalid);
    if (user.suspendedAt) throw new HttpError(403, MSG.accountSuspended);
    const token = await createSession(app.db, user.id, app.config.sessionTtlMs, request.headers["user-agent"]);
    // An account with no zone yet takes this browser's; one already kept (or chosen in Settings) stays.
    const signedIn = await keepFirstTimeZone(app.db, user, input.timeZone);
    return { userInfo: await selfView(app.db, signedIn), token };
  });

  const logoutContract = { tags, summary: "End this session", security: bearer, response: { 200: messageSchema, ...errorResponses } };
  app.post("/auth/logout", { preValidation: app.authenticate, schema: logoutContract }, async (request) => {
    await revokeSession(app.db, request.sessionId!);
    await endDevicePush(app.db, request.sessionId!);
    app.realtime.endSession(request.sessionId!);
    return { message: "Logged out" };
  });

  const forgotContract = {
    tags,
    summary: "Email a password reset link (the answer is the same whether or not the address has an account)",
    body: forgotPasswordSchema,
    response: { 200: messageSchema, ...errorResponses },
  };
  app.post("/auth/forgot-password", { config: { rateLimit }, schema: forgotContract }, async (request) => {
    const user = await userByEmail(app.db, request.body.email);
    if (user && !user.deletedAt && !user.suspendedAt) {
      const now = app.clock.now();
      const queued = await app.db.transaction(async (tx) => {
        // Serialises this account's requests, so the hourly cap holds under concurrency.
        await lockUser(tx, user.id);
        if ((await resetLinksSince(tx, user.id, new Date(now.getTime() - 3600_000))) >= RESETS_PER_HOUR) return false;
        await retireTokens(tx, user.id, "reset", now);
        const token = await issueToken(tx, user.id, "reset", new Date(now.getTime() + RESET_TOKEN_HOURS * 3600_000));
        await queueEmails(tx, [resetPasswordEmail(siteUrl(app), user, token)]);
        return true;
      });
      if (queued) app.emailQueue.kick();
      request.log.info({ userId: user.id, queued }, "password reset asked");
    }
    return { message: MSG.resetRequested };
  });

  /** The reset token's row when it can still be used, else the 400 that says why. */
  const usableReset = async (token: string) => {
    const row = await findToken(app.db, token, "reset");
    if (!row) throw badRequest(MSG.resetTokenInvalid);
    if (row.usedAt) throw badRequest(MSG.resetTokenUsed);
    if (row.expiresAt <= app.clock.now()) throw badRequest(MSG.resetTokenExpired);
    return row;
  };

  const checkResetContract = {
    tags,
    summary: "Whether a reset link can still be used",
    params: z.object({ token: resetPasswordSchema.shape.token }),
    response: { 200: messageSchema, ...errorResponses },
  };
  app.get("/auth/reset-password/:token", { config: { rateLimit }, schema: checkResetContract }, async (request) => {
    await usableReset(request.params.token);
    return { message: "This link can be used" };
  });

  const resetContract = {
    tags,
    summary: "Set a new password with a reset link; ends every session of the account",
    body: resetPasswordSchema,
    response: { 200: messageSchema, ...errorResponses },
  };
  app.post("/auth/reset-password", { config: { rateLimit }, schema: resetContract }, async (request) => {
    const row = await usableReset(request.body.token);
    if (isCommonPassword(request.body.password)) throw badRequest(MSG.passwordCommon, "password");
    const passwordHash = await hashPassword(request.body.password);
    const now = app.clock.now();
    await app.db.transaction(async (tx) => {
      // Single use: of two requests with one link, the second finds it used.
      if (!(await useToken(tx, row.id, now))) throw badRequest(MSG.resetTokenUsed);
      await retireTokens(tx, row.userId, "reset", now);
      await setResetPassword(tx, row.userId, passwordHash, now);
      await revokeOtherSessions(tx, row.userId, null);
      await endUserPush(tx, row.userId);
    });
    app.realtime.endUser(row.userId);
    request.log.info({ userId: row.userId }, "password reset");
    return { message: MSG.passwordResetDone };
  });

  const verifyContract = {
    tags,
    summary: "Verify an email address with its link (the account's, or a new one that then replaces it)",
    body: verifyEmailSchema,
    response: { 200: z.object({ message: z.string(), email: z.string() }), ...errorResponses },
  };
  app.post("/auth/verify-email", { config: { rateLimit }, schema: verifyContract }, async (request) => {
    const row = await findToken(app.db, request.body.token, "verify");
    const now = app.clock.now();
    if (!row || !row.email) throw badRequest(MSG.verifyTokenInvalid);
    const address = row.email;
    const user = await userById(app.db, row.userId);
    if (!user || user.deletedAt) throw badRequest(MSG.verifyTokenInvalid);
    // Opening the link twice is fine: the address is verified either way.
    if (row.usedAt && user.email === address && user.emailVerifiedAt) return { message: MSG.emailVerified, email: address };
    if (row.usedAt) throw badRequest(MSG.verifyTokenInvalid);
    if (row.expiresAt <= now) throw badRequest(MSG.verifyTokenExpired);
    await app.db.transaction(async (tx) => {
      if (!(await useToken(tx, row.id, now))) throw badRequest(MSG.verifyTokenInvalid);
      if (address === user.email) {
        await markEmailVerified(tx, user.id, now);
        return;
      }
      // A new address: it replaces the old one now, unless someone else took it meanwhile (409).
      await assertIdentityFree(tx, user.username, address, user.id);
      await replaceEmail(tx, user.id, address, now).catch(rethrowIdentityConflict);
    });
    request.log.info({ userId: user.id, changed: address !== user.email }, "email verified");
    return { message: MSG.emailVerified, email: address };
  });
}
