import type { ChatMessage } from "@vam/shared";
import { describe, expect, it } from "vitest";
import { confirmSent, dropMessage, mergeIncoming, withNewer, type ShownMessage } from "../src/features/chat/message-merge";

const message = (id: string, text: string, userId = "me"): ChatMessage => ({
  id,
  chatId: "c1",
  text,
  userId,
  createdAt: "2026-11-23T01:00:00.000Z",
  attachments: [],
  user: { id: userId, firstName: "A", lastName: "B", avatar: null },
});
const pending = (id: string, text: string, userId = "me"): ShownMessage => ({ ...message(id, text, userId), pending: true });
/** Ids in order, a pending one marked with "…". */
const ids = (messages: ShownMessage[]) => messages.map((m) => `${m.id}${m.pending ? "…" : ""}`);

describe("mergeIncoming", () => {
  it("appends a new message at the end, without changing the shown list", () => {
    const shown = [message("m1", "hi", "other")];
    const merged = mergeIncoming(shown, message("m2", "there", "other"));
    expect(ids(merged)).toEqual(["m1", "m2"]);
    expect(ids(shown)).toEqual(["m1"]);
  });

  it("ignores a message already shown, returning the same list", () => {
    const shown = [message("m1", "hi", "other"), message("m2", "there", "other")];
    expect(mergeIncoming(shown, message("m1", "hi", "other"))).toBe(shown);
  });

  it("puts the echo of our pending message in its place, keeping the order", () => {
    const shown = [message("m1", "hi", "other"), pending("temp-1", "hello"), message("m2", "after", "other")];
    expect(ids(mergeIncoming(shown, message("m9", "hello")))).toEqual(["m1", "m9", "m2"]);
  });

  it("takes an echo only for a pending message of the same author and text", () => {
    const shown = [pending("temp-1", "hello")];
    expect(ids(mergeIncoming(shown, message("m9", "hello", "other")))).toEqual(["temp-1…", "m9"]);
    expect(ids(mergeIncoming(shown, message("m9", "hello!")))).toEqual(["temp-1…", "m9"]);
    // A sent (not pending) message with the same text is not replaced either.
    expect(ids(mergeIncoming([message("m1", "hello")], message("m9", "hello")))).toEqual(["m1", "m9"]);
  });

  it("replaces one pending copy per echo, the oldest first, when the same text was sent twice", () => {
    const shown = [pending("temp-1", "ok"), pending("temp-2", "ok")];
    const once = mergeIncoming(shown, message("m1", "ok"));
    expect(ids(once)).toEqual(["m1", "temp-2…"]);
    expect(ids(mergeIncoming(once, message("m2", "ok")))).toEqual(["m1", "m2"]);
  });
});

describe("confirmSent", () => {
  it("replaces the temporary copy in place with the server's message", () => {
    const shown = [message("m1", "a", "other"), pending("temp-1", "b"), message("m2", "c", "other")];
    const confirmed = confirmSent(shown, "temp-1", message("m5", "b"));
    expect(ids(confirmed)).toEqual(["m1", "m5", "m2"]);
    expect(confirmed[1]?.pending).toBeUndefined();
  });

  it("only drops the temporary copy when the echo came first, so the message shows once", () => {
    const shown = [message("m5", "b"), pending("temp-1", "b")];
    expect(ids(confirmSent(shown, "temp-1", message("m5", "b")))).toEqual(["m5"]);
  });

  it("appends the message when its temporary copy is gone (a fresh copy came meanwhile)", () => {
    expect(ids(confirmSent([message("m1", "a")], "temp-1", message("m5", "b")))).toEqual(["m1", "m5"]);
  });

  it("leaves a shown message alone when both it and its temporary copy are gone", () => {
    const shown = [message("m5", "b")];
    expect(ids(confirmSent(shown, "temp-1", message("m5", "b")))).toEqual(["m5"]);
  });
});

describe("dropMessage", () => {
  it("removes the message with that id and keeps the others in order", () => {
    const shown = [message("m1", "a"), pending("temp-1", "b"), message("m2", "c")];
    expect(ids(dropMessage(shown, "temp-1"))).toEqual(["m1", "m2"]);
    expect(ids(dropMessage(shown, "nope"))).toEqual(["m1", "temp-1…", "m2"]);
    expect(shown).toHaveLength(3);
  });
});

describe("withNewer", () => {
  const at = (m: ShownMessage, minute: number): ShownMessage => ({ ...m, createdAt: `2026-11-23T01:${String(minute).padStart(2, "0")}:00.000Z` });

  it("takes the server's copy in its order and keeps our pending messages after it, in theirs", () => {
    const current = [at(message("m1", "old"), 1), pending("temp-1", "one"), pending("temp-2", "two")];
    const server = [at(message("m1", "old"), 1), at(message("m2", "new", "other"), 2), at(message("m3", "newer", "other"), 3)];
    expect(ids(withNewer(server, current))).toEqual(["m1", "m2", "m3", "temp-1…", "temp-2…"]);
  });

  it("keeps a send confirmed and a live message taken in while the copy was on its way", () => {
    // The copy was read before m2 was sent and m3 arrived: both are newer than it, and stay.
    const server = [at(message("m1", "hi", "other"), 1)];
    const current = [
      at(message("m1", "hi", "other"), 1),
      at(message("m2", "sent"), 2),
      at(message("m3", "reply", "other"), 3),
      pending("temp-1", "next"),
    ];
    expect(ids(withNewer(server, current))).toEqual(["m1", "m2", "m3", "temp-1…"]);
    // An empty copy, read before the chat's first message was sent.
    expect(ids(withNewer([], [at(message("m1", "first"), 1)]))).toEqual(["m1"]);
  });

  it("is the server's copy for what it holds", () => {
    const server = [at(message("m2", "x"), 2), at(message("m1", "y"), 3)];
    expect(ids(withNewer(server, [at(message("m1", "y"), 3)]))).toEqual(["m2", "m1"]);
    // Shown but older than the copy's newest and not in it: the copy's span is the server's.
    expect(ids(withNewer(server, [at(message("m0", "z"), 2)]))).toEqual(["m2", "m1"]);
    expect(withNewer([], [])).toEqual([]);
  });
});
