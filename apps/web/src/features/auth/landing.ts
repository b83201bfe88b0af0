import { OPERATOR_ROLE, type SelfUser } from "@vam/shared";
import { NEXT_PARAM, SIGNED_IN_HOME } from "./auth-context";

/**
 * The destination /login was given (`?next=`), if it is a path of this site: it starts with "/",
 * and not with "//" or "/\" (which browsers read as another host). Anything else is ignored.
 */
export function safeNext(search: URLSearchParams): string | null {
  const next = search.get(NEXT_PARAM);
  if (!next || !/^\/(?![/\\])/.test(next)) return null;
  // Whatever the browser makes of it, it must stay on this origin.
  const url = new URL(next, window.location.origin);
  return url.origin === window.location.origin ? url.pathname + url.search + url.hash : null;
}

/** Where a signed-in user on /login or /register is sent: the page they were going to, else operators to the console and others to the list. */
export function landingAfterLogin(user: SelfUser, search: URLSearchParams): string {
  return safeNext(search) ?? (user.role === OPERATOR_ROLE ? "/admin" : SIGNED_IN_HOME);
}
