import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MSG } from "@vam/shared";
import { accountTokens, emailOutbox, users } from "../src/db/schema.js";
import { startMailbox, type Mailbox, type ReceivedMail } from "./helpers/mailbox.js";
import { atTime } from "./helpers/bookings.js";
import { newUser, signUp, startTestServer, type TestServer } from "./helpers/server.js";
import { connectSocket } from "./helpers/sockets.js";

let server: TestServer;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ SMTP_URL: mailbox.url, SMTP_FROM: "VA Marketplace <hello@va.test>", EMAIL_POLL_MS: "0" });
});
afterAll(async () => {
  await server?.close();
  await mailbox?.close();
});
beforeEach(() => {
  mailbox.refuse = false;
});

/** The token of a link to `page` in the message's plain text. */
function tokenOf(mail: ReceivedMail, page: string) {
  const link = mail.links.find((url) => new URL(url).pathname === page);
  expect(link, `a ${page} link in ${mail.text}`).toBeDefined();
  return new URL(link!).searchParams.get("token")!;
}

const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const safari =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

async function login(username: string, password: string, userAgent = chrome) {
  return server.api<{ token: string }>("POST", "/api/auth/login", { body: { username, password }, headers: { "user-agent": userAgent } });
}

describe("every email", () => {
  it("has a plain-text and an HTML part in the product's look, no remote image, and comes from SMTP_FROM", async () => {
    const input = newUser({ firstName: "Lorna" });
    expect((await server.api("POST", "/api/auth/register", { body: input })).status).toBe(201);
    const mail = await mailbox.waitFor((m) => m.to.includes(input.email));
    expect(mail.subject).toBe("Verify your email address");
    expect(mail.text).toContain("Hi Lorna,");
    expect(mail.html).toContain("VA Marketplace");
    expect(mail.html).toContain("#14b8a6");
    // No remote images (nor any image): nothing loads from elsewhere when the email is opened.
    expect(mail.html).not.toMatch(/<img|background-image|url\(/i);
    expect(mail.headers.get("from")).toMatchObject({ value: [{ address: "hello@va.test", name: "VA Marketplace" }] });
  });
});

describe("verified email", () => {
  it("is sent at registration; the link verifies the address once it is opened, within its time", async () => {
    const account = await signUp(server, { firstName: "Ana" });
    expect(account.user.emailVerified).toBe(false);
    const mail = await mailbox.waitFor((m) => m.to.includes(account.input.email));
    const token = tokenOf(mail, "/verify-email");

    expect((await server.api("POST", "/api/auth/verify-email", { body: { token: "nope" } })).body.message).toBe(MSG.verifyTokenInvalid);
    const verified = await server.api("POST", "/api/auth/verify-email", { body: { token } });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ message: MSG.emailVerified, email: account.input.email });
    // Opening it again says the same, and changes nothing.
    expect((await server.api("POST", "/api/auth/verify-email", { body: { token } })).status).toBe(200);
    const me = await server.api("GET", "/api/users/verify", { token: account.token });
    expect(me.body.user.emailVerified).toBe(true);
    // Nothing left to verify.
    const resend = await server.api("POST", "/api/account/verify-email/resend", { token: account.token });
    expect(resend.status).toBe(409);
    expect(resend.body.message).toBe(MSG.emailAlreadyVerified);
  });

  it("can be sent again; only the newest link works, and an expired one is refused", async () => {
    const account = await signUp(server);
    const first = tokenOf(await mailbox.waitFor((m) => m.to.includes(account.input.email)), "/verify-email");
    const resend = await server.api("POST", "/api/account/verify-email/resend", { token: account.token });
    expect(resend.body.message).toBe(MSG.verifyEmailSent(account.input.email));
    await mailbox.waitFor((m) => m.to.includes(account.input.email) && tokenOf(m, "/verify-email") !== first);
    const second = tokenOf(mailbox.to(account.input.email).at(-1)!, "/verify-email");
    expect((await server.api("POST", "/api/auth/verify-email", { body: { token: first } })).status).toBe(400);
    const later = new Date(Date.now() + 73 * 3600_000);
    const expired = await atTime(server, later, () => server.api("POST", "/api/auth/verify-email", { body: { token: second } }));
    expect(expired.body.message).toBe(MSG.verifyTokenExpired);
  });

  it("on an email change keeps the old address until the new one is verified", async () => {
    const account = await signUp(server);
    const newAddress = `new.${account.input.username}@example.ph`;
    const update = await server.api("PUT", `/api/users/${account.user.id}`, {
      token: account.token,
      body: { ...account.input, email: newAddress, password: undefined },
    });
    expect(update.status).toBe(200);
    expect(update.body.user).toMatchObject({ email: account.input.email, pendingEmail: newAddress });
    const mail = await mailbox.waitFor((m) => m.to.includes(newAddress));
    expect(mail.subject).toBe("Confirm your new email address");
    // A reset link still goes to the old address meanwhile.
    await server.api("POST", "/api/auth/forgot-password", { body: { email: newAddress } });
    await server.api("POST", "/api/auth/forgot-password", { body: { email: account.input.email } });
    await mailbox.waitFor((m) => m.to.includes(account.input.email) && m.subject.startsWith("Reset"));
    expect(mailbox.to(newAddress).filter((m) => m.subject.startsWith("Reset"))).toHaveLength(0);

    expect((await server.api("POST", "/api/auth/verify-email", { body: { token: tokenOf(mail, "/verify-email") } })).status).toBe(200);
    const me = await server.api("GET", "/api/users/verify", { token: account.token });
    expect(me.body.user).toMatchObject({ email: newAddress, pendingEmail: null, emailVerified: true });
  });

  it("refuses a new address that another account took meanwhile", async () => {
    const account = await signUp(server);
    const wanted = `wanted.${account.input.username}@example.ph`;
    await server.api("PUT", `/api/users/${account.user.id}`, { token: account.token, body: { ...account.input, email: wanted } });
    const mail = await mailbox.waitFor((m) => m.to.includes(wanted));
    await signUp(server, { email: wanted });
    const taken = await server.api("POST", "/api/auth/verify-email", { body: { token: tokenOf(mail, "/verify-email") } });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(MSG.emailTaken);
  });
});

describe("forgotten password", () => {
  it("answers the same whether or not the address has an account, and mails only a real one", async () => {
    const before = mailbox.received.length;
    const unknown = await server.api("POST", "/api/auth/forgot-password", { body: { email: "nobody.here@example.ph" } });
    expect(unknown).toMatchObject({ status: 200, body: { message: MSG.resetRequested } });
    const account = await signUp(server);
    const known = await server.api("POST", "/api/auth/forgot-password", { body: { email: account.input.email.toUpperCase() } });
    expect(known).toMatchObject({ status: 200, body: { message: MSG.resetRequested } });
    const mail = await mailbox.waitFor((m) => m.to.includes(account.input.email) && m.subject === "Reset your VA Marketplace password");
    expect(mail.text).toContain("works once, for 1 hour");
    expect(mailbox.received.slice(before).some((m) => m.to.includes("nobody.here@example.ph"))).toBe(false);
    // Only the hash is stored.
    const token = tokenOf(mail, "/reset-password");
    const rows = await server.database.db.select().from(accountTokens).where(eq(accountTokens.userId, account.user.id));
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
  });

  it("sets a new password once; every session of the account and its sockets end", async () => {
    const account = await signUp(server);
    const phone = (await login(account.input.username, account.input.password, safari)).body.token;
    const socket = await connectSocket(server.url, phone);
    const disconnected = new Promise<void>((resolve) => socket.on("disconnect", () => resolve()));
    await server.api("POST", "/api/auth/forgot-password", { body: { email: account.input.email } });
    const token = tokenOf(await mailbox.waitFor((m) => m.to.includes(account.input.email) && m.subject.startsWith("Reset")), "/reset-password");

    expect((await server.api("GET", `/api/auth/reset-password/${token}`)).status).toBe(200);
    const short = await server.api("POST", "/api/auth/reset-password", { body: { token, password: "short" } });
    expect(short).toMatchObject({ status: 400, body: { message: MSG.passwordTooShort } });
    const reset = await server.api("POST", "/api/auth/reset-password", { body: { token, password: "brandnew99" } });
    expect(reset).toMatchObject({ status: 200, body: { message: MSG.passwordResetDone } });
    await disconnected;
    for (const old of [account.token, phone]) expect((await server.api("GET", "/api/users/verify", { token: old })).status).toBe(401);
    expect((await login(account.input.username, account.input.password)).status).toBe(400);
    expect((await login(account.input.username, "brandnew99")).status).toBe(200);
    // The link reached the address, so the address is verified too.
    const [row] = await server.database.db.select().from(users).where(eq(users.id, account.user.id));
    expect(row!.emailVerifiedAt).not.toBeNull();

    const reused = await server.api("POST", "/api/auth/reset-password", { body: { token, password: "another123" } });
    expect(reused).toMatchObject({ status: 400, body: { message: MSG.resetTokenUsed } });
    expect((await server.api("GET", `/api/auth/reset-password/${token}`)).body.message).toBe(MSG.resetTokenUsed);
  });

  it("refuses an expired link and a wrong one; a newer link retires the older", async () => {
    const account = await signUp(server);
    await server.api("POST", "/api/auth/forgot-password", { body: { email: account.input.email } });
    const first = tokenOf(await mailbox.waitFor((m) => m.to.includes(account.input.email) && m.subject.startsWith("Reset")), "/reset-password");
    await server.api("POST", "/api/auth/forgot-password", { body: { email: account.input.email } });
    await mailbox.waitFor((m) => m.to.includes(account.input.email) && m.subject.startsWith("Reset") && tokenOf(m, "/reset-password") !== first);
    const second = tokenOf(
      mailbox
        .to(account.input.email)
        .filter((m) => m.subject.startsWith("Reset"))
        .at(-1)!,
      "/reset-password",
    );

    expect((await server.api("POST", "/api/auth/reset-password", { body: { token: first, password: "brandnew99" } })).body.message).toBe(
      MSG.resetTokenUsed,
    );
    const wrong = await server.api("POST", "/api/auth/reset-password", { body: { token: `${second.slice(0, -2)}xx`, password: "brandnew99" } });
    expect(wrong).toMatchObject({ status: 400, body: { message: MSG.resetTokenInvalid } });
    const expired = await atTime(server, new Date(Date.now() + 61 * 60_000), () =>
      server.api("POST", "/api/auth/reset-password", { body: { token: second, password: "brandnew99" } }),
    );
    expect(expired).toMatchObject({ status: 400, body: { message: MSG.resetTokenExpired } });
    expect((await login(account.input.username, account.input.password)).status).toBe(200);
  });

  it("mails an account at most 3 links an hour, answering the same", async () => {
    const account = await signUp(server);
    for (let i = 0; i < 5; i++) {
      expect((await server.api("POST", "/api/auth/forgot-password", { body: { email: account.input.email } })).body.message).toBe(MSG.resetRequested);
    }
    await server.app.emailQueue.idle();
    await server.app.emailQueue.drain();
    const queued = await server.database.db.select().from(emailOutbox).where(eq(emailOutbox.userId, account.user.id));
    expect(queued.filter((row) => row.kind === "reset")).toHaveLength(3);
  });

  it("is rate-limited per address", async () => {
    const limited = await startTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: "2" });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await limited.api("POST", "/api/auth/forgot-password", { body: { email: "someone@example.ph" } })).status);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("changing the password and signed-in devices", () => {
  it("lists the account's devices with browser and last seen; signs one out, or all others", async () => {
    const account = await signUp(server);
    const laptop = (await login(account.input.username, account.input.password, chrome)).body.token;
    const phone = (await login(account.input.username, account.input.password, safari)).body.token;
    const listed = await server.api("GET", "/api/account/sessions", { token: laptop });
    expect(listed.status).toBe(200);
    const sessions = listed.body.sessions as { id: string; browser: string; current: boolean; lastSeenAt: string }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.map((s) => s.browser)).toEqual(expect.arrayContaining(["Chrome 131 on Linux", "Safari 17 on iOS"]));
    expect(Number.isNaN(Date.parse(sessions[0]!.lastSeenAt))).toBe(false);

    const phoneSession = sessions.find((s) => s.browser === "Safari 17 on iOS")!;
    const other = await signUp(server);
    expect((await server.api("DELETE", `/api/account/sessions/${phoneSession.id}`, { token: other.token })).status).toBe(404);
    expect((await server.api("DELETE", `/api/account/sessions/${phoneSession.id}`, { token: laptop })).body.message).toBe(MSG.signedOutDevice);
    expect((await server.api("GET", "/api/users/verify", { token: phone })).status).toBe(401);

    const others = await server.api("POST", "/api/account/sessions/sign-out-others", { token: laptop });
    expect(others.body).toEqual({ message: MSG.signedOutOthers(1), count: 1 });
    expect((await server.api("GET", "/api/users/verify", { token: account.token })).status).toBe(401);
    expect((await server.api("GET", "/api/users/verify", { token: laptop })).status).toBe(200);
  });

  it("needs the current password; the other sessions end, this one stays", async () => {
    const account = await signUp(server);
    const phone = (await login(account.input.username, account.input.password, safari)).body.token;
    const wrong = await server.api("PUT", "/api/account/password", {
      token: account.token,
      body: { currentPassword: "not-it-123", newPassword: "fresh12345" },
    });
    expect(wrong).toMatchObject({ status: 400, body: { message: MSG.currentPasswordWrong, field: "currentPassword" } });
    const tooLong = await server.api("PUT", "/api/account/password", {
      token: account.token,
      body: { currentPassword: account.input.password, newPassword: "x".repeat(129) },
    });
    expect(tooLong).toMatchObject({ status: 400, body: { message: MSG.passwordTooLong } });
    const changed = await server.api("PUT", "/api/account/password", {
      token: account.token,
      body: { currentPassword: account.input.password, newPassword: "fresh12345" },
    });
    expect(changed).toMatchObject({ status: 200, body: { message: MSG.passwordChanged } });
    expect((await server.api("GET", "/api/users/verify", { token: phone })).status).toBe(401);
    expect((await server.api("GET", "/api/users/verify", { token: account.token })).status).toBe(200);
    expect((await login(account.input.username, "fresh12345")).status).toBe(200);
  });
});

describe("the email queue", () => {
  it("never fails the request when the mail server refuses, and retries with back-off until it takes the message", async () => {
    mailbox.refuse = true;
    const input = newUser();
    expect((await server.api("POST", "/api/auth/register", { body: input })).status).toBe(201);
    await server.app.emailQueue.idle();
    const [row] = await server.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, input.email));
    expect(row).toMatchObject({ sentAt: null, attempts: 1 });
    expect(row!.lastError).toMatch(/Mailbox unavailable/);
    // The next attempt waits (EMAIL_RETRY_SECONDS, doubled each time); a round now sends nothing.
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(await server.app.emailQueue.drain()).toBe(0);

    mailbox.refuse = false;
    await server.database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.id, row!.id));
    expect(await server.app.emailQueue.drain()).toBe(1);
    await mailbox.waitFor((m) => m.to.includes(input.email));
    const [sent] = await server.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id));
    expect(sent).toMatchObject({ attempts: 2, lastError: null });
    expect(sent!.sentAt).not.toBeNull();
    expect(mailbox.to(input.email)).toHaveLength(1);
  });
});
