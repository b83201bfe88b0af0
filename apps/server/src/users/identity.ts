import { MSG } from "@vam/shared";
import type { Db } from "../db/client.js";
import { conflict, rethrowViolation } from "../http/errors.js";
import { findTakenIdentity } from "./queries.js";

/** 409 when the username or email belongs to another account. */
export async function assertIdentityFree(db: Db, username: string, email: string, exceptId?: string) {
  const taken = await findTakenIdentity(db, username, email, exceptId);
  if (taken.username) throw conflict(MSG.usernameTaken, "username");
  if (taken.email) throw conflict(MSG.emailTaken, "email");
}

/** The unique indexes behind a taken username or email. */
export const USERNAME_TAKEN = {
  kind: "unique",
  constraint: "users_username_lower_idx",
  answer: () => conflict(MSG.usernameTaken, "username"),
} as const;
export const EMAIL_TAKEN = { kind: "unique", constraint: "users_email_idx", answer: () => conflict(MSG.emailTaken, "email") } as const;

/** The same answer when two requests race past `assertIdentityFree` and the unique index decides. */
export const rethrowIdentityConflict = rethrowViolation(USERNAME_TAKEN, EMAIL_TAKEN);
