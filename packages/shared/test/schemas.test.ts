import { describe, expect, it } from "vitest";
import { formatPeso, loginSchema, MSG, registerSchema, updateUserSchema } from "../src/index.js";

const valid = {
  firstName: " Ana ",
  lastName: "Cruz",
  username: "ana_cruz",
  email: " Ana@Example.PH ",
  password: "secret123",
  role: "Assistant",
  location: "Davao City",
  skills: ["AI"],
  experience: "Entry level",
  availability: "Contract",
};

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error!.issues[0]!.message;

describe("shared rules", () => {
  it("formats pesos in the Philippine locale", () => {
    expect(formatPeso(1250)).toBe("₱1,250");
    expect(formatPeso(10000)).toBe("₱10,000");
  });

  it("normalises registration input: trimmed names, lower-case email, optional referral code", () => {
    const data = registerSchema.parse({ ...valid, referralCode: "  " });
    expect(data).toMatchObject({ firstName: "Ana", email: "ana@example.ph", referralCode: undefined });
    expect(registerSchema.parse({ ...valid, referralCode: " ab12 " }).referralCode).toBe("ab12");
  });

  it("bounds passwords to 8..14 characters", () => {
    expect(firstMessage(registerSchema.safeParse({ ...valid, password: "a".repeat(7) }))).toBe(MSG.passwordTooShort);
    expect(registerSchema.safeParse({ ...valid, password: "a".repeat(8) }).success).toBe(true);
    expect(registerSchema.safeParse({ ...valid, password: "a".repeat(14) }).success).toBe(true);
    expect(firstMessage(registerSchema.safeParse({ ...valid, password: "a".repeat(15) }))).toBe(MSG.passwordTooLong);
  });

  it("allows only letters, digits and underscores in usernames", () => {
    for (const name of ["ana.cruz", "ana cruz", "ana-cruz", "ánä"]) {
      expect(firstMessage(registerSchema.safeParse({ ...valid, username: name }))).toBe(MSG.usernameChars);
    }
    expect(registerSchema.safeParse({ ...valid, username: "Ana_Cruz_2" }).success).toBe(true);
  });

  it("requires username and password at login, and username and email at update", () => {
    expect(firstMessage(loginSchema.safeParse({ username: " ", password: "x" }))).toBe(MSG.usernameRequired);
    expect(firstMessage(loginSchema.safeParse({ username: "ana" }))).toBe(MSG.passwordRequired);
    expect(firstMessage(updateUserSchema.safeParse({ ...valid, email: "" }))).toBe(MSG.emailRequired);
  });
});
