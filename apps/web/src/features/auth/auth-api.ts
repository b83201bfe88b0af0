import { MSG, type ForgotPasswordInput, type LoginInput, type RegisterData, type ResetPasswordInput, type SelfUser } from "@vam/shared";
import { api } from "../../api/client";
import { ApiError } from "../../api/errors";

/**
 * Sends `body`; should the server not know the browser's time zone (a zone newer than its time zone
 * database), sends it again without one: a zone is never what keeps someone from signing in or
 * registering (Settings can set one later).
 */
async function withZoneIfKnown<T>(body: { timeZone?: string }, send: (body: { timeZone?: string }) => Promise<T>): Promise<T> {
  try {
    return await send(body);
  } catch (error) {
    if (!body.timeZone || !(error instanceof ApiError) || error.status !== 400 || error.field !== "timeZone") throw error;
    const { timeZone: _unknown, ...without } = body;
    return send(without);
  }
}

export async function loginRequest(credentials: LoginInput): Promise<{ user: SelfUser; token: string }> {
  const data = await withZoneIfKnown(credentials, (body) => api.post<{ userInfo?: SelfUser; token?: string } | undefined>("/auth/login", body));
  if (!data?.userInfo || !data.token) throw new MalformedLoginError();
  return { user: data.userInfo, token: data.token };
}

export class MalformedLoginError extends Error {
  constructor() {
    super(MSG.loginMalformed);
    this.name = "MalformedLoginError";
  }
}

export function logoutRequest(): Promise<unknown> {
  return api.post("/auth/logout");
}

export function registerRequest(data: RegisterData): Promise<{ user: SelfUser; message: string }> {
  return withZoneIfKnown(data, (body) => api.post<{ user: SelfUser; message: string }>("/auth/register", body));
}

/** `POST /auth/forgot-password`: the same answer whether or not an account uses the address. */
export async function forgotPasswordRequest(input: ForgotPasswordInput): Promise<string> {
  return (await api.post<{ message: string }>("/auth/forgot-password", input)).message;
}

/** `GET /auth/reset-password/{token}`: resolves when the emailed link can still be used, else the server's reason. */
export async function checkResetToken(token: string): Promise<void> {
  await api.get(`/auth/reset-password/${encodeURIComponent(token)}`);
}

/** `POST /auth/reset-password`: sets the new password and ends every session of the account. */
export async function resetPasswordRequest(input: ResetPasswordInput): Promise<string> {
  return (await api.post<{ message: string }>("/auth/reset-password", input)).message;
}
