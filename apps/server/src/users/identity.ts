import { MSG } from "@vam/shared";
import type { Db } from "../db/client.js";
import { conflict, pgError } from "../http/errors.js";
import { findTakenIdentity } from "./queries.js";

/** 409 when the username or email belongs to another account. */
export async function assertIdentityFree(db: Db, username: string, email: string, exceptId?: string) {
  const taken = await findTakenIdentity(db, username, email, exceptId);
  if (taken.username) throw conflict(MSG.usernameTaken, "username");
  if (taken.email) throw conflict(MSG.emailTaken, "email");
}

/** The same answer when two requests race past `assertIdentityFree` and the unique index decides. */
export function rethrowIdentityConflict(error: unknown): never {
  const pg = pgError(error);
  if (pg?.code === "23505" && pg.constraint === "users_username_lower_idx") throw conflict(MSG.usernameTaken, "username");
  if (pg?.code === "23505" && pg.constraint === "users_email_idx") throw conflict(MSG.emailTaken, "email");
  throw error;
}
