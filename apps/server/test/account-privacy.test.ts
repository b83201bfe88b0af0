import { existsSync } from "node:fs";
import path from "node:path";
import { eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, weekdayAhead, type Booking } from "@vam/shared";
import { accountTokens, emailOutbox, galleryPhotos, notifications, postings, profiles, sessions, uploads, users } from "../src/db/schema.js";
import { bookingIn, book, type Account } from "./helpers/bookings.js";
import { pngOf, uploadImage } from "./helpers/images.js";
import { signUp, startTestServer, type TestServer } from "./helpers/server.js";
import { newDeviceKeys, subscriptionJson } from "./helpers/push-service.js";
import { connectSocket } from "./helpers/sockets.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** An Assistant with an avatar, a listing and a gallery photo, and a Boss who booked and wrote to them. */
async function assistantWithHistory() {
  const assistant = await signUp(server, { role: "Assistant", firstName: "Rosa", lastName: "Magtanggol", location: "Iloilo City" });
  const client = await signUp(server, { role: "Boss", firstName: "Carlos", lastName: "Reyes" });
  const avatar = await uploadImage(server, { file: await pngOf(48, 48), name: "me.png", folder: "avatars", token: assistant.token });
  const photo = await uploadImage(server, { file: await pngOf(60, 40), name: "work.png", folder: "gallery", token: assistant.token });
  expect(
    (
      await server.api("PUT", `/api/users/${assistant.user.id}`, {
        token: assistant.token,
        body: { ...assistant.input, avatar: avatar.body.imageUrl },
      })
    ).status,
  ).toBe(200);
  const listing = await server.api("POST", "/api/profiles/profile", { token: assistant.token });
  expect(listing.status).toBe(201);
  expect(
    (await server.api("POST", "/api/gallery", { token: assistant.token, body: { imageUrl: photo.body.imageUrl, title: "My desk" } })).status,
  ).toBe(201);
  const done = await bookingIn(server, client, assistant, "COMPLETED", { date: weekdayAhead(2) });
  await server.api("POST", "/api/messages/send", { token: client.token, body: { recipientId: assistant.user.id, message: "Thank you, Rosa!" } });
  await server.api("POST", "/api/messages/send", { token: assistant.token, body: { recipientId: client.user.id, message: "Salamat po!" } });
  return { assistant, client, done, listingId: listing.body.id as string, files: [avatar.body.imageUrl, photo.body.imageUrl] as string[] };
}

const deleteAccount = (account: Account, password = account.input.password) =>
  server.api("POST", "/api/account/delete", { token: account.token, body: { password } });

describe("Download my data", () => {
  it("is a JSON file of everything the account holds, its messages sent and received, and nothing secret", async () => {
    const { assistant, client, done } = await assistantWithHistory();
    const exported = await server.api("GET", "/api/account/export", { token: assistant.token });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toMatch(/^application\/json/);
    expect(exported.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="va-marketplace-data-${assistant.input.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    const data = exported.body;
    expect(data.account).toMatchObject({
      id: assistant.user.id,
      username: assistant.input.username,
      email: assistant.input.email,
      firstName: "Rosa",
      location: "Iloilo City",
      role: "Assistant",
    });
    expect(data.account.avatar).toMatch(/^\/uploads\/avatars\//);
    expect(data.listing).toMatchObject({ title: "Rosa Magtanggol Profile" });
    expect(data.gallery).toEqual([expect.objectContaining({ title: "My desk", public: true })]);
    expect(data.bookings).toEqual([expect.objectContaining({ id: done.id, as: "assistant", with: "Carlos Reyes", status: "COMPLETED" })]);
    expect(data.signedInDevices).toHaveLength(1);
    expect(data.emailSettings).toMatchObject({ bookingCreated: true, unreadMessages: true });
    expect(data.uploads).toHaveLength(2);
    const [chat] = data.chats;
    expect(chat.with).toBe("Carlos Reyes");
    const texts = chat.messages.map((message: { from: string; text: string }) => `${message.from}: ${message.text}`);
    // The booking's two automatic messages, then one received and one sent.
    expect(texts.slice(-2)).toEqual(["Carlos Reyes: Thank you, Rosa!", "me: Salamat po!"]);
    expect(data.notifications.length).toBeGreaterThan(0);

    // Web push: the device and its push service's host, never the endpoint's path nor its keys; the kinds pushed.
    const keys = newDeviceKeys();
    const endpoint = "https://fcm.googleapis.com/fcm/send/rosa-phone-secret-path";
    const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
    const subscribed = await server.api("POST", "/api/push/subscriptions", {
      token: assistant.token,
      body: subscriptionJson(endpoint, keys),
      headers: { "user-agent": chrome },
    });
    expect(subscribed.status).toBe(201);
    expect((await server.api("PUT", "/api/push/settings", { token: assistant.token, body: { payouts: false } })).status).toBe(200);
    const withPush = (await server.api("GET", "/api/account/export", { token: assistant.token })).body;
    expect(withPush.pushDevices).toEqual([{ device: "Chrome 131 on Linux", subscribedAt: expect.any(String), pushService: "fcm.googleapis.com" }]);
    expect(withPush.pushSettings).toEqual({ messages: true, bookings: true, payments: true, payouts: false });
    expect(data.pushDevices).toEqual([]);
    const pushText = JSON.stringify(withPush);
    for (const secret of ["rosa-phone-secret-path", keys.publicKey.toString("base64url"), keys.authSecret.toString("base64url")])
      expect(pushText).not.toContain(secret);

    // Never a secret, nor the other party's address.
    const [row] = await server.database.db.select().from(users).where(eq(users.id, assistant.user.id));
    const text = JSON.stringify(data);
    for (const secret of [row!.passwordHash, row!.emailKey, client.input.email, assistant.token]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/passwordHash|tokenHash|emailKey/);
  });

  it("needs a signed-in account", async () => {
    expect((await server.api("GET", "/api/account/export")).status).toBe(401);
  });
});

describe("Delete my account", () => {
  it("needs the password", async () => {
    const account = await signUp(server);
    const wrong = await deleteAccount(account, "not-my-password");
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: MSG.currentPasswordWrong, field: "password" });
    expect((await server.api("POST", "/api/account/delete", { token: account.token, body: {} })).status).toBe(400);
    expect((await server.api("GET", "/api/users/verify", { token: account.token })).status).toBe(200);
  });

  it("is refused with the list while bookings are upcoming, on both sides, and allowed once they are cancelled", async () => {
    const assistant = await signUp(server, { role: "Assistant", firstName: "Liza" });
    const client = await signUp(server, { role: "Boss", firstName: "Pedro", lastName: "Penduko" });
    const made = await book(server, client, { consultantId: assistant.user.id, date: weekdayAhead(3) });
    expect(made.status).toBe(201);
    const booking: Booking = made.body.booking;

    const refused = await deleteAccount(assistant);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: MSG.deleteBlockedByBookings,
      upcomingBookings: [{ id: booking.id, date: booking.date, startTime: "09:00", endTime: "13:00", otherName: "Pedro Penduko" }],
    });
    const alsoRefused = await deleteAccount(client);
    expect(alsoRefused.status).toBe(409);
    expect(alsoRefused.body.upcomingBookings).toEqual([expect.objectContaining({ id: booking.id, otherName: `Liza ${assistant.input.lastName}` })]);
    // Nothing was touched.
    expect((await server.api("GET", "/api/users/verify", { token: assistant.token })).status).toBe(200);

    expect((await server.api("PUT", `/api/bookings/${booking.id}/status`, { token: client.token, body: { status: "CANCELLED" } })).status).toBe(200);
    expect((await deleteAccount(assistant)).status).toBe(200);
  });

  it("erases the personal data, removes the uploads and ends the sessions; the other party keeps bookings and chat under Deleted user", async () => {
    const { assistant, client, done, listingId, files } = await assistantWithHistory();
    const socket = await connectSocket(server.url, assistant.token);
    const disconnected = new Promise((resolve) => socket.on("disconnect", resolve));
    // Mail waiting to go to the account's address does not go any more.
    await server.database.db
      .insert(emailOutbox)
      .values({ userId: assistant.user.id, toAddress: assistant.input.email, kind: "bookingReminder", subject: "x", textBody: "x", htmlBody: "x" });

    const deleted = await deleteAccount(assistant);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: MSG.accountDeleted });
    await disconnected;

    // Signed out everywhere; the username cannot sign in.
    expect((await server.api("GET", "/api/users/verify", { token: assistant.token })).status).toBe(401);
    const login = await server.api("POST", "/api/auth/login", { body: { username: assistant.input.username, password: assistant.input.password } });
    expect(login.status).toBe(400);
    expect(login.body.message).toBe(MSG.loginInvalid);
    // No reset link goes to the old address.
    const before = await server.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, assistant.input.email));
    await server.api("POST", "/api/auth/forgot-password", { body: { email: assistant.input.email } });
    expect(await server.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, assistant.input.email))).toHaveLength(before.length);

    // What remains of the user row: nothing personal.
    const db = server.database.db;
    const [row] = await db.select().from(users).where(eq(users.id, assistant.user.id));
    expect(row).toMatchObject({ firstName: "Deleted", lastName: "user", location: "", skills: [], avatar: null, bio: null, pendingEmail: null });
    expect(row!.deletedAt).not.toBeNull();
    expect(row!.username).not.toBe(assistant.input.username);
    expect(row!.email).not.toBe(assistant.input.email);
    expect(row!.referralCode).not.toBe(assistant.user.referralCode);
    // What is gone.
    for (const table of [sessions, accountTokens, notifications, profiles, galleryPhotos, postings] as const) {
      expect(await db.select().from(table).where(eq(table.userId, assistant.user.id))).toEqual([]);
    }
    expect(await db.select().from(uploads).where(eq(uploads.ownerId, assistant.user.id))).toEqual([]);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.userId, assistant.user.id))).toEqual([]);
    for (const url of files) {
      expect(existsSync(path.join(server.config.dataDir, url))).toBe(false);
      expect((await fetch(server.url + url)).status).toBe(404);
    }
    // Off the public pages, and no longer bookable.
    expect((await server.api("GET", `/api/profiles/${listingId}`)).status).toBe(404);
    const search = await server.api("GET", `/api/profiles/posts?${new URLSearchParams({ name: "Rosa Magtanggol" })}`);
    expect(search.body.items.map((item: { userId: string }) => item.userId)).not.toContain(assistant.user.id);
    expect(search.body.items.length).toBeGreaterThan(0);
    const booking = await book(server, client, { consultantId: assistant.user.id, date: weekdayAhead(4) });
    expect(booking.status).toBe(404);
    expect(booking.body.message).toBe(MSG.consultantNotFound);

    // The other party keeps the booking and the chat, under "Deleted user", and cannot write to it.
    const made = await server.api<Booking[]>("GET", "/api/bookings/made", { token: client.token });
    const kept = made.body.find((item) => item.id === done.id)!;
    expect(kept.status).toBe("COMPLETED");
    expect(`${kept.consultant.firstName} ${kept.consultant.lastName}`).toBe(MSG.deletedUserName);
    expect(kept.consultant.avatar).toBeNull();
    const chats = await server.api("GET", "/api/chats", { token: client.token });
    const chat = chats.body.find((item: { receiver: { id: string } }) => item.receiver.id === assistant.user.id);
    expect(`${chat.receiver.firstName} ${chat.receiver.lastName}`).toBe(MSG.deletedUserName);
    expect(chat.receiver.deleted).toBe(true);
    expect(kept.consultant.deleted).toBe(true);
    expect(kept.user.deleted).toBeUndefined();
    const history = await server.api("GET", `/api/chats/${chat.id}`, { token: client.token });
    expect(history.body.messages.map((message: { text: string }) => message.text)).toEqual(
      expect.arrayContaining(["Thank you, Rosa!", "Salamat po!"]),
    );
    const reply = await server.api("POST", `/api/messages/${chat.id}`, { token: client.token, body: { text: "Are you there?" } });
    expect(reply.status).toBe(409);
    expect(reply.body.message).toBe(MSG.recipientDeleted);
    const fresh = await server.api("POST", "/api/messages/send", {
      token: client.token,
      body: { recipientId: assistant.user.id, message: "Hello?" },
    });
    expect(fresh.status).toBe(409);
  });

  it("also takes the name out of the notifications other people hold about the account", async () => {
    const referrer = await signUp(server, { role: "Assistant", firstName: "Jun", lastName: "Bautista" });
    const assistant = await signUp(server, { role: "Assistant", firstName: "Liza", lastName: "Santos" });
    const ana = await signUp(server, { role: "Boss", firstName: "Ana", lastName: "Reyes-Lim", referralCode: referrer.user.referralCode });
    const made = await book(server, ana, { consultantId: assistant.user.id, date: weekdayAhead(5) });
    expect(made.status).toBe(201);
    await server.api("POST", "/api/messages/send", { token: ana.token, body: { recipientId: assistant.user.id, message: "Hello Liza!" } });
    expect(
      (await server.api("PUT", `/api/bookings/${made.body.booking.id}/status`, { token: ana.token, body: { status: "CANCELLED" } })).status,
    ).toBe(200);
    const db = server.database.db;
    const heldBy = (account: Account) => db.select().from(notifications).where(eq(notifications.userId, account.user.id));
    const texts = async (account: Account) => (await heldBy(account)).map((row) => `${row.title}: ${row.content}`);
    expect(await texts(referrer)).toContain("New referral: Ana Reyes-Lim joined with your referral code.");
    expect((await texts(assistant)).filter((text) => text.includes("Ana Reyes-Lim")).length).toBeGreaterThanOrEqual(2);
    expect(await texts(assistant)).toContain("New message from Ana: Hello Liza!");
    // Someone else's notifications, not naming Ana, stay as they are.
    const untouched = await db.select().from(notifications).where(ne(notifications.userId, ana.user.id));

    expect((await deleteAccount(ana)).status).toBe(200);

    expect(await texts(referrer)).toEqual(["New referral: Deleted user joined with your referral code."]);
    const assistantTexts = await texts(assistant);
    expect(assistantTexts).toContain("New message from Deleted user: Hello Liza!");
    expect(assistantTexts.some((text) => text.startsWith("New booking: Deleted user booked "))).toBe(true);
    for (const text of [...(await texts(referrer)), ...assistantTexts]) {
      expect(text).not.toContain("Ana");
      expect(text).not.toContain("Reyes-Lim");
    }
    const after = new Map((await db.select().from(notifications)).map((row) => [row.id, row]));
    for (const row of untouched) {
      if (![referrer.user.id, assistant.user.id].includes(row.userId)) expect(after.get(row.id)).toEqual(row);
    }
  });
});
