import { z } from "zod";
import { AVAILABILITY_OPTIONS, EXPERIENCE_OPTIONS, PASSWORD_MAX, PASSWORD_MIN, ROLES, SKILL_OPTIONS, USERNAME_MAX } from "../constants.js";
import { MSG } from "../messages.js";
import { isTimeZone } from "../time-zone-names.js";

/** Every control character (Unicode Cc: NUL, tab, line breaks, DEL, C1). */
const CONTROL = /\p{Cc}/u;
/** The same, except tab, line feed and carriage return. */
const CONTROL_BUT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;

/**
 * Text on one line, trimmed: no control character at all (PostgreSQL refuses NUL; tabs and line
 * breaks do not belong in a name, an address, a search or an id). Every one-line text field,
 * query-string parameter and cursor is built on it.
 */
export const singleLineText = (params?: { error?: string }) =>
  z
    .string(params)
    .trim()
    .refine((value) => !CONTROL.test(value), MSG.textControl);

/** Text of several lines, trimmed: line breaks and tabs are kept, other control characters refused. */
export const multiLineText = (params?: { error?: string }) =>
  z
    .string(params)
    .trim()
    .refine((value) => !CONTROL_BUT_LINE_BREAKS.test(value), MSG.textControl);

/** An optional one-line text; empty means absent. */
export const optionalLine = (max: number, message: string) =>
  singleLineText()
    .max(max, message)
    .optional()
    .transform((value) => (value ? value : undefined));

export const requiredText = (message: string, max = 100, field = "This field") =>
  singleLineText({ error: message }).min(1, message).max(max, MSG.textTooLong(field, max));

export const username = singleLineText({ error: MSG.usernameRequired })
  .min(1, MSG.usernameRequired)
  .max(USERNAME_MAX, MSG.usernameTooLong)
  .regex(/^[A-Za-z0-9_]+$/, MSG.usernameChars);

export const email = singleLineText({ error: MSG.emailRequired })
  .min(1, MSG.emailRequired)
  .max(254, MSG.emailInvalid)
  .pipe(z.email(MSG.emailInvalid))
  .transform((value) => value.toLowerCase());

/** Never stored nor queried (only its argon2 hash is), so any character may be part of it. */
export const password = z.string({ error: MSG.passwordRequired }).min(PASSWORD_MIN, MSG.passwordTooShort).max(PASSWORD_MAX, MSG.passwordTooLong);

export const role = z.enum(ROLES, { error: MSG.roleRequired });
export const experience = z.enum(EXPERIENCE_OPTIONS, { error: MSG.experienceRequired });
export const availability = z.enum(AVAILABILITY_OPTIONS, { error: MSG.availabilityRequired });

export const skills = z
  .array(z.enum(SKILL_OPTIONS, { error: MSG.skillUnknown }), { error: MSG.skillUnknown })
  .refine((list) => new Set(list).size === list.length, MSG.skillDuplicate);

/** An image URL; the server additionally checks that it issued it. */
export const imageUrl = singleLineText().max(500, MSG.textTooLong("The image address", 500));

export const optionalTrimmed = (max: number, field: string) => optionalLine(max, MSG.textTooLong(field, max));

/**
 * The one id check: a UUID written as 8-4-4-4-12 hexadecimal digits (any version, as PostgreSQL's
 * uuid type reads it), lowercased. Whatever else is no id at all, worded as `message` (the
 * feature's "not found"). Path ids, body ids and cursor ids all use it.
 */
export const id = (message?: string) => z.guid(message).toLowerCase();

/** Whether `value` is an id (see `id`). */
export const isId = (value: string) => id().safeParse(value).success;

/** An instant as the server writes it (ISO 8601 in UTC, a real calendar day) that PostgreSQL reads: not before 1970. */
export const instant = z.iso.datetime().refine((value) => Date.parse(value) >= 0);

/** A page cursor as sent in a query string (opaque to the client; the server decodes and checks it). */
export const cursorParam = singleLineText()
  .max(200)
  .optional()
  .transform((value) => (value ? value : undefined));

/** A time zone of the IANA database ("America/Los_Angeles"): what the browser reports, or one picked in Settings. */
export const timeZone = z
  .string({ error: MSG.timeZoneInvalid })
  .trim()
  .refine((value) => isTimeZone(value), MSG.timeZoneInvalid);
