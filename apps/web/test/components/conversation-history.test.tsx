import type { Chat, ChatMessage, ChatMessagePage, ServerToClientEvents } from "@vam/shared";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, type LoaderFunctionArgs } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { signedInAs } from "./viewer";
import { AuthContext } from "../../src/features/auth/auth-context";
import { Conversation } from "../../src/features/chat/Conversation";
import type { OlderAnswer } from "../../src/features/chat/chat-data";
import type { ConversationStart } from "../../src/features/chat/chat-loader";
import { RealtimeContext } from "../../src/features/realtime/realtime-context";
import type { RealtimeHub } from "../../src/features/realtime/realtime-hub";

/** Issue 33, "Older messages": the conversation pages back, keeps live messages, and opens at the first unread one. */
afterEach(cleanup);

const message = (n: number): ChatMessage => ({
  id: `m${n}`,
  chatId: "c1",
  text: `Message ${n}`,
  attachments: [],
  userId: n % 2 ? "other" : "me",
  createdAt: new Date(Date.UTC(2026, 10, 23, 1, 0, n)).toISOString(),
  user: { id: n % 2 ? "other" : "me", firstName: "Grace", lastName: "Tan", avatar: null },
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => message(from + index));

const chat: Chat = {
  id: "c1",
  userIDs: ["me", "other"],
  receiver: { id: "other", username: "grace", firstName: "Grace", lastName: "Tan", avatar: null, role: "Assistant" },
  seenBy: [],
  lastMessage: null,
  createdAt: "2026-11-20T01:00:00.000Z",
};

/** A socket hub whose `newMessage` the test sends. */
type NewMessage = Parameters<ServerToClientEvents["newMessage"]>[0];

function fakeHub() {
  const listeners = new Set<(payload: NewMessage) => void>();
  const hub = {
    on: (event: string, listener: (payload: NewMessage) => void) => {
      if (event !== "newMessage") return () => {};
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onConnect: () => () => {},
  } as unknown as RealtimeHub;
  const push = (m: ChatMessage) => act(() => listeners.forEach((listener) => listener({ chat, message: m })));
  return { hub, push };
}

/** The earlier pages the data route answers, each held until the test lets it go. */
function olderPages() {
  const asked: string[] = [];
  const waiting: ((page: ChatMessagePage) => void)[] = [];
  const loader = ({ request }: LoaderFunctionArgs): Promise<OlderAnswer> => {
    const before = new URL(request.url).searchParams.get("before") ?? "";
    asked.push(before);
    return new Promise((resolve) => waiting.push((page) => resolve({ ok: true, data: { ...page, before } })));
  };
  const answer = (page: ChatMessagePage) => act(async () => waiting.shift()?.(page));
  return { asked, loader, answer };
}

function show(loaded: ChatMessage[], start: ConversationStart) {
  const { hub, push } = fakeHub();
  const pages = olderPages();
  const router = createMemoryRouter([
    { path: "/", element: <Conversation chat={chat} loaded={loaded} start={start} userId="me" /> },
    { path: "/data/chat/older/:chatId", loader: pages.loader },
  ]);
  render(
    <AuthContext value={signedInAs(undefined, { id: "me" })}>
      <RealtimeContext value={hub}>
        <RouterProvider router={router} />
      </RealtimeContext>
    </AuthContext>,
  );
  return { push, pages };
}

const shownTexts = () =>
  within(screen.getByRole("list", { name: "Messages" }))
    .getAllByRole("listitem")
    .map((item) => item.querySelector("p")?.textContent);
const texts = (from: number, to: number) => range(from, to).map((m) => m.text);

describe("the conversation's earlier messages", () => {
  it("loads them a page at a time from the button, before what is shown, keeping what arrives meanwhile", async () => {
    const { push, pages } = show(range(101, 150), { olderCursor: "cursor-100", firstUnreadId: null });
    const log = screen.getByRole("log", { name: "Messages with Grace" });
    expect(log.tabIndex).toBe(0);
    expect(screen.queryByText("Beginning of the conversation")).toBeNull();

    fireEvent.click(within(log).getByRole("button", { name: "Load earlier messages" }));
    await screen.findByText("Loading earlier messages...");
    expect(within(log).getByRole("status").textContent).toBe("Loading earlier messages...");
    // A second press while it loads asks for nothing more.
    fireEvent.click(within(log).getByRole("button", { name: "Load earlier messages" }));
    expect(pages.asked).toEqual(["cursor-100"]);
    // A message arrives while the page is on its way.
    push(message(151));
    await pages.answer({ messages: range(51, 100), olderCursor: "cursor-50" });
    await screen.findByText("Message 51");
    expect(shownTexts()).toEqual(texts(51, 151));

    fireEvent.click(within(log).getByRole("button", { name: "Load earlier messages" }));
    expect(pages.asked).toEqual(["cursor-100", "cursor-50"]);
    // The last page overlaps what is shown: nothing shows twice.
    await pages.answer({ messages: range(1, 51), olderCursor: null });
    await screen.findByText("Beginning of the conversation");
    expect(shownTexts()).toEqual(texts(1, 151));
    expect(screen.getByText("Beginning of the conversation")).toBeTruthy();
    expect(within(log).queryByRole("button", { name: "Load earlier messages" })).toBeNull();
    expect(within(log).queryByRole("status")).toBeNull();
  });

  it("puts 'New messages' before the first unread message", () => {
    show(range(1, 20), { olderCursor: null, firstUnreadId: "m15" });
    const items = within(screen.getByRole("list", { name: "Messages" })).getAllByRole("listitem");
    expect(items).toHaveLength(20);
    const divider = screen.getByRole("separator", { name: "New messages" });
    expect(divider.textContent).toBe("New messages");
    // Above the message, in its item: the list holds only its messages.
    const item = divider.closest("li")!;
    expect(item.textContent).toContain("Message 15");
    expect(item.previousElementSibling?.textContent).toContain("Message 14");
    expect(items.indexOf(item)).toBe(14);
    expect(screen.getByText("Beginning of the conversation")).toBeTruthy();
  });

  it("shows no divider when everything was read", () => {
    show(range(1, 3), { olderCursor: null, firstUnreadId: null });
    expect(screen.queryByRole("separator")).toBeNull();
  });
});
