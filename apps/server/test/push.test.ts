import { createECDH, createPublicKey, verify } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUSH_MSG, type PushPayload } from "@vam/shared";
import { issueToken } from "../src/account-tokens/tokens.js";
import { pushOutbox, pushSubscriptions } from "../src/db/schema.js";
import { book, bookSeries, mondayIn, setStatus } from "./helpers/bookings.js";
import { decryptPush, newDeviceKeys, startPushService, subscriptionJson, type DeviceKeys, type PushServiceStandIn } from "./helpers/push-service.js";
import { signUp, signUpOperator, startTestServer, type TestServer } from "./helpers/server.js";
import { connectSocket, settle, type TestSocket } from "./helpers/sockets.js";

let server: TestServer;
let service: PushServiceStandIn;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  service = await startPushService();
  // Polling off: every push goes when it is queued (the queue is kicked), and the test waits for that round.
  server = await startTestServer({ EMAIL_POLL_MS: "0" });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
  await service?.close();
});

type Account = Awaited<ReturnType<typeof signUp>>;
let devices = 0;

/** A device of `account` that turned push on: its keys and its endpoint at the stand-in push service. */
async function subscribe(account: Account): Promise<{ keys: DeviceKeys; endpoint: string; path: string }> {
  const keys = newDeviceKeys();
  const path = `/push/device-${++devices}`;
  const endpoint = service.url + path;
  const answer = await server.api("POST", "/api/push/subscriptions", { token: account.token, body: subscriptionJson(endpoint, keys) });
  expect(answer.status).toBe(201);
  expect(answer.body.message).toBe(PUSH_MSG.subscribed);
  return { keys, endpoint, path };
}

/** Waits for the queue's current round, then answers what the device at `path` received. */
async function pushesTo(path: string) {
  await server.app.push.queue!.idle();
  return service.received.filter((push) => push.path === path);
}

const send = (from: Account, to: Account, message: string) =>
  server.api<{ chatId: string }>("POST", "/api/messages/send", { token: from.token, body: { recipientId: to.user.id, message } });

const subscriptionsOf = async (userId: string) => server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

/** The RFC 8291 Appendix A example (https://www.rfc-editor.org/rfc/rfc8291#appendix-A). */
const RFC8291 = {
  plaintext: "When I grow up, I want to be a watermelon",
  uaPrivate: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
  uaPublic: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  authSecret: "BTBZMqHH6r4Tts7J_aSIgg",
  body:
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27ml" +
    "mlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPT" +
    "pK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
};

describe("the device's decryption (test helper)", () => {
  it("decrypts the RFC 8291 Appendix A example", () => {
    const keys: DeviceKeys = {
      privateKey: Buffer.from(RFC8291.uaPrivate, "base64url"),
      publicKey: Buffer.from(RFC8291.uaPublic, "base64url"),
      authSecret: Buffer.from(RFC8291.authSecret, "base64url"),
    };
    // The public key is the private key's.
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(keys.privateKey);
    expect(ecdh.getPublicKey().equals(keys.publicKey)).toBe(true);
    expect(decryptPush(Buffer.from(RFC8291.body, "base64url"), keys)).toBe(RFC8291.plaintext);
    // A changed byte fails the authentication tag.
    const tampered = Buffer.from(RFC8291.body, "base64url");
    tampered[tampered.length - 1]! ^= 1;
    expect(() => decryptPush(tampered, keys)).toThrow();
  });
});

describe("web push", () => {
  it("answers the server's VAPID public key", async () => {
    const answer = await server.api<{ publicKey: string }>("GET", "/api/push/key");
    expect(answer.status).toBe(200);
    const key = Buffer.from(answer.body.publicKey, "base64url");
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
  });

  it("pushes a new message to the recipient's device, encrypted for it (RFC 8291) and signed with VAPID", async () => {
    const boss = await signUp(server, { role: "Boss" });
    const assistant = await signUp(server, { role: "Assistant", firstName: "Maria" });
    const device = await subscribe(boss);
    const sent = await send(assistant, boss, "Magandang umaga po! I can start on Monday.");
    expect(sent.status).toBe(201);

    const [push, ...more] = await pushesTo(device.path);
    expect(more).toEqual([]);
    expect(push!.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    expect(push!.headers.urgency).toBe("high");
    const payload = JSON.parse(decryptPush(push!.body, device.keys)) as PushPayload;
    expect(payload).toMatchObject({
      title: "New message from Maria",
      body: "Magandang umaga po! I can start on Monday.",
      url: `/chat/${sent.body.chatId}`,
    });

    // VAPID (RFC 8292): "vapid t=<JWT>, k=<the server's public key>", the JWT signed with its private key for this push service.
    const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(push!.headers.authorization ?? "");
    expect(match).not.toBeNull();
    const [, jwt, k] = match!;
    expect(k).toBe((await server.api("GET", "/api/push/key")).body.publicKey);
    const [header, claims, signature] = jwt!.split(".");
    expect(JSON.parse(Buffer.from(header!, "base64url").toString())).toMatchObject({ typ: "JWT", alg: "ES256" });
    const body = JSON.parse(Buffer.from(claims!, "base64url").toString()) as { aud: string; exp: number; sub: string };
    expect(body.aud).toBe(service.url);
    expect(body.sub).toBe(server.config.vapidSubject);
    expect(body.exp * 1000).toBeGreaterThan(Date.now());
    const point = Buffer.from(k!, "base64url");
    const publicKey = createPublicKey({
      key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") },
      format: "jwk",
    });
    expect(
      verify("sha256", Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: "ieee-p1363" }, Buffer.from(signature!, "base64url")),
    ).toBe(true);

    // Delivered: the device's last success is kept, the outbox is empty.
    const [row] = await subscriptionsOf(boss.user.id);
    expect(row!.lastSuccessAt).not.toBeNull();
    expect(await server.database.db.select().from(pushOutbox).where(eq(pushOutbox.userId, boss.user.id))).toEqual([]);
  });

  it("pushes a booking change and a payment verified, with links to the booking", async () => {
    const client = await signUp(server, { role: "Boss", firstName: "Ramon" });
    const consultant = await signUp(server, { role: "Assistant", firstName: "Maria" });
    const operator = await signUpOperator(server);
    const consultantDevice = await subscribe(consultant);
    const clientDevice = await subscribe(client);

    const made = await book(server, client, { consultantId: consultant.user.id });
    expect(made.status).toBe(201);
    const bookingId = made.body.booking.id;
    const toConsultant = (await pushesTo(consultantDevice.path)).map(
      (push) => JSON.parse(decryptPush(push.body, consultantDevice.keys)) as PushPayload,
    );
    expect(toConsultant.map((payload) => payload.url)).toContain(`/bookings/${bookingId}`);

    const paid = await server.api("PUT", `/api/admin/payments/${bookingId}`, { token: operator.token, body: { status: "PAID" } });
    expect(paid.status).toBe(200);
    const toClient = (await pushesTo(clientDevice.path)).map((push) => JSON.parse(decryptPush(push.body, clientDevice.keys)) as PushPayload);
    expect(toClient).toContainEqual(expect.objectContaining({ title: "Payment received", url: `/bookings/${bookingId}` }));
  });

  it("makes one push of a booking event that also writes in the chat: a booking, its acceptance, a series accepted and cancelled", async () => {
    const client = await signUp(server, { role: "Boss", firstName: "Ramon" });
    const consultant = await signUp(server, { role: "Assistant", firstName: "Maria" });
    const consultantDevice = await subscribe(consultant);
    const clientDevice = await subscribe(client);
    const read = async (device: { path: string; keys: DeviceKeys }) =>
      (await pushesTo(device.path)).map((push) => JSON.parse(decryptPush(push.body, device.keys)) as PushPayload);
    /** What `device` received since it was last asked: each push's title and link. */
    const seen = new Map<string, number>();
    const fresh = async (device: { path: string; keys: DeviceKeys }) => {
      const all = await read(device);
      const from = seen.get(device.path) ?? 0;
      seen.set(device.path, all.length);
      return all.slice(from).map(({ title, url }) => ({ title, url }));
    };

    // A booking writes "Hi, I booked just now can you confirm?" in the chat: the booking is pushed, not the message too.
    const made = await book(server, client, { consultantId: consultant.user.id });
    expect(made.status).toBe(201);
    const bookingId = made.body.booking.id;
    expect(await fresh(consultantDevice)).toEqual([{ title: "New booking", url: `/bookings/${bookingId}` }]);

    // Accepting writes the assistant's "Confirming your booking.": one push to the client.
    expect((await setStatus(server, consultant, bookingId, "CONFIRMED")).status).toBe(200);
    expect(await fresh(clientDevice)).toEqual([{ title: "Booking confirmed", url: `/bookings/${bookingId}` }]);

    const series = await bookSeries(server, client, { consultantId: consultant.user.id, date: mondayIn(2), startTime: "13:00", weeks: 3 });
    expect(series.status, JSON.stringify(series.body)).toBe(201);
    const seriesId = series.body.bookings[0]!.seriesId!;
    expect(await fresh(consultantDevice)).toHaveLength(1);
    expect((await server.api("PUT", `/api/bookings/series/${seriesId}/accept`, { token: consultant.token })).status).toBe(200);
    expect(await fresh(clientDevice)).toHaveLength(1);
    // Cancelling the rest writes one message for the whole rest in the chat: one push to the other party.
    expect((await server.api("PUT", `/api/bookings/series/${seriesId}/cancel`, { token: client.token })).status).toBe(200);
    const cancelled = await fresh(consultantDevice);
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.url).toBe(`/bookings/${series.body.bookings[0]!.id}`);

    // A message a person writes is pushed as before.
    expect((await send(client, consultant, "See you on Monday")).status).toBe(201);
    expect(await fresh(consultantDevice)).toEqual([expect.objectContaining({ url: expect.stringMatching(/^\/chat\//) })]);
  });

  it("removes a subscription the push service says is gone (410), and keeps one that failed otherwise for a retry", async () => {
    const boss = await signUp(server);
    const assistant = await signUp(server);
    const gone = await subscribe(boss);
    const failing = await subscribe(boss);
    service.answer(gone.path, 410);
    service.answer(failing.path, 500);
    await send(assistant, boss, "Hello");
    expect(await pushesTo(gone.path)).toHaveLength(1);
    expect(await pushesTo(failing.path)).toHaveLength(1);
    const left = await subscriptionsOf(boss.user.id);
    expect(left.map((row) => row.endpoint)).toEqual([failing.endpoint]);
    const waiting = await server.database.db.select().from(pushOutbox).where(eq(pushOutbox.userId, boss.user.id));
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.lastError).toContain("500");
    expect(waiting[0]!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  });

  it("skips the push while the person has a page open and visible", async () => {
    const boss = await signUp(server);
    const assistant = await signUp(server);
    const device = await subscribe(boss);
    const socket = await connectSocket(server.url, boss.token);
    sockets.push(socket);

    await socket.emitWithAck("visibility", true);
    await send(assistant, boss, "You are looking at the page");
    expect(await pushesTo(device.path)).toHaveLength(0);
    expect(await server.database.db.select().from(pushOutbox).where(eq(pushOutbox.userId, boss.user.id))).toEqual([]);

    await socket.emitWithAck("visibility", false);
    await send(assistant, boss, "Now the tab is hidden");
    const pushes = await pushesTo(device.path);
    expect(pushes).toHaveLength(1);
    expect(JSON.parse(decryptPush(pushes[0]!.body, device.keys))).toMatchObject({ body: "Now the tab is hidden" });

    // The page closed: pushed again.
    socket.close();
    await settle(200);
    await send(assistant, boss, "And closed");
    expect(await pushesTo(device.path)).toHaveLength(2);
  });

  it("sends nothing of a kind the person switched off", async () => {
    const boss = await signUp(server);
    const assistant = await signUp(server);
    const device = await subscribe(boss);
    const initial = await server.api("GET", "/api/push/settings", { token: boss.token });
    expect(initial.body.settings).toEqual({ messages: true, bookings: true, payments: true, payouts: true });
    const saved = await server.api("PUT", "/api/push/settings", { token: boss.token, body: { messages: false } });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toEqual({ messages: false, bookings: true, payments: true, payouts: true });
    await send(assistant, boss, "Nobody is told");
    expect(await pushesTo(device.path)).toHaveLength(0);

    await server.api("PUT", "/api/push/settings", { token: boss.token, body: { messages: true } });
    await send(assistant, boss, "Told");
    expect(await pushesTo(device.path)).toHaveLength(1);
  });

  it("ends the device's subscription at logout, and every one at a password reset, a suspension and an account's deletion", async () => {
    const password = "a long demo password 42";
    const account = await signUp(server, { password });
    const second = await server.api("POST", "/api/auth/login", { body: { username: account.input.username, password } });
    const otherDevice = { ...account, token: second.body.token as string };
    await subscribe(account);
    const laptop = await subscribe(otherDevice);

    expect((await server.api("POST", "/api/auth/logout", { token: account.token })).status).toBe(200);
    expect((await subscriptionsOf(account.user.id)).map((row) => row.endpoint)).toEqual([laptop.endpoint]);

    // A password reset: every device.
    await subscribe(otherDevice);
    const token = await issueToken(server.database.db, account.user.id, "reset", new Date(Date.now() + 3600_000));
    const reset = await server.api("POST", "/api/auth/reset-password", { body: { token, password: "another long password 43" } });
    expect(reset.status).toBe(200);
    expect(await subscriptionsOf(account.user.id)).toEqual([]);

    // A suspension: every device.
    const operator = await signUpOperator(server);
    const va = await signUp(server, { role: "Assistant" });
    await subscribe(va);
    await subscribe(va);
    const suspended = await server.api("PUT", `/api/admin/users/${va.user.id}/suspension`, { token: operator.token, body: { suspended: true } });
    expect(suspended.status).toBe(200);
    expect(await subscriptionsOf(va.user.id)).toEqual([]);

    // Deleting the account.
    const leaving = await signUp(server, { password });
    await subscribe(leaving);
    const deleted = await server.api("POST", "/api/account/delete", { token: leaving.token, body: { password } });
    expect(deleted.status).toBe(200);
    expect(await subscriptionsOf(leaving.user.id)).toEqual([]);
  });

  it("pushes nothing to a device whose session ended without it (signed out from another device)", async () => {
    const boss = await signUp(server);
    const assistant = await signUp(server);
    const device = await subscribe(boss);
    const [session] = (await server.api("GET", "/api/account/sessions", { token: boss.token })).body.sessions as { id: string }[];
    const other = await server.api("POST", "/api/auth/login", { body: { username: boss.input.username, password: boss.input.password } });
    expect((await server.api("DELETE", `/api/account/sessions/${session!.id}`, { token: other.body.token })).status).toBe(200);
    await send(assistant, boss, "Anyone there?");
    expect(await pushesTo(device.path)).toHaveLength(0);
  });

  it("refuses a malformed subscription", async () => {
    const account = await signUp(server);
    const keys = newDeviceKeys();
    const post = (body: unknown) => server.api("POST", "/api/push/subscriptions", { token: account.token, body });
    const good = subscriptionJson(`${service.url}/push/refused`, keys);
    for (const endpoint of ["http://push.example.com/abc", "ftp://push.example.com/abc", "not a url", "", "https://user:pw@push.example.com/x"]) {
      const answer = await post({ ...good, endpoint });
      expect(answer.status, endpoint).toBe(400);
      expect(answer.body.message).toBe(PUSH_MSG.endpointInvalid);
    }
    for (const keysValue of [
      undefined,
      {},
      { p256dh: good.keys.p256dh },
      { auth: good.keys.auth },
      { p256dh: "short", auth: good.keys.auth },
      { ...good.keys, auth: "AAAA" },
    ]) {
      const answer = await post({ ...good, keys: keysValue });
      expect(answer.status, JSON.stringify(keysValue)).toBe(400);
    }
    expect((await server.api("POST", "/api/push/subscriptions", { body: good })).status).toBe(401);
    expect(await subscriptionsOf(account.user.id)).toEqual([]);
  });

  it("lets a person end only their own subscription", async () => {
    const owner = await signUp(server);
    const intruder = await signUp(server);
    const device = await subscribe(owner);
    const byEndpoint = `/api/push/subscriptions?endpoint=${encodeURIComponent(device.endpoint)}`;
    const attempt = await server.api("DELETE", byEndpoint, { token: intruder.token });
    expect(attempt.status).toBe(404);
    expect(attempt.body.message).toBe(PUSH_MSG.subscriptionNotFound);
    expect(await subscriptionsOf(owner.user.id)).toHaveLength(1);

    const listed = await server.api("GET", "/api/push/subscriptions", { token: owner.token });
    expect(listed.body.subscriptions).toEqual([expect.objectContaining({ endpoint: device.endpoint })]);
    expect((await server.api("GET", "/api/push/subscriptions", { token: intruder.token })).body.subscriptions).toEqual([]);

    const ended = await server.api("DELETE", byEndpoint, { token: owner.token });
    expect(ended.status).toBe(200);
    expect(await subscriptionsOf(owner.user.id)).toEqual([]);
  });

  it("moves a device's subscription to whoever subscribes it last", async () => {
    const first = await signUp(server);
    const second = await signUp(server);
    const device = await subscribe(first);
    const again = await server.api("POST", "/api/push/subscriptions", { token: second.token, body: subscriptionJson(device.endpoint, device.keys) });
    expect(again.status).toBe(201);
    expect(await subscriptionsOf(first.user.id)).toEqual([]);
    expect(await subscriptionsOf(second.user.id)).toHaveLength(1);
  });
});
