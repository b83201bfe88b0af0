import { describe, expect, it } from "vitest";
import {
  changePasswordSchema,
  formatPeso,
  loginSchema,
  MSG,
  profileCursorSchema,
  registerSchema,
  resetPasswordSchema,
  reviewCursorSchema,
  updateUserSchema,
} from "../src/index.js";
import { multiLineText, singleLineText } from "../src/schemas/fields.js";

const valid = {
  firstName: " Ana ",
  lastName: "Cruz",
  username: "ana_cruz",
  email: " Ana@Example.PH ",
  password: "kape-pandesal",
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

  it("bounds passwords to 8..128 characters, room for a passphrase", () => {
    expect(firstMessage(registerSchema.safeParse({ ...valid, password: "a".repeat(7) }))).toBe(MSG.passwordTooShort);
    expect(registerSchema.safeParse({ ...valid, password: "a".repeat(8) }).success).toBe(true);
    expect(registerSchema.safeParse({ ...valid, password: "a".repeat(128) }).success).toBe(true);
    expect(firstMessage(registerSchema.safeParse({ ...valid, password: "a".repeat(129) }))).toBe(MSG.passwordTooLong);
    expect(MSG.passwordTooLong).toBe("Password must be at most 128 characters");
    // The same field for a reset and a change.
    expect(resetPasswordSchema.safeParse({ token: "t0ken", password: "a".repeat(128) }).success).toBe(true);
    expect(firstMessage(resetPasswordSchema.safeParse({ token: "t0ken", password: "a".repeat(129) }))).toBe(MSG.passwordTooLong);
    expect(changePasswordSchema.safeParse({ currentPassword: "old-one-1", newPassword: "a".repeat(128) }).success).toBe(true);
    expect(firstMessage(changePasswordSchema.safeParse({ currentPassword: "old-one-1", newPassword: "a".repeat(129) }))).toBe(MSG.passwordTooLong);
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

describe("safe text", () => {
  it("refuses every control character on one line, and all but line breaks and tabs in multi-line text", () => {
    const line = singleLineText();
    const text = multiLineText();
    for (const bad of ["a\u0000b", "a\u0007b", "a\u001bb", "a\u007fb", "a\u0085b", "a\u009fb"]) {
      expect(firstMessage(line.safeParse(bad))).toBe(MSG.textControl);
      expect(firstMessage(text.safeParse(bad))).toBe(MSG.textControl);
    }
    for (const lineBreak of ["a\nb", "a\tb", "a\r\nb"]) {
      expect(firstMessage(line.safeParse(lineBreak))).toBe(MSG.textControl);
      expect(text.parse(lineBreak)).toBe(lineBreak);
    }
    expect(line.parse("  Señora Ñiño 😀  ")).toBe("Señora Ñiño 😀");
  });

  it("reads only the cursors the server writes: a real instant since 1970 and a real id", () => {
    const id = "0b5f3c1e-8a44-4c4e-9a43-0d2b3c4d5e6f";
    expect(profileCursorSchema.safeParse({ createdAt: "2025-03-01T08:00:00.000Z", id }).success).toBe(true);
    for (const createdAt of ["2025-02-29T00:00:00.000Z", "0000-01-01T00:00:00.000Z", "1", "2025-03-01"]) {
      expect(profileCursorSchema.safeParse({ createdAt, id }).success).toBe(false);
    }
    expect(profileCursorSchema.safeParse({ createdAt: "2025-03-01T08:00:00.000Z", id: "-".repeat(36) }).success).toBe(false);
    expect(reviewCursorSchema.safeParse({ publishedAt: "2025-03-01T08:00:00.000Z", id, extra: 1 }).success).toBe(false);
  });
});
