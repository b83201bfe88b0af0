import { MSG, type ForgotPasswordInput, type LoginInput, type RegisterData, type ResetPasswordInput } from "@vam/shared";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { ApiError } from "../../api/errors";
import { reportUnauthorized } from "../../api/session-events";
import { clearSession, readToken } from "../../api/session-storage";
import { attempt, jsonBody, type ActionResult } from "../../lib/actions";
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
  try {
    const { user, token } = await loginRequest(await jsonBody<LoginInput>(request));
    signIn(user, token);
    return { ok: true, data: null };
  } catch (error) {
    return refusal(error, loginErrorMessage(error));
  }
}

/** /register's action: creates the account; answers what /login, where the page then leads, says about it. */
export async function registerAction({ request }: ActionFunctionArgs): Promise<ActionResult<string>> {
  try {
    await registerRequest(await jsonBody<RegisterData>(request));
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
export function forgotPasswordAction({ request }: ActionFunctionArgs): Promise<ActionResult<string>> {
  return attempt(async () => forgotPasswordRequest(await jsonBody<ForgotPasswordInput>(request)), MSG.serverError);
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
  const result = await attempt(async () => resetPasswordRequest(await jsonBody<ResetPasswordInput>(request)), MSG.serverError);
  if (result.ok && readToken()) reportUnauthorized();
  return result;
}
