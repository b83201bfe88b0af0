import { canActOnBooking, type Booking, type BookingParty } from "@vam/shared";

export type DashboardAction = "accept" | "decline" | "cancel" | "complete" | "reschedule" | "chat";

/**
 * What the dashboard offers (spec): pending as consultant: Accept, Decline; pending as client:
 * Reschedule, Cancel; confirmed: Chat plus Complete (consultant) or Reschedule (client).
 * Completed and cancelled bookings offer nothing.
 */
const OFFERED: Record<string, Partial<Record<BookingParty, DashboardAction[]>>> = {
  PENDING: { consultant: ["accept", "decline"], client: ["reschedule", "cancel"] },
  CONFIRMED: { consultant: ["chat", "complete"], client: ["chat", "reschedule"] },
};

/** The rule each offered action must also pass (the server's rules, shared). */
const RULE = { accept: "accept", decline: "cancel", cancel: "cancel", complete: "complete", reschedule: "reschedule" } as const;

/** The offered actions that the rules allow `party` at `now` (Complete: paid and over). */
export function dashboardActions(booking: Booking, party: BookingParty, now: Date): DashboardAction[] {
  return (OFFERED[booking.status]?.[party] ?? []).filter((action) => action === "chat" || canActOnBooking(RULE[action], booking, party, now));
}
