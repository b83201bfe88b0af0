import type { PushKind, PushPayload } from "@vam/shared";
import type { notifications } from "../db/schema.js";

/** A stored notification, read from the schema: notifications calls push, so push does not import it. */
export type NotificationRow = typeof notifications.$inferSelect;

/**
 * Which push a stored notification makes, if any (issue 33: new messages, booking changes,
 * payment verified, payout sent), with the page it opens: the same targets as the web's
 * `notification-target.ts`. Payment decisions and transfers are told by their titles, which
 * their features compose (bookings/changes.ts, payouts/notices.ts).
 */
export function notificationPush(row: NotificationRow): { kind: PushKind; payload: PushPayload } | null {
  const text = { title: row.title, body: row.content };
  switch (row.type) {
    case "MESSAGE":
      return { kind: "messages", payload: { ...text, url: row.chatId ? `/chat/${row.chatId}` : "/chat", tag: `chat-${row.chatId ?? "all"}` } };
    case "BOOKING": {
      const url = row.entityId ? `/bookings/${row.entityId}` : "/bookings";
      const kind: PushKind = /^Payment\b/.test(row.title) ? "payments" : "bookings";
      return { kind, payload: { ...text, url, tag: `booking-${row.entityId ?? row.id}` } };
    }
    case "SYSTEM":
      // "Payout sent" / "Refund sent" (a payout line); a failed transfer or a changed payout account is not pushed.
      if (row.title === "Payout sent") return { kind: "payouts", payload: { ...text, url: "/earnings", tag: `payout-${row.entityId ?? row.id}` } };
      if (row.title === "Refund sent") return { kind: "payouts", payload: { ...text, url: "/bookings", tag: `payout-${row.entityId ?? row.id}` } };
      return null;
    default:
      return null;
  }
}
