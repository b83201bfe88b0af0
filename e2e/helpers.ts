import sharp from "sharp";
import type { RegisterInput } from "@vam/shared";
import type { E2E } from "./harness.js";

/** Registers an account straight through the API, for tests that need someone to exist already. */
export async function registerViaApi(e2e: E2E, input: Partial<RegisterInput> & { username: string }) {
  const body: RegisterInput = {
    firstName: "Liza",
    lastName: "Mercado",
    email: `${input.username}@example.ph`,
    password: "secret123",
    role: "Sharer",
    location: "Quezon City",
    skills: [],
    experience: "1-3 years",
    availability: "Part-time",
    ...input,
  };
  const response = await fetch(`${e2e.baseUrl}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`register failed: ${await response.text()}`);
  return (await response.json()).user as { id: string; referralCode: string };
}

export const avatarPng = () =>
  sharp({ create: { width: 96, height: 96, channels: 3, background: { r: 234, g: 88, b: 12 } } }).png().toBuffer();
