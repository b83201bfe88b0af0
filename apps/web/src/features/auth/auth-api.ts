import { MSG, type LoginInput, type RegisterData, type SelfUser } from "@vam/shared";
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
