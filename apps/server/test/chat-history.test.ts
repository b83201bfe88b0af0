import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_PAGE_SIZE, MSG, type ChatMessage, type ChatMessagePage, type ChatWithMessages } from "@vam/shared";
import { chats, messages } from "../src/db/schema.js";
import { signUp, startTestServer, type TestServer } from "./helpers/server.js";

/**
 * Issue 33, "Older messages": a conversation opens with its latest messages (back to the reader's
 * first unread one) and pages back by a keyset cursor on (creation instant, id).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Account = Awaited<ReturnType<typeof signUp>>;

const send = (from: Account, to: Account, message: string) =>
  server.api<{ chatId: string; message: ChatMessage }>("POST", "/api/messages/send", {
    token: from.token,
    body: { recipientId: to.user.id, message },
  });
const open = (reader: Account, chatId: string) => server.api<ChatWithMessages>("GET", `/api/chats/${chatId}`, { token: reader.token });
const pageOf = (reader: Account, chatId: string, query: string) =>
  server.api<ChatMessagePage>("GET", `/api/chats/${chatId}/messages${query}`, { token: reader.token });
const markRead = (reader: Account, chatId: string) => server.api("PUT", `/api/chats/read/${chatId}`, { token: reader.token });
const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** Every message id of the chat in keyset order, as the database holds them. */
const storedIds = async (chatId: string) =>
  (
    await server.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.chatId, chatId))
      .orderBy(asc(messages.createdAt), asc(messages.id))
  ).map((row) => row.id);

/** A chat of two new people, its first message from `a`. */
async function chatOfTwo() {
  const a = await signUp(server, { role: "Boss", firstName: "Ramon" });
  const b = await signUp(server, { role: "Assistant", firstName: "Maria" });
  const { body } = await send(a, b, "Message 0");
  return { a, b, chatId: body.chatId };
}

/**
 * `count` messages written straight into the database, alternating senders: the first `sameInstant`
 * share one creation instant (only the id orders them), the rest get the statement's own clock
 * (apart, or sharing an instant where the clock is coarse, as PGlite's can be: the id then orders them).
 */
async function insertMessages(chatId: string, senders: [string, string], count: number, sameInstant = 0, from = 1) {
  const instant = new Date(Date.now() - 60_000);
  const rows = Array.from({ length: count }, (_, index) => ({
    chatId,
    senderId: senders[index % 2]!,
    text: `Message ${from + index}`,
    ...(index < sameInstant && { createdAt: instant }),
  }));
  if (sameInstant > 0) await server.database.db.insert(messages).values(rows.slice(0, sameInstant));
  for (const row of rows.slice(sameInstant)) await server.database.db.insert(messages).values(row);
  await server.database.db
    .update(chats)
    .set({ lastMessageAt: sql`clock_timestamp()` })
    .where(eq(chats.id, chatId));
}

describe("paging back through a conversation", () => {
  it("pages back through 230 messages with no gap and no repeat while new ones are written between the pages", async () => {
    const { a, b, chatId } = await chatOfTwo();
    // 80 messages at one instant (ordered by id alone), 150 microseconds apart, then 20 through the API.
    await insertMessages(chatId, [a.user.id, b.user.id], 230, 80);
    for (let index = 0; index < 20; index += 1) await send(index % 2 ? a : b, index % 2 ? b : a, `Message ${231 + index}`);
    await markRead(b, chatId);
    const before = await storedIds(chatId);
    expect(before).toHaveLength(251);

    const first = await open(b, chatId);
    expect(first.status).toBe(200);
    expect(first.body.firstUnreadId).toBeNull();
    expect(first.body.messages).toHaveLength(CHAT_PAGE_SIZE);
    expect(first.body.olderCursor).toEqual(expect.any(String));
    expect(first.body.messages.map((m) => m.id)).toEqual(before.slice(-CHAT_PAGE_SIZE));

    const shown: string[][] = [first.body.messages.map((m) => m.id)];
    let olderCursor = first.body.olderCursor;
    const limits = [25, 1, 37, 100, 13];
    let written = 0;
    while (olderCursor) {
      // Both write while the reader pages back: the new messages come after the first page, never into an earlier one.
      await send(written % 2 ? a : b, written % 2 ? b : a, `Meanwhile ${written}`);
      written += 1;
      const limit = limits[shown.length % limits.length]!;
      const page = await pageOf(b, chatId, `?before=${olderCursor}&limit=${limit}`);
      expect(page.status).toBe(200);
      expect(page.body.messages.length).toBeLessThanOrEqual(limit);
      expect(page.body.messages.length).toBeGreaterThan(0);
      shown.unshift(page.body.messages.map((m) => m.id));
      olderCursor = page.body.olderCursor;
    }
    const all = shown.flat();
    expect(new Set(all).size).toBe(all.length);
    // Exactly what was there when the conversation opened, in order: nothing missing, nothing twice.
    expect(all).toEqual(before);
    expect(written).toBe(shown.length - 1);
    expect(written).toBeGreaterThan(5);
    // And the new ones are the latest: a conversation opened now ends with them.
    const again = await open(b, chatId);
    expect(again.body.messages.at(-1)?.text).toBe(`Meanwhile ${written - 1}`);
  });

  it("opens at the reader's first unread message, with ten read ones before it, and says where it is", async () => {
    const { a, b, chatId } = await chatOfTwo();
    await insertMessages(chatId, [a.user.id, a.user.id], 40);
    await markRead(b, chatId);
    // b has read everything up to here; a writes 120 more.
    await insertMessages(chatId, [a.user.id, a.user.id], 120, 0, 41);
    // In keyset order (PGlite's clock may give several messages one instant: the id orders them).
    const stored = await storedIds(chatId);
    const firstUnread = stored.at(41)!;

    const opened = await open(b, chatId);
    expect(opened.body.firstUnreadId).toBe(firstUnread);
    const ids = opened.body.messages.map((m) => m.id);
    expect(ids.indexOf(firstUnread)).toBe(10);
    expect(opened.body.messages).toHaveLength(10 + 120);
    expect(ids).toEqual(stored.slice(31));
    expect(opened.body.olderCursor).toEqual(expect.any(String));
    // The rest comes by page, ending at the conversation's first message.
    const rest = await pageOf(b, chatId, `?before=${opened.body.olderCursor}&limit=100`);
    expect(rest.body.messages.map((m) => m.id)).toEqual(stored.slice(0, 31));
    expect(rest.body.messages[0]?.text).toBe("Message 0");
    expect(rest.body.olderCursor).toBeNull();

    // The writer has read everything; once b has opened it, so has b.
    expect((await open(a, chatId)).body.firstUnreadId).toBeNull();
    await markRead(b, chatId);
    const read = await open(b, chatId);
    expect(read.body.firstUnreadId).toBeNull();
    expect(read.body.messages).toHaveLength(CHAT_PAGE_SIZE);
  });

  it("opens a short conversation whole, its first message unread for a reader who never opened it", async () => {
    const { a, b, chatId } = await chatOfTwo();
    const opened = await open(b, chatId);
    expect(opened.body.messages.map((m) => m.text)).toEqual(["Message 0"]);
    expect(opened.body.firstUnreadId).toBe(opened.body.messages[0]!.id);
    expect(opened.body.olderCursor).toBeNull();
    // The latest page without a cursor.
    const latest = await pageOf(a, chatId, "");
    expect(latest.status).toBe(200);
    expect(latest.body).toEqual({ messages: opened.body.messages, olderCursor: null });
  });
});

describe("the page's cursor and size", () => {
  it("refuses a cursor the server did not write with 400 and the message, naming `before`", async () => {
    const { a, b, chatId } = await chatOfTwo();
    await insertMessages(chatId, [a.user.id, b.user.id], 5);
    const stored = await storedIds(chatId);
    const id = stored[3]!;
    for (const before of [
      "not-a-cursor",
      "%21%21%21",
      cursor({ createdAt: "2026-11-27T02:55:41.123456Z" }),
      cursor({ createdAt: "yesterday", id }),
      cursor({ createdAt: "2026-02-30T00:00:00Z", id }),
      cursor({ createdAt: "2026-11-27T02:55:41.123456Z", id: "1; drop table messages" }),
      cursor({ createdAt: "2026-11-27T02:55:41.123456Z", id, extra: 1 }),
      cursor([1, 2]),
      "a".repeat(201),
    ]) {
      const answer = await pageOf(a, chatId, `?before=${before}`);
      expect(answer.status, before).toBe(400);
      expect(answer.body).toEqual({ message: MSG.messageCursorInvalid, field: "before" });
    }
    // A place in the chat as the server writes it: to the microsecond.
    const [row] = await server.database.db
      .select({ at: sql<string>`to_char(${messages.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` })
      .from(messages)
      .where(eq(messages.id, id));
    const page = await pageOf(a, chatId, `?before=${cursor({ createdAt: row!.at, id })}`);
    expect(page.status).toBe(200);
    expect(page.body.messages.map((m) => m.id)).toEqual(stored.slice(0, 3));
    expect(page.body.olderCursor).toBeNull();
  });

  it("takes 1 to 100 messages a page, 50 unless asked", async () => {
    const { a, b, chatId } = await chatOfTwo();
    await insertMessages(chatId, [a.user.id, b.user.id], 120);
    for (const limit of ["0", "101", "1.5", "-3", "abc", ""]) {
      const answer = await pageOf(a, chatId, `?limit=${limit}`);
      expect(answer.status, limit).toBe(400);
      expect(answer.body).toEqual({ message: MSG.messagePageSizeInvalid, field: "limit" });
    }
    expect((await pageOf(a, chatId, "?limit=1")).body.messages.map((m) => m.id)).toEqual((await storedIds(chatId)).slice(-1));
    expect((await pageOf(a, chatId, "?limit=100")).body.messages).toHaveLength(100);
    expect((await pageOf(a, chatId, "")).body.messages).toHaveLength(CHAT_PAGE_SIZE);
  });
});

describe("who may page", () => {
  it("answers 404 to anyone but the chat's two members, before looking at the query", async () => {
    const { a, chatId } = await chatOfTwo();
    const outsider = await signUp(server);
    for (const query of ["", "?limit=0", "?before=not-a-cursor"]) {
      const answer = await pageOf(outsider, chatId, query);
      expect(answer.status, query).toBe(404);
      expect(answer.body).toEqual({ message: MSG.chatNotFound });
    }
    expect((await pageOf(a, "00000000-0000-4000-8000-000000000000", "")).status).toBe(404);
    expect((await pageOf(a, "not-an-id", "")).status).toBe(404);
    expect((await server.api("GET", `/api/chats/${chatId}/messages`)).status).toBe(401);
  });
});
