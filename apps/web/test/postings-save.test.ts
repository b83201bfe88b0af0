import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../src/api/client";
import { toggleSaved } from "../src/features/postings/postings-api";

/** Requests held open until the test answers them, in the order they were sent. */
function heldRequests() {
  const sent: { body: unknown; answer: (saved: boolean) => void; fail: (error: Error) => void }[] = [];
  vi.spyOn(api, "post").mockImplementation(
    (_path: string, body?: unknown) =>
      new Promise((resolve, reject) => {
        sent.push({ body, answer: (saved) => resolve({ saved }), fail: reject });
      }) as never,
  );
  return sent;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The request sent `index`-th. */
function nth<T>(sent: T[], index: number): T {
  const request = sent[index];
  if (!request) throw new Error(`No request ${index} was sent`);
  return request;
}

afterEach(() => vi.restoreAllMocks());

describe("toggleSaved (Save the Place)", () => {
  it("sends a press made while the previous answer is on its way only after that answer, in order", async () => {
    const sent = heldRequests();
    const first = toggleSaved("post-1");
    const second = toggleSaved("post-1");
    await tick();
    expect(sent).toHaveLength(1);

    nth(sent, 0).answer(true);
    expect(await first).toBe(true);
    await tick();
    expect(sent).toHaveLength(2);
    expect(nth(sent, 1).body).toEqual({ postId: "post-1" });

    nth(sent, 1).answer(false);
    expect(await second).toBe(false);
  });

  it("still sends the next press when one fails", async () => {
    const sent = heldRequests();
    const failing = toggleSaved("post-2");
    const next = toggleSaved("post-2");
    await tick();
    nth(sent, 0).fail(new Error("offline"));
    await expect(failing).rejects.toThrow("offline");
    await tick();
    expect(sent).toHaveLength(2);
    nth(sent, 1).answer(true);
    expect(await next).toBe(true);
  });
});
