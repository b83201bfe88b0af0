import type { SelfUser } from "@vam/shared";
import { api } from "../../api/client";

/**
 * The one request of the first page load (the session's check), apart from the rest of the auth
 * feature's requests: those, and the messages they need, load with the login and register pages.
 */
export async function verifySession(): Promise<SelfUser> {
  const { user } = await api.get<{ user: SelfUser }>("/users/verify");
  return user;
}
