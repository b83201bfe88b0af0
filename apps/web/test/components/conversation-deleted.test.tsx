import { MSG, type Chat, type SelfUser } from "@vam/shared";
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthContext, type AuthContextValue } from "../../src/features/auth/auth-context";
import { Conversation } from "../../src/features/chat/Conversation";
import { RealtimeContext } from "../../src/features/realtime/realtime-context";
import type { RealtimeHub } from "../../src/features/realtime/realtime-hub";

afterEach(cleanup);

const ME = { id: "me", username: "ramon", firstName: "Ramon", lastName: "Cruz" } as SelfUser;
const hub = { on: () => () => {}, onConnect: () => () => {} } as unknown as RealtimeHub;

function chatWith(receiver: Partial<Chat["receiver"]>): Chat {
  return {
    id: "c1",
    userIDs: ["me", "other"],
    receiver: { id: "other", username: "grace", firstName: "Grace", lastName: "Tan", avatar: null, role: "Assistant", ...receiver },
    seenBy: [],
    lastMessage: null,
    createdAt: "2026-11-20T01:00:00.000Z",
  };
}

function show(chat: Chat) {
  const auth: AuthContextValue = { user: ME, token: "t", loading: false, logout: vi.fn(), setUser: vi.fn() };
  const router = createMemoryRouter([{ path: "/", element: <Conversation chat={chat} loaded={[]} userId="me" /> }]);
  render(
    <AuthContext value={auth}>
      <RealtimeContext value={hub}>
        <RouterProvider router={router} />
      </RealtimeContext>
    </AuthContext>,
  );
}

describe("Conversation", () => {
  it("offers to write to a person", () => {
    show(chatWith({}));
    expect(screen.getByLabelText("Message")).toBeTruthy();
    expect(screen.queryByText(MSG.recipientDeleted)).toBeNull();
  });

  it("says a deleted account cannot get messages instead of offering to write", () => {
    show(chatWith({ firstName: "Deleted", lastName: "user", deleted: true }));
    expect(screen.getByRole("status").textContent).toBe(MSG.recipientDeleted);
    expect(screen.queryByLabelText("Message")).toBeNull();
    expect(screen.getByRole("region", { name: "Conversation with Deleted user" })).toBeTruthy();
  });
});
