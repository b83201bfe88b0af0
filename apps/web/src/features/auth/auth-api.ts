import { MSG, type ForgotPasswordInput, type LoginInput, type RegisterData, type ResetPasswordInput, type SelfUser } from "@vam/shared";
import { api } from "../../api/client";

export async function loginRequest(credentials: LoginInput): Promise<{ user: SelfUser; token: string }> {
  const data = await api.post<{ userInfo?: SelfUser; token?: string } | undefined>("/auth/login", credentials);
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
  return api.post("/auth/register", data);
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
