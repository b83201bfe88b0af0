import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, type SelfUser } from "@vam/shared";
import { users } from "../src/db/schema.js";
import { newUser, signUp, startTestServer, type TestServer } from "./helpers/server.js";

/** decisions.md, "Time zones": each person's own zone, from the browser at registration or first sign-in, changed in Settings. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const storedZone = async (id: string) => (await server.database.db.select({ zone: users.timeZone }).from(users).where(eq(users.id, id)))[0]?.zone;
const login = (username: string, password: string, timeZone?: unknown) =>
  server.api<{ token: string; userInfo: SelfUser }>("POST", "/api/auth/login", {
    body: { username, password, ...(timeZone !== undefined && { timeZone }) },
  });
const setZone = (token: string | undefined, timeZone: unknown) =>
  server.api<{ user: SelfUser; message: string }>("PUT", "/api/account/time-zone", { token, body: { timeZone } });
const signedInUser = async (token: string) => (await server.api<{ user: SelfUser }>("GET", "/api/users/verify", { token })).body.user;

/** Refused time zones: not in the database, an offset, empty, too long, not a string. */
const BAD_ZONES: [string, unknown][] = [
  ["an unknown zone", "Mars/Olympus"],
  ["an offset", "+08:00"],
  ["an empty string", ""],
  ["a 200-character string", `America/${"x".repeat(192)}`],
  ["a number", 8],
];

describe("registration", () => {
  it("keeps the browser's time zone and answers it on the new account", async () => {
    const input = newUser({ timeZone: "America/Los_Angeles" });
    const registered = await server.api<{ user: SelfUser }>("POST", "/api/auth/register", { body: input });
    expect(registered.status).toBe(201);
    expect(registered.body.user.timeZone).toBe("America/Los_Angeles");
    expect(await storedZone(registered.body.user.id)).toBe("America/Los_Angeles");
  });

  it("keeps none when the browser sent none", async () => {
    const registered = await server.api<{ user: SelfUser }>("POST", "/api/auth/register", { body: newUser() });
    expect(registered.status).toBe(201);
    expect(registered.body.user.timeZone).toBeNull();
    expect(await storedZone(registered.body.user.id)).toBeNull();
  });

  it.each(BAD_ZONES)("refuses %s with a clear 400 and creates no account", async (_name, timeZone) => {
    const input = newUser();
    const refused = await server.api("POST", "/api/auth/register", { body: { ...input, timeZone } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MSG.timeZoneInvalid);
    expect(refused.body.field).toBe("timeZone");
    const [row] = await server.database.db.select().from(users).where(eq(users.username, input.username));
    expect(row).toBeUndefined();
  });
});

describe("signing in", () => {
  it("gives an account with no zone the browser's, and answers it", async () => {
    const { user, input } = await signUp(server);
    expect(user.timeZone).toBeNull();
    const signedIn = await login(input.username, input.password, "Asia/Kolkata");
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.userInfo.timeZone).toBe("Asia/Kolkata");
    expect(await storedZone(user.id)).toBe("Asia/Kolkata");
  });

  it("never replaces a zone the account already has", async () => {
    const { user, input } = await signUp(server, { timeZone: "Europe/London" });
    const signedIn = await login(input.username, input.password, "America/New_York");
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.userInfo.timeZone).toBe("Europe/London");
    expect(await storedZone(user.id)).toBe("Europe/London");
  });

  it("keeps the account's zone when the sign-in sends none", async () => {
    const { user, input } = await signUp(server, { timeZone: "Australia/Sydney" });
    const signedIn = await login(input.username, input.password);
    expect(signedIn.body.userInfo.timeZone).toBe("Australia/Sydney");
    expect(await storedZone(user.id)).toBe("Australia/Sydney");
  });

  it.each(BAD_ZONES)("refuses %s with a clear 400, before the password is checked", async (_name, timeZone) => {
    const { user, input } = await signUp(server);
    const refused = await login(input.username, input.password, timeZone);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: MSG.timeZoneInvalid, field: "timeZone" });
    expect(await storedZone(user.id)).toBeNull();
  });
});

describe("PUT /api/account/time-zone", () => {
  it.each(["America/Los_Angeles", "Asia/Kolkata"])("keeps %s and the session's user has it at once", async (zone) => {
    const { token, user } = await signUp(server, { timeZone: "Asia/Manila" });
    const saved = await setZone(token, zone);
    expect(saved.status).toBe(200);
    expect(saved.body.user).toMatchObject({ id: user.id, timeZone: zone });
    expect(saved.body.message).toContain(zone);
    expect(await storedZone(user.id)).toBe(zone);
    expect((await signedInUser(token)).timeZone).toBe(zone);
  });

  it("replaces the zone registration kept, and a later sign-in leaves the choice alone", async () => {
    const { token, user, input } = await signUp(server, { timeZone: "America/Chicago" });
    expect((await setZone(token, "Asia/Tokyo")).status).toBe(200);
    const signedIn = await login(input.username, input.password, "America/Chicago");
    expect(signedIn.body.userInfo.timeZone).toBe("Asia/Tokyo");
    expect(await storedZone(user.id)).toBe("Asia/Tokyo");
  });

  it("keeps a zone spelled in any case as the time zone database spells it", async () => {
    const { token } = await signUp(server);
    const saved = await setZone(token, " asia/manila ");
    expect(saved.status).toBe(200);
    expect(saved.body.user.timeZone).toBe("Asia/Manila");
  });

  it.each(BAD_ZONES)("refuses %s with a clear 400 and keeps the zone it had", async (_name, timeZone) => {
    const { token, user } = await signUp(server, { timeZone: "Europe/Paris" });
    const refused = await setZone(token, timeZone);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: MSG.timeZoneInvalid, field: "timeZone" });
    expect(await storedZone(user.id)).toBe("Europe/Paris");
  });

  it("refuses a body without a zone", async () => {
    const { token } = await signUp(server);
    const refused = await server.api("PUT", "/api/account/time-zone", { token, body: {} });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MSG.timeZoneInvalid);
  });

  it("answers 401 to someone not signed in", async () => {
    const refused = await setZone(undefined, "America/Los_Angeles");
    expect(refused.status).toBe(401);
    expect(typeof refused.body.message).toBe("string");
  });
});

describe("privacy", () => {
  it("puts the zone in the data download", async () => {
    const { token } = await signUp(server, { timeZone: "America/Denver" });
    const exported = await server.api("GET", "/api/account/export", { token });
    expect(exported.status).toBe(200);
    expect(exported.body.account.timeZone).toBe("America/Denver");
  });

  it("forgets the zone when the account is deleted", async () => {
    const { token, user, input } = await signUp(server, { timeZone: "America/Denver" });
    const deleted = await server.api("POST", "/api/account/delete", { token, body: { password: input.password } });
    expect(deleted.status).toBe(200);
    expect(await storedZone(user.id)).toBeNull();
  });
});
