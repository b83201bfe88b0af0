import { z } from "zod";
import { ACCOUNT_ROLES } from "../constants.js";
import { MSG } from "../messages.js";
import * as f from "./fields.js";

export const updateUserSchema = z.object({
  username: f.username,
  email: f.email,
  firstName: f.requiredText(MSG.firstNameRequired, 50, "First name"),
  lastName: f.requiredText(MSG.lastNameRequired, 50, "Last name"),
  skills: f.skills.default([]),
  location: f.requiredText(MSG.locationRequired, 120, "Address"),
  experience: f.experience,
  availability: f.availability,
  /** Read-only: present so that the server can refuse a change with a clear message. */
  role: z.enum(ACCOUNT_ROLES, { error: MSG.roleRequired }).optional(),
  salaryRate: z.number().nullable().optional(),
  avatar: f.imageUrl.nullable().optional(),
  bio: f.multiLineText().max(2000, MSG.textTooLong("About", 2000)).optional(),
});
export type UpdateUserInput = z.input<typeof updateUserSchema>;
export type UpdateUserData = z.output<typeof updateUserSchema>;
