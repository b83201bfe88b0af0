import { MSG, type LoginInput, type RegisterData } from "@vam/shared";
import { redirect, type ActionFunctionArgs } from "react-router";
import { ApiError } from "../../api/errors";
import { clearSession } from "../../api/session-storage";
import { jsonBody, type ActionResult } from "../../lib/actions";
import { MalformedLoginError, loginRequest, logoutRequest, registerRequest } from "./auth-api";
import { signIn } from "./session";

const refusal = (error: unknown, message: string): ActionResult => ({ ok: false, status: error instanceof ApiError ? error.status : 0, message });

function loginErrorMessage(error: unknown): string {
  if (error instanceof MalformedLoginError) return MSG.loginMalformed;
  if (error instanceof ApiError) {
    if (error.status === 400) return MSG.loginInvalid;
    if (error.serverMessage) return error.serverMessage;
  }
  return MSG.loginFailed;
}

/** /login's action: signs in; the root loader then reads the new session and the page moves on. */
export async function loginAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  try {
    const { user, token } = await loginRequest(await jsonBody<LoginInput>(request));
    signIn(user, token);
    return { ok: true, data: null };
  } catch (error) {
    return refusal(error, loginErrorMessage(error));
  }
}

/** /register's action: creates the account, says so, and leads to /login. */
export async function registerAction({ request }: ActionFunctionArgs): Promise<ActionResult | Response> {
  try {
    await registerRequest(await jsonBody<RegisterData>(request));
  } catch (error) {
    return refusal(error, error instanceof ApiError && error.serverMessage ? error.serverMessage : MSG.registerFailed);
  }
  window.alert(MSG.registerSuccess);
  return redirect("/login");
}

/** The logout data route's action: ends the session on the server and here, whatever the server says. */
export async function logoutAction(): Promise<ActionResult> {
  try {
    await logoutRequest();
  } catch {
    // The session is dropped locally whatever the server says.
  }
  clearSession();
  return { ok: true, data: null };
}
