import { z } from "zod";
import { EMAIL_KINDS } from "../constants.js";
import { MSG } from "../messages.js";
import * as f from "./fields.js";

/**
 * Accounts and email (decisions.md): password reset and change, signed-in devices, email
 * verification, email settings, unsubscribe links, data export and account deletion.
 */

/** A token from an emailed link: opaque base64url text. */
const linkToken = f
  .singleLineText({ error: MSG.resetTokenInvalid })
  .min(1, MSG.resetTokenInvalid)
  .max(200, MSG.resetTokenInvalid)
  .regex(/^[A-Za-z0-9_-]+$/, MSG.resetTokenInvalid);

export const forgotPasswordSchema = z.object({ email: f.email });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({ token: linkToken, password: f.password });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(200),
  newPassword: f.password,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The pages' forms: the new password typed twice (`confirm`, not sent); the API takes it once. */
const typedTwice = { message: MSG.passwordsDiffer, path: ["confirm"] };
export const resetPasswordFormSchema = z
  .object({ password: f.password, confirm: z.string() })
  .refine((values) => values.password === values.confirm, typedTwice);
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirm: z.string() })
  .refine((values) => values.newPassword === values.confirm, typedTwice);

export const verifyEmailSchema = z.object({ token: linkToken });

export const emailKindSchema = z.enum(EMAIL_KINDS);

/** Every kind with whether it is sent; PUT takes any subset of the kinds. */
export const emailSettingsSchema = z.object(
  Object.fromEntries(EMAIL_KINDS.map((kind) => [kind, z.boolean()])) as Record<(typeof EMAIL_KINDS)[number], z.ZodBoolean>,
);
export type EmailSettings = z.infer<typeof emailSettingsSchema>;
export const emailSettingsUpdateSchema = emailSettingsSchema.partial();

/** The query of an unsubscribe link: the user, the kind and the link's signature. */
export const unsubscribeQuerySchema = z.object({
  u: z.uuid({ error: MSG.unsubscribeInvalid }),
  k: z.enum(EMAIL_KINDS, { error: MSG.unsubscribeInvalid }),
  t: f
    .singleLineText({ error: MSG.unsubscribeInvalid })
    .min(1, MSG.unsubscribeInvalid)
    .max(100, MSG.unsubscribeInvalid)
    .regex(/^[A-Za-z0-9_-]+$/, MSG.unsubscribeInvalid),
});
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;
export const unsubscribeAnswerSchema = z.object({ message: z.string(), kind: z.enum(EMAIL_KINDS), label: z.string() });
/** What an unsubscribe link is about, read without changing anything (`GET`: opening the page, or a mail scanner). */
export const unsubscribeLinkSchema = z.object({ kind: z.enum(EMAIL_KINDS), label: z.string(), on: z.boolean() });
export type UnsubscribeLinkState = z.infer<typeof unsubscribeLinkSchema>;

/** One signed-in device of the account. */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** "Chrome 131 on Linux", or "Unknown browser". */
  browser: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session that asked. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const deleteAccountSchema = z.object({
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(200),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** An upcoming booking that keeps an account from being deleted. */
export const upcomingBookingSchema = z.object({
  id: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** The other party's name. */
  otherName: z.string(),
});
export type UpcomingBooking = z.infer<typeof upcomingBookingSchema>;

/** Settings' time zone (PUT /account/time-zone). */
export const timeZoneSettingSchema = z.object({ timeZone: f.timeZone });
export type TimeZoneSetting = z.infer<typeof timeZoneSettingSchema>;
