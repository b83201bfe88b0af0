import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, type AppNotification, type Chat, type ChatMessage, type ChatWithMessages } from "@vam/shared";
import { signUp, startTestServer, type TestServer } from "./helpers/server.js";
import { collect, connectSocket, settle, type TestSocket } from "./helpers/sockets.js";

let server: TestServer;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

type Account = Awaited<ReturnType<typeof signUp>>;
const socketOf = async (account: Account) => {
  const socket = await connectSocket(server.url, account.token);
  sockets.push(socket);
  return socket;
};
const send = (from: Account, to: Account, message: string) =>
  server.api<{ chatId: string; message: ChatMessage }>("POST", "/api/messages/send", {
    token: from.token,
    body: { recipientId: to.user.id, message },
  });
const unread = async (account: Account) => (await server.api("GET", "/api/users/notification", { token: account.token })).body.count as number;

describe("chats and messages", () => {
  it("starts a chat with the first message and shows it to both members only", async () => {
    const boss = await signUp(server, { role: "Boss", firstName: "Ramon" });
    const assistant = await signUp(server, { role: "Assistant", firstName: "Maria" });
    const outsider = await signUp(server);

    const sent = await send(boss, assistant, "Hello po, are you free on Monday?");
    expect(sent.status).toBe(201);
    expect(sent.body.message).toMatchObject({ text: "Hello po, are you free on Monday?", userId: boss.user.id, user: { firstName: "Ramon" } });

    const bossChats = await server.api<Chat[]>("GET", "/api/chats", { token: boss.token });
    expect(bossChats.body).toHaveLength(1);
    expect(bossChats.body[0]).toMatchObject({
      id: sent.body.chatId,
      receiver: { id: assistant.user.id, firstName: "Maria" },
      seenBy: [boss.user.id],
    });
    expect(bossChats.body[0]!.lastMessage?.text).toBe("Hello po, are you free on Monday?");
    const assistantChats = await server.api<Chat[]>("GET", "/api/chats", { token: assistant.token });
    expect(assistantChats.body[0]!.receiver.id).toBe(boss.user.id);

    const conversation = await server.api<ChatWithMessages>("GET", `/api/chats/${sent.body.chatId}`, { token: assistant.token });
    expect(conversation.body.messages.map((m) => m.text)).toEqual(["Hello po, are you free on Monday?"]);

    expect((await server.api("GET", "/api/chats", { token: outsider.token })).body).toEqual([]);
    const peek = await server.api("GET", `/api/chats/${sent.body.chatId}`, { token: outsider.token });
    expect(peek.status).toBe(404);
    expect(peek.body.message).toBe(MSG.chatNotFound);
    const post = await server.api("POST", `/api/messages/${sent.body.chatId}`, { token: outsider.token, body: { text: "let me in" } });
    expect(post.status).toBe(404);
    const read = await server.api("PUT", `/api/chats/read/${sent.body.chatId}`, { token: outsider.token });
    expect(read.status).toBe(404);
  });

  it("keeps one chat per pair, whoever starts it", async () => {
    const a = await signUp(server);
    const b = await signUp(server);
    const first = await server.api<Chat>("POST", "/api/chats", { token: a.token, body: { receiverId: b.user.id } });
    expect(first.status).toBe(201);
    const again = await server.api<Chat>("POST", "/api/chats", { token: b.token, body: { receiverId: a.user.id } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect((await send(b, a, "hi")).body.chatId).toBe(first.body.id);
    const found = await server.api<Chat>("GET", `/api/chat/find/${a.user.id}/${b.user.id}`, { token: b.token });
    expect(found.body.id).toBe(first.body.id);
  });

  it("never lets senderId in the body change the sender", async () => {
    const a = await signUp(server);
    const b = await signUp(server);
    const { body } = await send(a, b, "first");
    const spoofed = await server.api<ChatMessage>("POST", `/api/messages/${body.chatId}`, {
      token: a.token,
      body: { text: "I am b, trust me", senderId: b.user.id },
    });
    expect(spoofed.status).toBe(201);
    expect(spoofed.body.userId).toBe(a.user.id);
    const conversation = await server.api<ChatWithMessages>("GET", `/api/chats/${body.chatId}`, { token: b.token });
    expect(conversation.body.messages.map((m) => m.userId)).toEqual([a.user.id, a.user.id]);
  });

  it("refuses blank messages, messages to oneself and to nobody", async () => {
    const a = await signUp(server);
    const b = await signUp(server);
    for (const message of ["", "   \n\t "]) {
      const { status, body } = await send(a, b, message);
      expect(status).toBe(400);
      expect(body).toMatchObject({ message: MSG.messageEmpty });
    }
    expect((await send(a, a, "talking to myself")).body).toMatchObject({ message: MSG.chatWithYourself });
    const ghost = await server.api("POST", "/api/messages/send", { token: a.token, body: { recipientId: crypto.randomUUID(), message: "hello?" } });
    expect(ghost.status).toBe(404);
    expect((await server.api("GET", "/api/chats")).status).toBe(401);
  });

  it("lets only a member look up a chat by its two users", async () => {
    const a = await signUp(server);
    const b = await signUp(server);
    const c = await signUp(server);
    await send(a, b, "hi");
    const { status } = await server.api("GET", `/api/chat/find/${a.user.id}/${b.user.id}`, { token: c.token });
    expect(status).toBe(403);
  });
});

describe("read state and notifications", () => {
  it("keeps one unread notification per chat, refreshed, and reading the chat clears it", async () => {
    const a = await signUp(server, { firstName: "Ana" });
    const b = await signUp(server);
    await send(a, b, "one");
    const { body } = await send(a, b, "two");
    expect(await unread(b)).toBe(1);
    const list = await server.api<AppNotification[]>("GET", "/api/users/notifications", { token: b.token });
    expect(list.body).toEqual([
      expect.objectContaining({ type: "MESSAGE", title: "New message from Ana", content: "two", chatId: body.chatId, read: false }),
    ]);

    const chatsBefore = await server.api<Chat[]>("GET", "/api/chats", { token: b.token });
    expect(chatsBefore.body[0]!.seenBy).toEqual([a.user.id]);
    const read = await server.api("PUT", `/api/chats/read/${body.chatId}`, { token: b.token });
    expect(read.body.seenBy.sort()).toEqual([a.user.id, b.user.id].sort());
    expect(await unread(b)).toBe(0);

    await send(a, b, "three");
    expect(await unread(b)).toBe(1);
    // The chat's one notification comes back unread with the new message, not a second row.
    expect((await server.api<AppNotification[]>("GET", "/api/users/notifications", { token: b.token })).body).toEqual([
      expect.objectContaining({ type: "MESSAGE", content: "three", chatId: body.chatId, read: false }),
    ]);
  });

  it("leaves one notification per chat, read, after a conversation read as it arrives", async () => {
    const a = await signUp(server, { firstName: "Ana" });
    const b = await signUp(server, { firstName: "Ben" });
    const other = await signUp(server, { firstName: "Cora" });
    const { body } = await send(a, b, "hi");
    await send(other, b, "hello from Cora");
    // Each side reads at once, as an open conversation does.
    for (const [from, to, text] of [
      [b, a, "hello"],
      [a, b, "free on Monday?"],
      [b, a, "yes"],
      [a, b, "great"],
    ] as const) {
      await server.api("PUT", `/api/chats/read/${body.chatId}`, { token: to.token });
      await send(from, to, text);
    }
    await server.api("PUT", `/api/chats/read/${body.chatId}`, { token: b.token });
    await server.api("PUT", `/api/chats/read/${body.chatId}`, { token: a.token });

    const listOf = async (account: Account) =>
      (await server.api<AppNotification[]>("GET", "/api/users/notifications", { token: account.token })).body;
    expect(await listOf(b)).toEqual([
      expect.objectContaining({ type: "MESSAGE", chatId: body.chatId, content: "great", read: true }),
      expect.objectContaining({ type: "MESSAGE", content: "hello from Cora", read: false }),
    ]);
    expect(await listOf(a)).toEqual([expect.objectContaining({ type: "MESSAGE", chatId: body.chatId, content: "yes", read: true })]);
    expect(await unread(a)).toBe(0);
    expect(await unread(b)).toBe(1);
  });

  it("shows notifications to their owner only; reading one or all lowers the count, never below 0", async () => {
    const owner = await signUp(server);
    const c1 = await signUp(server);
    const c2 = await signUp(server);
    await send(c1, owner, "hello");
    await send(c2, owner, "hello too");
    const stranger = await signUp(server);
    const [first] = (await server.api<AppNotification[]>("GET", "/api/users/notifications", { token: owner.token })).body;

    expect((await server.api("GET", "/api/users/notifications", { token: stranger.token })).body).toEqual([]);
    const steal = await server.api("PUT", `/api/users/notifications/${first!.id}/read`, { token: stranger.token });
    expect(steal.status).toBe(404);
    expect(await unread(owner)).toBe(2);

    expect((await server.api("PUT", `/api/users/notifications/${first!.id}/read`, { token: owner.token })).body).toEqual({ count: 1 });
    expect((await server.api("PUT", `/api/users/notifications/${first!.id}/read`, { token: owner.token })).body).toEqual({ count: 1 });
    expect((await server.api("PUT", "/api/users/notifications/read-all", { token: owner.token })).body).toEqual({ count: 0 });
    expect((await server.api("PUT", "/api/users/notifications/read-all", { token: owner.token })).body).toEqual({ count: 0 });
  });

  it("notifies a referrer when someone registers with their code", async () => {
    const referrer = await signUp(server, { role: "Sharer" });
    const socket = await socketOf(referrer);
    const pushed = collect(socket, "notification");
    await signUp(server, { referralCode: referrer.user.referralCode, firstName: "Bea" });
    await settle();
    expect(pushed).toEqual([{ notification: expect.objectContaining({ type: "REFERRAL", content: expect.stringContaining("Bea") }), unread: 1 }]);
  });
});

describe("real time", () => {
  it("pushes a message to every tab of the recipient and the sender's other tabs", async () => {
    const a = await signUp(server);
    const b = await signUp(server);
    const [bTab1, bTab2, aTab] = [await socketOf(b), await socketOf(b), await socketOf(a)];
    const got1 = collect(bTab1, "newMessage");
    const got2 = collect(bTab2, "newMessage");
    const echoed = collect(aTab, "newMessage");
    const notified = collect(bTab1, "notification");

    const { body } = await send(a, b, "Magandang umaga!");
    await settle();
    for (const received of [got1, got2, echoed]) {
      expect(received.map((p) => p.message.id)).toEqual([body.message.id]);
    }
    expect(got1[0]!.chat.receiver.id).toBe(a.user.id);
    expect(echoed[0]!.chat.receiver.id).toBe(b.user.id);
    expect(notified.map((n) => n.unread)).toEqual([1]);
  });

  it("sends read receipts to the sender and the new count to the reader's tabs", async () => {
    const a = await signUp(server);
    const b = await signUp(server);
    const aTab = await socketOf(a);
    const bTab = await socketOf(b);
    const receipts = collect(aTab, "chatRead");
    const counts = collect(bTab, "unreadCount");
    const { body } = await send(a, b, "did you see this?");
    await server.api("PUT", `/api/chats/read/${body.chatId}`, { token: b.token });
    await settle();
    expect(receipts.at(-1)).toEqual({ chatId: body.chatId, seenBy: expect.arrayContaining([a.user.id, b.user.id]) });
    expect(counts.at(-1)).toEqual({ unread: 0 });
  });

  it("refuses a socket without a live session, and ends it at logout", async () => {
    await expect(connectSocket(server.url, "made-up")).rejects.toThrow("unauthorized");
    const me = await signUp(server);
    const socket = await socketOf(me);
    const closed = new Promise((resolve) => socket.once("disconnect", resolve));
    await server.api("POST", "/api/auth/logout", { token: me.token });
    await closed;
    await expect(connectSocket(server.url, me.token)).rejects.toThrow("unauthorized");
  });

  it("gives a socket that claims another user's id nothing of theirs", async () => {
    const victim = await signUp(server);
    const spy = await signUp(server);
    const sender = await signUp(server);
    const spySocket = await socketOf(spy);
    spySocket.emit("newUser", victim.user.id);
    const seen = collect(spySocket, "newMessage");
    const notes = collect(spySocket, "notification");
    await settle(100);
    await send(sender, victim, "for the victim only");
    await settle();
    expect(seen).toEqual([]);
    expect(notes).toEqual([]);
  });
});
