import type { ChatMessage } from "@vam/shared";
import { describe, expect, it } from "vitest";
import { mergeIncoming, prependOlder, withFreshCopy, type ShownMessage } from "../src/features/chat/message-merge";

/** Issue 33, "Older messages": earlier pages put before what is shown, beside live messages and fresh copies. */
const message = (n: number, userId = "other"): ChatMessage => ({
  id: `m${n}`,
  chatId: "c1",
  text: `Message ${n}`,
  userId,
  createdAt: new Date(Date.UTC(2026, 10, 23, 1, 0, n)).toISOString(),
  attachments: [],
  user: { id: userId, firstName: "A", lastName: "B", avatar: null },
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => message(from + index));
const pending = (id: string, text: string): ShownMessage => ({ ...message(0, "me"), id, text, pending: true });
const ids = (messages: ShownMessage[]) => messages.map((m) => `${m.id}${m.pending ? "…" : ""}`);

describe("prependOlder", () => {
  it("puts an earlier page before the messages shown, in its order", () => {
    expect(ids(prependOlder(range(4, 6), range(1, 3)))).toEqual(["m1", "m2", "m3", "m4", "m5", "m6"]);
  });

  it("never shows a message twice, and returns the same list when the page adds nothing", () => {
    const shown = range(3, 5);
    expect(ids(prependOlder(shown, range(1, 4)))).toEqual(["m1", "m2", "m3", "m4", "m5"]);
    expect(prependOlder(shown, range(3, 4))).toBe(shown);
    expect(prependOlder(shown, [])).toBe(shown);
  });

  it("leaves live and pending messages at the end, whatever arrived while the page was on its way", () => {
    let shown: ShownMessage[] = [...range(51, 100), pending("temp-1", "on its way")];
    shown = mergeIncoming(shown, message(101));
    shown = prependOlder(shown, range(1, 50));
    shown = mergeIncoming(shown, message(101));
    expect(ids(shown)).toEqual([
      ...range(1, 101)
        .map((m) => m.id)
        .slice(0, 100),
      "temp-1…",
      "m101",
    ]);
    expect(new Set(ids(shown)).size).toBe(shown.length);
  });
});

describe("withFreshCopy", () => {
  it("keeps the pages read back when the fresh copy joins on to them", () => {
    const current = [...range(1, 60), pending("temp-1", "hello")];
    const { messages, keptOlder } = withFreshCopy(range(11, 62), current);
    expect(ids(messages)).toEqual([...range(1, 62).map((m) => m.id), "temp-1…"]);
    expect(keptOlder).toBe(true);
  });

  it("shows only the copy when it does not join on (more was written meanwhile than it holds): no gap", () => {
    const { messages, keptOlder } = withFreshCopy(range(151, 200), range(1, 60));
    expect(ids(messages)).toEqual(range(151, 200).map((m) => m.id));
    expect(keptOlder).toBe(false);
  });

  it("is the copy when it starts where the shown messages start", () => {
    const { messages, keptOlder } = withFreshCopy(range(1, 5), range(1, 3));
    expect(ids(messages)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
    expect(keptOlder).toBe(false);
  });

  it("is the copy (with what is pending) when nothing was shown", () => {
    expect(ids(withFreshCopy(range(1, 2), [pending("temp-1", "x")]).messages)).toEqual(["m1", "m2", "temp-1…"]);
  });

  it("keeps what was sent or arrived while the copy was on its way (newer than its newest)", () => {
    const current: ShownMessage[] = [...range(1, 7), pending("temp-1", "next")];
    expect(ids(withFreshCopy(range(1, 5), current).messages)).toEqual([...range(1, 7).map((m) => m.id), "temp-1…"]);
    // A copy read before the chat's first messages.
    expect(ids(withFreshCopy([], range(1, 2)).messages)).toEqual(["m1", "m2"]);
  });

  it("shows a message kept before the copy once, even in the same millisecond as the copy's newest", () => {
    const [m4, m5] = range(4, 5) as [ChatMessage, ChatMessage];
    const sameTime = { ...m4, createdAt: m5.createdAt };
    expect(ids(withFreshCopy([m5], [sameTime, m5]).messages)).toEqual(["m4", "m5"]);
  });
});
