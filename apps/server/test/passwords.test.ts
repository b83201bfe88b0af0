import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@vam/shared";
import { issueToken } from "../src/account-tokens/tokens.js";
import { commonPasswordCount, isCommonPassword } from "../src/auth/common-passwords.js";
import { newUser, signUp, startTestServer, type TestServer } from "./helpers/server.js";

/**
 * Passwords (decisions.md, "Accounts: passwords"): 8 to 128 characters, and none from the list of
 * the most common leaked passwords, at registration, reset and change alike.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** In the list, in the letter case people type them. */
const COMMON = ["password123", "Qwertyuiop", "ILOVEYOU", "p@ssw0rd"];
const PASSPHRASE = "tahimik na ulan sa hapon"; // 24 characters, spaces and all
const LONGEST = "pasensya-".repeat(14) + "po"; // 128 characters
const TOO_LONG = `${LONGEST}!`;

const register = (password: string) => server.api("POST", "/api/auth/register", { body: newUser({ password }) });
const login = (username: string, password: string) => server.api("POST", "/api/auth/login", { body: { username, password } });

/** A new account's password reset with a fresh link (as emailed). */
async function resetWith(password: string) {
  const account = await signUp(server);
  const token = await issueToken(server.database.db, account.user.id, "reset", new Date(Date.now() + 3600_000));
  return { account, answer: await server.api("POST", "/api/auth/reset-password", { body: { token, password } }) };
}

describe("the list of common leaked passwords", () => {
  it("is shipped with a package: tens of thousands of passwords, compared in any letter case", () => {
    expect(commonPasswordCount()).toBeGreaterThan(40_000);
    for (const password of COMMON) expect(isCommonPassword(password)).toBe(true);
    for (const password of ["kape-pandesal", "demo1234", PASSPHRASE, LONGEST]) expect(isCommonPassword(password)).toBe(false);
  });
});

describe("registration", () => {
  it.each(COMMON)("refuses %s with 400 and the message, naming the field", async (password) => {
    const { status, body } = await register(password);
    expect(status).toBe(400);
    expect(body).toMatchObject({ message: MSG.passwordCommon, field: "password" });
  });

  it("refuses 129 characters, accepts 128 and a passphrase, which then sign in", async () => {
    const tooLong = await register(TOO_LONG);
    expect(tooLong).toMatchObject({ status: 400, body: { message: MSG.passwordTooLong } });
    for (const password of [LONGEST, PASSPHRASE]) {
      const input = newUser({ password });
      expect((await server.api("POST", "/api/auth/register", { body: input })).status).toBe(201);
      expect((await login(input.username, password)).status).toBe(200);
    }
  });
});

describe("password reset", () => {
  it("refuses a common password; the password stays and the link still works", async () => {
    const account = await signUp(server);
    const token = await issueToken(server.database.db, account.user.id, "reset", new Date(Date.now() + 3600_000));
    const refused = await server.api("POST", "/api/auth/reset-password", { body: { token, password: "password123" } });
    expect(refused).toMatchObject({ status: 400, body: { message: MSG.passwordCommon, field: "password" } });
    expect((await login(account.input.username, account.input.password)).status).toBe(200);
    expect((await server.api("POST", "/api/auth/reset-password", { body: { token, password: PASSPHRASE } })).status).toBe(200);
  });

  it("refuses 129 characters and accepts 128 and a passphrase", async () => {
    expect((await resetWith(TOO_LONG)).answer).toMatchObject({ status: 400, body: { message: MSG.passwordTooLong } });
    for (const password of [LONGEST, PASSPHRASE]) {
      const { account, answer } = await resetWith(password);
      expect(answer).toMatchObject({ status: 200, body: { message: MSG.passwordResetDone } });
      expect((await login(account.input.username, password)).status).toBe(200);
    }
  });
});

describe("password change", () => {
  const change = (token: string, currentPassword: string, newPassword: string) =>
    server.api("PUT", "/api/account/password", { token, body: { currentPassword, newPassword } });

  it("refuses a common password with 400 and the message at the new password", async () => {
    const account = await signUp(server);
    const answer = await change(account.token, account.input.password, "Qwertyuiop");
    expect(answer).toMatchObject({ status: 400, body: { message: MSG.passwordCommon, field: "newPassword" } });
    expect((await login(account.input.username, account.input.password)).status).toBe(200);
  });

  it("refuses 129 characters and accepts 128 and a passphrase", async () => {
    const account = await signUp(server);
    expect(await change(account.token, account.input.password, TOO_LONG)).toMatchObject({ status: 400, body: { message: MSG.passwordTooLong } });
    expect((await change(account.token, account.input.password, LONGEST)).status).toBe(200);
    expect((await change(account.token, LONGEST, PASSPHRASE)).status).toBe(200);
    expect((await login(account.input.username, PASSPHRASE)).status).toBe(200);
  });
});
