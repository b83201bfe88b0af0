import type { Chat, ChatMessage } from "@vam/shared";
import { describe, expect, it } from "vitest";
import { noteSent, withSeenBy } from "../src/features/chat/chat-list-merge";
import { confirmSent, dropMessage, mergeIncoming, withNewer, type ShownMessage } from "../src/features/chat/message-merge";

const message = (id: string, text: string, userId = "me", createdAt = "2026-11-23T01:00:00.000Z"): ChatMessage => ({
  id,
  chatId: "c1",
  text,
  userId,
  createdAt,
  attachments: [],
  user: { id: userId, firstName: "A", lastName: "B", avatar: null },
});
const pending = (id: string, text: string): ShownMessage => ({ ...message(id, text), pending: true });
const ids = (messages: ShownMessage[]) => messages.map((m) => `${m.id}${m.pending ? "…" : ""}`);

describe("merging a conversation's messages", () => {
  it("appends a pushed message once, and lets the echo of a pending one take its place", () => {
    const shown = [message("m1", "hi", "other"), pending("temp-1", "hello")];
    expect(ids(mergeIncoming(shown, message("m2", "news", "other")))).toEqual(["m1", "temp-1…", "m2"]);
    expect(mergeIncoming(shown, message("m1", "hi", "other"))).toBe(shown);
    expect(ids(mergeIncoming(shown, message("m3", "hello")))).toEqual(["m1", "m3"]);
  });

  it("replaces the temporary copy with the send's answer, unless the echo got there first", () => {
    const shown = [message("m1", "hi", "other"), pending("temp-1", "hello")];
    expect(ids(confirmSent(shown, "temp-1", message("m2", "hello")))).toEqual(["m1", "m2"]);
    const echoed = mergeIncoming(shown, message("m2", "hello"));
    expect(ids(confirmSent(echoed, "temp-1", message("m2", "hello")))).toEqual(["m1", "m2"]);
    expect(ids(confirmSent([message("m1", "hi")], "temp-9", message("m5", "late")))).toEqual(["m1", "m5"]);
  });

  it("drops a message that could not be sent, and keeps what is on its way over a fresh copy", () => {
    const shown = [message("m1", "hi"), pending("temp-1", "hello")];
    expect(ids(dropMessage(shown, "temp-1"))).toEqual(["m1"]);
    expect(ids(withNewer([message("m1", "hi"), message("m2", "new")], shown))).toEqual(["m1", "m2", "temp-1…"]);
  });
});

describe("merging the chat list", () => {
  const chat = (id: string, createdAt: string | null, seenBy: string[] = ["me"]): Chat => ({
    id,
    userIDs: ["me", "other"],
    receiver: { id: `u-${id}`, username: id, firstName: id, lastName: "", avatar: null, role: "Boss" },
    seenBy,
    lastMessage: createdAt ? { text: "old", userId: "other", createdAt } : null,
    createdAt: "2026-11-01T00:00:00.000Z",
  });

  it("moves a chat with a newer own message to the top, leaving who has seen it alone", () => {
    const list = [chat("a", "2026-11-23T01:00:00.000Z"), chat("b", "2026-11-22T01:00:00.000Z", ["me", "other"])];
    const moved = noteSent(list, "b", message("m9", "sent", "me", "2026-11-23T02:00:00.000Z"));
    expect(moved.map((c) => c.id)).toEqual(["b", "a"]);
    expect(moved[0]).toMatchObject({ lastMessage: { text: "sent", userId: "me" }, seenBy: ["me", "other"] });
  });

  it("ignores an answer older than what the list shows, and takes read receipts as they come", () => {
    const list = [chat("a", "2026-11-23T03:00:00.000Z")];
    expect(noteSent(list, "a", message("m1", "late", "me", "2026-11-23T02:00:00.000Z"))).toBe(list);
    expect(noteSent(list, "zzz", message("m1", "x"))).toBe(list);
    expect(withSeenBy(list, "a", ["me", "other"])[0]!.seenBy).toEqual(["me", "other"]);
  });
});
