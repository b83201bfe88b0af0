import { z } from "zod";
import {
  AVAILABILITY_OPTIONS,
  EXPERIENCE_OPTIONS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  ROLES,
  SKILL_OPTIONS,
  USERNAME_MAX,
} from "../constants.js";
import { MSG } from "../messages.js";

export const requiredText = (message: string, max = 100, field = "This field") =>
  z.string({ error: message }).trim().min(1, message).max(max, MSG.textTooLong(field, max));

export const username = z
  .string({ error: MSG.usernameRequired })
  .trim()
  .min(1, MSG.usernameRequired)
  .max(USERNAME_MAX, MSG.usernameTooLong)
  .regex(/^[A-Za-z0-9_]+$/, MSG.usernameChars);

export const email = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .max(254, MSG.emailInvalid)
  .pipe(z.email(MSG.emailInvalid))
  .transform((value) => value.toLowerCase());

export const password = z
  .string({ error: MSG.passwordRequired })
  .min(PASSWORD_MIN, MSG.passwordTooShort)
  .max(PASSWORD_MAX, MSG.passwordTooLong);

export const role = z.enum(ROLES, { error: MSG.roleRequired });
export const experience = z.enum(EXPERIENCE_OPTIONS, { error: MSG.experienceRequired });
export const availability = z.enum(AVAILABILITY_OPTIONS, { error: MSG.availabilityRequired });

export const skills = z
  .array(z.enum(SKILL_OPTIONS, { error: MSG.skillUnknown }), { error: MSG.skillUnknown })
  .refine((list) => new Set(list).size === list.length, MSG.skillDuplicate);

/** An image URL; the server additionally checks that it issued it. */
export const imageUrl = z.string().trim().max(500);

export const optionalTrimmed = (max: number, field: string) =>
  z
    .string()
    .trim()
    .max(max, MSG.textTooLong(field, max))
    .optional()
    .transform((value) => (value ? value : undefined));
