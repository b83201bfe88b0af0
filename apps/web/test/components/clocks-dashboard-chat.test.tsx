import type { Chat } from "@vam/shared";
import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { fixClockAtManilaMorning } from "./manila-clock";
import { signedInAs } from "./viewer";
import { AuthContext } from "../../src/features/auth/auth-context";
import { ChatListItem } from "../../src/features/chat/ChatListItem";
import { MessageList } from "../../src/features/chat/MessageList";
import type { ShownMessage } from "../../src/features/chat/message-merge";
import { DashboardCard } from "../../src/features/dashboard/DashboardCard";
import { TimeOffRefusal } from "../../src/features/time-off/TimeOffRefusal";
import { booking } from "../fixtures";

// Monday, November 23, 2026, 8:00 AM in Manila (Sunday, November 22, 4:00 PM in Los Angeles).
fixClockAtManilaMorning();

const LOS_ANGELES = "America/Los_Angeles";
const MANILA = "Asia/Manila";

/** Wednesday, November 25, 2026, 9:00 AM to 1:00 PM in Manila: Tuesday, 5:00 PM to 9:00 PM in Los Angeles. */
const pending = booking("2026-11-25", "PENDING", { id: "b-clocks" });

const message = (id: string, createdAt: string): ShownMessage => ({
  id,
  chatId: "c1",
  text: `Message ${id}`,
  attachments: [],
  userId: "other",
  createdAt,
  user: { id: "other", firstName: "Grace", lastName: "Tan", avatar: null },
});

/** 9:05 PM in Manila on Sunday, November 22 (5:05 AM in Los Angeles that day); then 7:30 AM in Manila this Monday (still Sunday, 3:30 PM, in Los Angeles). */
const messages = [message("m1", "2026-11-22T13:05:00.000Z"), message("m2", "2026-11-22T23:30:00.000Z")];

const chat: Chat = {
  id: "c1",
  userIDs: ["client", "other"],
  receiver: { id: "other", username: "grace", firstName: "Grace", lastName: "Tan", avatar: null, role: "Assistant" },
  seenBy: [],
  lastMessage: { text: "Message m2", userId: "other", createdAt: "2026-11-22T23:30:00.000Z" },
  createdAt: "2026-11-20T01:00:00.000Z",
};

/** The dashboard card, the chat's messages and its list item, and a time-off refusal, as someone in `zone` sees them. */
function showAs(zone: string) {
  const router = createMemoryRouter([
    {
      path: "/",
      element: (
        <>
          <DashboardCard booking={pending} userId="client" />
          <MessageList messages={messages} userId="client" senderName="Grace" seenByOther={false} />
          <ul aria-label="Chats">
            <ChatListItem chat={chat} selected={false} unread={false} userId="client" />
          </ul>
          <TimeOffRefusal
            message="Time off would cover bookings."
            bookings={[{ id: "b-clocks", date: "2026-11-25", startTime: "09:00", endTime: "13:00", clientName: "Ramon Reyes" }]}
          />
        </>
      ),
    },
  ]);
  render(
    <AuthContext value={signedInAs(zone, { id: "client" })}>
      <RouterProvider router={router} />
    </AuthContext>,
  );
}

const card = () => screen.getByRole("article", { name: "Booking with Maria Santos on Wednesday, November 25, 2026" });
/** The Time fact of the card: the <dd> after "Time". */
const cardTime = () => within(card()).getByText("Time").nextElementSibling?.textContent;
const messageTimes = () =>
  within(screen.getByRole("list", { name: "Messages" }))
    .getAllByRole("time")
    .map((time) => time.textContent);
const listTime = () => within(screen.getByRole("list", { name: "Chats" })).getByRole("time").textContent;
const refusedBooking = () => within(screen.getByRole("alert")).getByRole("listitem").textContent;

describe("both clocks on the dashboard and in the chat (decisions.md, 'Time zones')", () => {
  it("gives a viewer in Los Angeles their own time beside Manila's, with their date where it differs", async () => {
    showAs(LOS_ANGELES);
    await screen.findByRole("article");
    expect(cardTime()).toBe("9:00 AM - 1:00 PM Manila · Tue, Nov 24, 5:00 PM to 9:00 PM your time");
    expect(messageTimes()).toEqual(["Nov 22, 9:05 PM Manila · 5:05 AM your time", "7:30 AM Manila · Sun, Nov 22, 3:30 PM your time"]);
    expect(listTime()).toBe("7:30 AM Manila · Sun, Nov 22, 3:30 PM your time");
    expect(refusedBooking()).toBe("Wednesday, November 25, 2026, 9:00 AM - 1:00 PM Manila · Tue, Nov 24, 5:00 PM to 9:00 PM your time: Ramon Reyes");
  });

  it("leaves a viewer in Manila today's texts, word for word", async () => {
    showAs(MANILA);
    await screen.findByRole("article");
    expect(cardTime()).toBe("9:00 AM - 1:00 PM");
    expect(messageTimes()).toEqual(["Nov 22, 9:05 PM", "7:30 AM"]);
    expect(listTime()).toBe("7:30 AM");
    expect(refusedBooking()).toBe("Wednesday, November 25, 2026, 9:00 AM - 1:00 PM: Ramon Reyes");
  });

  it("adds nothing where the viewer's clock reads as Manila's (Singapore)", async () => {
    showAs("Asia/Singapore");
    await screen.findByRole("article");
    expect(cardTime()).toBe("9:00 AM - 1:00 PM");
    expect(messageTimes()).toEqual(["Nov 22, 9:05 PM", "7:30 AM"]);
  });
});
