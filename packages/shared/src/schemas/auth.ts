import { z } from "zod";
import { MSG } from "../messages.js";
import * as f from "./fields.js";

export const registerSchema = z.object({
  firstName: f.requiredText(MSG.firstNameRequired, 50, "First name"),
  lastName: f.requiredText(MSG.lastNameRequired, 50, "Last name"),
  username: f.username,
  email: f.email,
  password: f.password,
  role: f.role,
  location: f.requiredText(MSG.locationRequired, 120, "Address"),
  skills: f.skills.default([]),
  experience: f.experience,
  availability: f.availability,
  avatar: f.imageUrl.optional().transform((value) => (value ? value : undefined)),
  referralCode: f.optionalTrimmed(32, "Referral code"),
  /** Accepted for compatibility with the spec's client; the server decides the rate. */
  salaryRate: z.number().optional(),
  /** The browser's time zone (decisions.md, "Time zones"); absent: not known yet (Manila's clock alone is shown). */
  timeZone: f.timeZone.optional(),
});
export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterData = z.output<typeof registerSchema>;

export const loginSchema = z.object({
  username: f.singleLineText({ error: MSG.usernameRequired }).min(1, MSG.usernameRequired).max(100, MSG.loginInvalid),
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(200),
  /** The browser's time zone: kept for an account that has none yet (its first sign-in since zones). */
  timeZone: f.timeZone.optional(),
});
export type LoginInput = z.input<typeof loginSchema>;
