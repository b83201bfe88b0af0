import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@vam/shared";
import { UNSET_PASSWORD, verifyPassword } from "../src/auth/passwords.js";
import { sessions, users } from "../src/db/schema.js";
import { newUser, signUp, startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const register = (body: unknown) => server.api("POST", "/api/auth/register", { body });
const login = (username: string, password: string) => server.api("POST", "/api/auth/login", { body: { username, password } });

describe("registration", () => {
  it("creates the account, hashes the password with argon2id and never returns the hash", async () => {
    const input = newUser({ role: "Assistant", skills: ["Writing", "SEO"], salaryRate: 1250 });
    const { status, body } = await register(input);
    expect(status).toBe(201);
    expect(body.message).toBe(MSG.registerSuccess);
    expect(body.user).toMatchObject({ username: input.username, email: input.email, role: "Assistant", salaryRate: 1250 });
    expect(body.user.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(JSON.stringify(body)).not.toMatch(/password|argon2/i);

    expect(body.user).toMatchObject({ referralCount: 0, referralBookings: 0, emailVerified: false });

    const [row] = await server.database.db.select().from(users).where(eq(users.id, body.user.id));
    // OWASP's minimum for argon2id: 19 MiB, 2 passes, one lane (decision 0018).
    const [, params] = /^\$argon2id\$v=19\$([^$]+)\$/.exec(row!.passwordHash)!;
    expect(new Set(params!.split(","))).toEqual(new Set(["m=19456", "t=2", "p=1"]));
    // The stand-in a new row holds inside its transaction while the hash is computed opens nothing.
    expect(await verifyPassword(UNSET_PASSWORD, input.password)).toBe(false);
    expect(await verifyPassword(UNSET_PASSWORD, "")).toBe(false);
  });

  it("registers a burst of accounts at once, each with its own password hashed and stored", async () => {
    // More at once than argon2 has threads: on PostgreSQL the first rows are written during their
    // hash, the rest after it (decision 0018); either way each account signs in with its password.
    const inputs = Array.from({ length: 12 }, () => newUser());
    const answers = await Promise.all(inputs.map((input) => register(input)));
    expect(answers.map(({ status }) => status)).toEqual(inputs.map(() => 201));
    const signIns = await Promise.all(inputs.map((input) => login(input.username, input.password)));
    expect(signIns.map(({ status }) => status)).toEqual(inputs.map(() => 200));
    const wrong = await login(inputs[0]!.username, `${inputs[0]!.password}x`);
    expect(wrong.status).toBe(400);
  });

  it("gives Boss and Sharer no rate and Assistants only the fixed 1250", async () => {
    const boss = await register(newUser({ role: "Boss", salaryRate: 5000 }));
    expect(boss.body.user.salaryRate).toBeNull();
    const sharer = await register(newUser({ role: "Sharer" }));
    expect(sharer.body.user.salaryRate).toBeNull();
    const assistant = await register(newUser({ role: "Assistant" }));
    expect(assistant.body.user.salaryRate).toBe(1250);
    const greedy = await register(newUser({ role: "Assistant", salaryRate: 2000 }));
    expect(greedy.status).toBe(400);
    expect(greedy.body.message).toBe(MSG.assistantRateFixed);
  });

  it.each([
    ["first name missing", { firstName: "  " }, MSG.firstNameRequired],
    ["last name missing", { lastName: "" }, MSG.lastNameRequired],
    ["username missing", { username: "" }, MSG.usernameRequired],
    ["username with a space", { username: "juan dela" }, MSG.usernameChars],
    ["username with a dash", { username: "juan-dela" }, MSG.usernameChars],
    ["email missing", { email: "" }, MSG.emailRequired],
    ["email malformed", { email: "juan@" }, MSG.emailInvalid],
    ["password of 7", { password: "1234567" }, MSG.passwordTooShort],
    ["password of 129", { password: "x".repeat(129) }, MSG.passwordTooLong],
    ["role missing", { role: undefined }, MSG.roleRequired],
    ["role unknown", { role: "Admin" }, MSG.roleRequired],
    ["address missing", { location: "" }, MSG.locationRequired],
    ["experience missing", { experience: undefined }, MSG.experienceRequired],
    ["availability unknown", { availability: "Sometimes" }, MSG.availabilityRequired],
    ["a skill twice", { skills: ["SEO", "SEO"] }, MSG.skillDuplicate],
    ["a skill not in the list", { skills: ["Juggling"] }, MSG.skillUnknown],
  ])("refuses %s with its message", async (_name, override, message) => {
    const { status, body } = await register({ ...newUser(), ...override });
    expect(status).toBe(400);
    expect(body.message).toBe(message);
  });

  it("accepts passwords of exactly 8 and 128 characters", async () => {
    expect((await register(newUser({ password: "kape1234" }))).status).toBe(201);
    expect((await register(newUser({ password: "k".repeat(64) + "1".repeat(64) }))).status).toBe(201);
  });

  it("answers 409 for a username taken in any letter case and for a taken email", async () => {
    const first = newUser();
    await register(first);
    const sameName = await register(newUser({ username: first.username.toUpperCase() }));
    expect(sameName.status).toBe(409);
    expect(sameName.body.message).toBe(MSG.usernameTaken);
    const sameEmail = await register(newUser({ email: first.email.toUpperCase() }));
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toBe(MSG.emailTaken);
  });

  it("gives exactly one of two simultaneous sign-ups with the same username", async () => {
    const username = newUser().username;
    const results = await Promise.all([register(newUser({ username })), register(newUser({ username }))]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it("links a referral code to its owner and notifies them", async () => {
    const referrer = await signUp(server, { role: "Sharer" });
    const { status, body } = await register(newUser({ referralCode: ` ${referrer.user.referralCode.toLowerCase()} ` }));
    expect(status).toBe(201);
    expect(body.user.referredBy).toBe(referrer.user.id);

    const count = await server.api("GET", "/api/users/notification", { token: referrer.token });
    expect(count.body).toEqual({ count: 1 });
    const verify = await server.api("GET", "/api/users/verify", { token: referrer.token });
    expect(verify.body.user.referralCount).toBe(1);
  });

  it("refuses an unknown referral code instead of ignoring it", async () => {
    const { status, body } = await register(newUser({ referralCode: "NOSUCH99" }));
    expect(status).toBe(400);
    expect(body.message).toBe(MSG.referralCodeUnknown);
  });

  it("refuses an avatar URL this server did not issue", async () => {
    const { status, body } = await register(newUser({ avatar: "https://evil.example/tracker.png" }));
    expect(status).toBe(400);
    expect(body.message).toBe(MSG.avatarNotIssued);
  });

  it("refuses a malformed body with a message", async () => {
    const response = await fetch(`${server.url}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(MSG.invalidJson);
  });
});

describe("login, verification and logout", () => {
  it("logs in with the username in any case and answers userInfo and token", async () => {
    const input = newUser();
    await register(input);
    const { status, body } = await login(input.username.toUpperCase(), input.password);
    expect(status).toBe(200);
    expect(body.token).toEqual(expect.any(String));
    expect(body.userInfo.username).toBe(input.username);
    expect(JSON.stringify(body)).not.toMatch(/argon2|passwordHash/);
  });

  it("answers 400 with the spec's text for a wrong password or an unknown user", async () => {
    const input = newUser();
    await register(input);
    for (const attempt of [login(input.username, "wrong-pass"), login("nobody_here", "whatever1")]) {
      const { status, body } = await attempt;
      expect(status).toBe(400);
      expect(body.message).toBe(MSG.loginInvalid);
    }
  });

  it("still signs in an account whose password was hashed by the former library (node-argon2)", async () => {
    const input = newUser();
    const { body } = await register(input);
    // "Old-Passw0rd!" as `argon2` 0.45 hashed it, with the same parameters, before decision 0018.
    const formerHash = "$argon2id$v=19$m=19456,p=1,t=2$YlkdSQGZn1PebOtG1ob/2Q$hPLInW+o1ksZXN299Vz1J+lV0T1F4TCtnZRU96HNy6A";
    await server.database.db.update(users).set({ passwordHash: formerHash }).where(eq(users.id, body.user.id));
    expect((await login(input.username, "Old-Passw0rd!")).status).toBe(200);
    expect((await login(input.username, input.password)).body.message).toBe(MSG.loginInvalid);
  });

  it("requires username and password", async () => {
    expect((await login("", "x")).body.message).toBe(MSG.usernameRequired);
    expect((await login("someone", "")).body.message).toBe(MSG.passwordRequired);
  });

  it("verifies a live session and refuses requests without one", async () => {
    const { token, user } = await signUp(server);
    const ok = await server.api("GET", "/api/users/verify", { token });
    expect(ok.status).toBe(200);
    expect(ok.body.user.id).toBe(user.id);
    expect((await server.api("GET", "/api/users/verify")).status).toBe(401);
    expect((await server.api("GET", "/api/users/verify", { token: "made-up-token" })).status).toBe(401);
  });

  it("ends the session on the server at logout", async () => {
    const { token } = await signUp(server);
    expect((await server.api("POST", "/api/auth/logout", { token })).status).toBe(200);
    const after = await server.api("GET", "/api/users/verify", { token });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(MSG.sessionExpired);
  });

  it("keeps other sessions of the same user alive at logout", async () => {
    const { token, input } = await signUp(server);
    const second = await login(input.username, input.password);
    await server.api("POST", "/api/auth/logout", { token });
    expect((await server.api("GET", "/api/users/verify", { token: second.body.token })).status).toBe(200);
  });

  it("refuses an expired session", async () => {
    const { token, user } = await signUp(server);
    await server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const { status, body } = await server.api("GET", "/api/users/verify", { token });
    expect(status).toBe(401);
    expect(body.message).toBe(MSG.sessionExpired);
  });

  it("gives sessions the configured lifetime", async () => {
    const { user } = await signUp(server);
    const [session] = await server.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const lifetime = session!.expiresAt.getTime() - session!.createdAt.getTime();
    expect(Math.abs(lifetime - server.config.sessionTtlMs)).toBeLessThan(5000);
  });
});

describe("rate limiting", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: "3" });
  });
  afterAll(() => limited?.close());

  it("answers 429 with a message after too many login attempts from one address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await limited.api("POST", "/api/auth/login", { body: { username: "x", password: "y" } })).status);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
    const blocked = await limited.api("POST", "/api/auth/login", { body: { username: "x", password: "y" } });
    expect(blocked.body.message).toBe(MSG.tooManyAttempts);
  });

  it("limits registration per address too", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await limited.api("POST", "/api/auth/register", { body: newUser() })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});
