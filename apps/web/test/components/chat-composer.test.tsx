import { MESSAGE_MAX, MSG } from "@vam/shared";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { InManila } from "./viewer";
import { MessageComposer } from "../../src/features/chat/MessageComposer";
import { MessageList } from "../../src/features/chat/MessageList";
import type { ShownMessage } from "../../src/features/chat/message-merge";

afterEach(cleanup);

describe("MessageComposer near its limit", () => {
  it("counts the characters left when the text is near the limit", () => {
    render(<MessageComposer chatId="c1" onSend={vi.fn()} unsent={null} disabled={false} />);
    const box = screen.getByLabelText("Message");
    fireEvent.change(box, { target: { value: "a".repeat(100) } });
    expect(screen.queryByText(/characters? left$/)).toBeNull();
    fireEvent.change(box, { target: { value: "a".repeat(MESSAGE_MAX - 150) } });
    const count = screen.getByText(MSG.charactersLeft(150));
    expect(count.closest("[aria-live=polite]")).toBeTruthy();
  });

  it("says so when a paste is cut at the limit, keeping its start", async () => {
    const user = userEvent.setup();
    render(<MessageComposer chatId="c1" onSend={vi.fn()} unsent={null} disabled={false} />);
    const box = screen.getByLabelText<HTMLTextAreaElement>("Message");
    await user.click(box);
    await user.paste(`start ${"b".repeat(MESSAGE_MAX)}`);
    expect(box.value).toBe(`start ${"b".repeat(MESSAGE_MAX)}`.slice(0, MESSAGE_MAX));
    const note = screen.getByText(MSG.messageCut(MESSAGE_MAX));
    expect(note.textContent).toBe("Your message was cut to 2,000 characters.");
    expect(note.closest("[aria-live=polite]")).toBeTruthy();
  });
});

describe("MessageList", () => {
  it("can be scrolled by keyboard: it takes focus and is named", () => {
    const messages: ShownMessage[] = [
      {
        id: "m1",
        chatId: "c1",
        text: "Hello",
        attachments: [],
        userId: "other",
        createdAt: "2026-11-20T01:00:00.000Z",
        user: { id: "other", firstName: "Grace", lastName: "Tan", avatar: null },
      },
    ];
    render(<MessageList messages={messages} userId="me" senderName="Grace" seenByOther={false} />, { wrapper: InManila });
    const log = screen.getByRole("log", { name: "Messages with Grace" });
    expect(log.tabIndex).toBe(0);
    log.focus();
    expect(document.activeElement).toBe(log);
  });
});
