import type { Booking, BookingParty, ChatPerson } from "@vam/shared";

/** How the signed-in user takes part in a booking. */
export const partyIn = (booking: Booking, userId: string): BookingParty => (booking.consultantId === userId ? "consultant" : "client");

/** The other party of a booking, seen from the signed-in user. */
export const otherPerson = (booking: Booking, userId: string): ChatPerson =>
  partyIn(booking, userId) === "consultant" ? booking.user : booking.consultant;

export const fullName = (person: Pick<ChatPerson, "firstName" | "lastName">) => `${person.firstName} ${person.lastName}`;
