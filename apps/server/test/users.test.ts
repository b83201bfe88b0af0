import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, type UpdateUserInput } from "@vam/shared";
import { signUp, startTestServer, type TestServer } from "./helpers/server.js";
import { pngOf, uploadImage } from "./helpers/images.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

type Account = Awaited<ReturnType<typeof signUp>>;
const changesOf = (account: Account, override: Partial<UpdateUserInput> = {}): UpdateUserInput => ({
  username: account.user.username,
  email: account.user.email,
  firstName: account.user.firstName,
  lastName: account.user.lastName,
  skills: account.user.skills as UpdateUserInput["skills"],
  location: account.user.location,
  experience: account.user.experience as UpdateUserInput["experience"],
  availability: account.user.availability as UpdateUserInput["availability"],
  role: account.user.role,
  ...override,
});
const update = (account: Account, body: unknown, id = account.user.id) => server.api("PUT", `/api/users/${id}`, { token: account.token, body });

describe("PUT /users/{id}", () => {
  it("updates one's own account and answers the new user", async () => {
    const me = await signUp(server);
    const { status, body } = await update(me, changesOf(me, { firstName: "Maria", location: "Cebu City", skills: ["AI", "SEO"], bio: "Hello po!" }));
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ firstName: "Maria", location: "Cebu City", skills: ["AI", "SEO"], bio: "Hello po!" });
    const verify = await server.api("GET", "/api/users/verify", { token: me.token });
    expect(verify.body.user.firstName).toBe("Maria");
  });

  it("refuses to change another user's account", async () => {
    const me = await signUp(server);
    const other = await signUp(server);
    const { status, body } = await update(me, changesOf(other, { firstName: "Hacked" }), other.user.id);
    expect(status).toBe(403);
    expect(body.message).toBe(MSG.forbiddenOtherUser);
    const verify = await server.api("GET", "/api/users/verify", { token: other.token });
    expect(verify.body.user.firstName).toBe(other.user.firstName);
  });

  it("requires a session", async () => {
    const me = await signUp(server);
    const response = await server.api("PUT", `/api/users/${me.user.id}`, { body: changesOf(me) });
    expect(response.status).toBe(401);
  });

  it("refuses a role change and keeps the role", async () => {
    const me = await signUp(server, { role: "Boss" });
    const { status, body } = await update(me, changesOf(me, { role: "Assistant" }));
    expect(status).toBe(400);
    expect(body.message).toBe(MSG.roleReadOnly);
    const verify = await server.api("GET", "/api/users/verify", { token: me.token });
    expect(verify.body.user.role).toBe("Boss");
  });

  it("keeps an Assistant's rate at 1250 and refuses another", async () => {
    const assistant = await signUp(server, { role: "Assistant" });
    const refused = await update(assistant, changesOf(assistant, { salaryRate: 3000 }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MSG.assistantRateFixed);
    const kept = await update(assistant, changesOf(assistant, { salaryRate: 1250 }));
    expect(kept.body.user.salaryRate).toBe(1250);
    const boss = await signUp(server, { role: "Boss" });
    const bossUpdate = await update(boss, changesOf(boss, { salaryRate: 999 }));
    expect(bossUpdate.body.user.salaryRate).toBeNull();
  });

  it("requires username and email, with the shared messages", async () => {
    const me = await signUp(server);
    expect((await update(me, changesOf(me, { username: "" }))).body.message).toBe(MSG.usernameRequired);
    expect((await update(me, changesOf(me, { email: "" }))).body.message).toBe(MSG.emailRequired);
    expect((await update(me, changesOf(me, { username: "no spaces" }))).body.message).toBe(MSG.usernameChars);
  });

  it("answers 409 when the new username or email belongs to someone else", async () => {
    const me = await signUp(server);
    const other = await signUp(server);
    const name = await update(me, changesOf(me, { username: other.user.username }));
    expect(name.status).toBe(409);
    expect(name.body.message).toBe(MSG.usernameTaken);
    const mail = await update(me, changesOf(me, { email: other.user.email }));
    expect(mail.status).toBe(409);
    expect(mail.body.message).toBe(MSG.emailTaken);
    expect((await update(me, changesOf(me))).status).toBe(200);
  });

  it("accepts only avatars this server issued", async () => {
    const me = await signUp(server);
    const foreign = await update(me, changesOf(me, { avatar: "https://elsewhere.example/me.png" }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(MSG.avatarNotIssued);

    const issued = await uploadImage(server, { file: await pngOf(64, 64), name: "me.png", folder: "avatars", token: me.token });
    const accepted = await update(me, changesOf(me, { avatar: issued.body.imageUrl }));
    expect(accepted.status).toBe(200);
    expect(accepted.body.user.avatar).toBe(issued.body.imageUrl);
  });

  it("never shows another user's email or password hash", async () => {
    const me = await signUp(server);
    const { body } = await update(me, changesOf(me));
    expect(Object.keys(body.user)).not.toContain("passwordHash");
    expect(JSON.stringify(body)).not.toMatch(/argon2/);
  });
});
