import { MSG, forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from "@vam/shared";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { ApiError } from "../../api/errors";
import { reportUnauthorized } from "../../api/session-events";
import { clearSession, readToken } from "../../api/session-storage";
import { attempt, type ActionResult } from "../../lib/actions";
import { jsonBody } from "../../lib/json-body";
import type { Result } from "../../lib/result";
import {
  MalformedLoginError,
  checkResetToken,
  forgotPasswordRequest,
  loginRequest,
  logoutRequest,
  registerRequest,
  resetPasswordRequest,
} from "./auth-api";
import { signIn } from "./session";

const refusal = (error: unknown, message: string): ActionResult<never> => ({
  ok: false,
  status: error instanceof ApiError ? error.status : 0,
  message,
});

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
  const body = await jsonBody(request, loginSchema);
  // Worded as the server's 400 to these credentials is.
  if (!body.ok) return { ok: false, status: body.status, message: MSG.loginInvalid };
  try {
    const { user, token } = await loginRequest(body.data);
    signIn(user, token);
    return { ok: true, data: null };
  } catch (error) {
    return refusal(error, loginErrorMessage(error));
  }
}

/** /register's action: creates the account; answers what /login, where the page then leads, says about it. */
export async function registerAction({ request }: ActionFunctionArgs): Promise<ActionResult<string>> {
  const body = await jsonBody(request, registerSchema);
  if (!body.ok) return body;
  try {
    await registerRequest(body.data);
  } catch (error) {
    return refusal(error, error instanceof ApiError && error.serverMessage ? error.serverMessage : MSG.registerFailed);
  }
  return { ok: true, data: MSG.registerSuccess };
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

/** /forgot-password's action: asks for a reset link; answers the server's words (the same whether or not the address is known). */
export async function forgotPasswordAction({ request }: ActionFunctionArgs): Promise<ActionResult<string>> {
  const body = await jsonBody(request, forgotPasswordSchema);
  if (!body.ok) return body;
  return attempt(() => forgotPasswordRequest(body.data), MSG.serverError);
}

/** /reset-password's loader: whether the emailed link can still be used (else the server's reason: invalid, expired, used). */
export async function resetPasswordLoader({ request }: LoaderFunctionArgs): Promise<Result> {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!token) return { ok: false, status: 400, message: MSG.resetTokenInvalid };
  return attempt(async () => {
    await checkResetToken(token);
    return null;
  }, MSG.serverError);
}

/**
 * /reset-password's action: sets the new password. The server ends every session of the account,
 * so a session stored in this browser is dropped too; the page then leads to /login.
 */
export async function resetPasswordAction({ request }: ActionFunctionArgs): Promise<ActionResult<string>> {
  const body = await jsonBody(request, resetPasswordSchema);
  if (!body.ok) return body;
  const result = await attempt(() => resetPasswordRequest(body.data), MSG.serverError);
  if (result.ok && readToken()) reportUnauthorized();
  return result;
}
