import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  accountSessionSchema,
  changePasswordSchema,
  EMAIL_KINDS,
  emailSettingsSchema,
  emailSettingsUpdateSchema,
  messageSchema,
  MSG,
  selfUserSchema,
  timeZoneSettingSchema,
  type EmailSettings,
} from "@vam/shared";
import { currentUser } from "../session/authenticate.js";
import { hashPassword, isCommonPassword, verifyPassword } from "../auth/public.js";
import { liveSessionsOf, revokeOtherSessions, revokeUserSession } from "../session/sessions.js";
import { bearer, errorResponses } from "../http/contracts.js";
import { badRequest, conflict, HttpError } from "../http/errors.js";
import { selfView, setTimeZone } from "../users/public.js";
import { browserLabel } from "../session/browser-label.js";
import { setEmailKinds } from "../email/public.js";
import { setPasswordHash } from "./repository.js";
import { queueVerification } from "../account-tokens/public.js";

const tags = ["account"];

/** Every kind with whether it is sent, from the kinds switched off. */
export const emailSettingsOf = (emailOff: string[]): EmailSettings =>
  Object.fromEntries(EMAIL_KINDS.map((kind) => [kind, !emailOff.includes(kind)])) as EmailSettings;

/** The signed-in account's own settings: password, devices, email verification, email kinds and time zone. */
export async function accountRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.authenticate };
  const rateLimit = { max: app.config.authRateLimitPerMinute, timeWindow: "1 minute" };

  const resendContract = {
    tags,
    summary: "Send the verification link again (to the new address waiting, or the unverified one)",
    security: bearer,
    response: { 200: messageSchema, ...errorResponses },
  };
  app.post("/account/verify-email/resend", { ...auth, config: { rateLimit }, schema: resendContract }, async (request) => {
    const me = currentUser(request);
    const address = me.pendingEmail ?? (me.emailVerifiedAt ? null : me.email);
    if (!address) throw conflict(MSG.emailAlreadyVerified);
    await app.db.transaction((tx) => queueVerification(tx, app, me, address, address === me.email ? "again" : "change"));
    app.emailQueue.kick();
    return { message: MSG.verifyEmailSent(address) };
  });

  const passwordContract = {
    tags,
    summary: "Change the password (the current one required); every other session ends",
    security: bearer,
    body: changePasswordSchema,
    response: { 200: messageSchema, ...errorResponses },
  };
  app.put("/account/password", { ...auth, config: { rateLimit }, schema: passwordContract }, async (request) => {
    const me = currentUser(request);
    const { currentPassword, newPassword } = request.body;
    // Checked first: it costs nothing, the current password's check costs a hash.
    if (isCommonPassword(newPassword)) throw badRequest(MSG.passwordCommon, "newPassword");
    if (!(await verifyPassword(me.passwordHash, currentPassword))) throw badRequest(MSG.currentPasswordWrong, "currentPassword");
    if (currentPassword === newPassword) throw badRequest(MSG.passwordUnchanged, "newPassword");
    const passwordHash = await hashPassword(newPassword);
    const ended = await app.db.transaction(async (tx) => {
      await setPasswordHash(tx, me.id, passwordHash);
      return revokeOtherSessions(tx, me.id, request.sessionId);
    });
    for (const sessionId of ended) app.realtime.endSession(sessionId);
    request.log.info({ userId: me.id, endedSessions: ended.length }, "password changed");
    return { message: MSG.passwordChanged };
  });

  const sessionsContract = {
    tags,
    summary: "The account's signed-in devices",
    security: bearer,
    response: { 200: z.object({ sessions: z.array(accountSessionSchema) }), ...errorResponses },
  };
  app.get("/account/sessions", { ...auth, schema: sessionsContract }, async (request) => {
    const me = currentUser(request);
    const rows = await liveSessionsOf(app.db, me.id);
    return {
      sessions: rows.map((row) => ({
        id: row.id,
        browser: browserLabel(row.userAgent),
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.id === request.sessionId,
      })),
    };
  });

  const endContract = {
    tags,
    summary: "Sign one device out",
    security: bearer,
    params: z.object({ id: z.uuid({ error: MSG.sessionNotFound }) }),
    response: { 200: messageSchema, ...errorResponses },
  };
  app.delete("/account/sessions/:id", { ...auth, schema: endContract }, async (request) => {
    const me = currentUser(request);
    if (!(await revokeUserSession(app.db, me.id, request.params.id))) throw new HttpError(404, MSG.sessionNotFound);
    app.realtime.endSession(request.params.id);
    return { message: MSG.signedOutDevice };
  });

  const othersContract = {
    tags,
    summary: "Sign out every device but this one",
    security: bearer,
    response: { 200: z.object({ message: z.string(), count: z.number() }), ...errorResponses },
  };
  app.post("/account/sessions/sign-out-others", { ...auth, schema: othersContract }, async (request) => {
    const me = currentUser(request);
    const ended = await revokeOtherSessions(app.db, me.id, request.sessionId);
    for (const sessionId of ended) app.realtime.endSession(sessionId);
    return { message: MSG.signedOutOthers(ended.length), count: ended.length };
  });

  const settingsAnswer = z.object({ settings: emailSettingsSchema });
  const readSettingsContract = {
    tags,
    summary: "Which emails the account gets",
    security: bearer,
    response: { 200: settingsAnswer, ...errorResponses },
  };
  app.get("/account/email-settings", { ...auth, schema: readSettingsContract }, async (request) => ({
    settings: emailSettingsOf(currentUser(request).emailOff),
  }));

  const writeSettingsContract = {
    tags,
    summary: "Switch kinds of email on or off (any of them)",
    security: bearer,
    body: emailSettingsUpdateSchema,
    response: { 200: settingsAnswer.extend({ message: z.string() }), ...errorResponses },
  };
  app.put("/account/email-settings", { ...auth, schema: writeSettingsContract }, async (request) => {
    const me = currentUser(request);
    const changes = request.body;
    const turnOff = EMAIL_KINDS.filter((kind) => changes[kind] === false);
    const turnOn = EMAIL_KINDS.filter((kind) => changes[kind] === true);
    const emailOff = await setEmailKinds(app.db, me.id, turnOff, turnOn);
    return { settings: emailSettingsOf(emailOff), message: MSG.emailSettingsSaved };
  });

  const timeZoneContract = {
    tags,
    summary: "Set the account's time zone (IANA, e.g. America/Los_Angeles): booking times are shown in it beside Manila's",
    security: bearer,
    body: timeZoneSettingSchema,
    response: { 200: z.object({ user: selfUserSchema, message: z.string() }), ...errorResponses },
  };
  app.put("/account/time-zone", { ...auth, schema: timeZoneContract }, async (request) => {
    const me = currentUser(request);
    const { timeZone } = request.body;
    const updated = await setTimeZone(app.db, me.id, timeZone);
    if (!updated) throw new HttpError(401, MSG.sessionExpired);
    request.log.info({ userId: me.id, timeZone }, "time zone set");
    return { user: await selfView(app.db, updated), message: MSG.timeZoneSaved(updated.timeZone ?? timeZone) };
  });
}
