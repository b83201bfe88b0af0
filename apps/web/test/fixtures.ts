import type { Booking, BookingStatus, ChatPerson, Review } from "@vam/shared";

let counter = 0;

const person = (extra: Partial<ChatPerson>): ChatPerson => ({
  id: "p",
  username: "p",
  firstName: "Maria",
  lastName: "Santos",
  avatar: null,
  role: "Assistant",
  ...extra,
});

/** Manila wall time as an instant. */
export const manila = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);

/**
 * A booking of Maria Santos (consultant) for Ramon Reyes (client), 09:00-13:00 Manila on `date`;
 * `startsAt`/`endsAt` follow the date and times unless given.
 */
export function booking(date: string, status: BookingStatus, extra: Partial<Booking> = {}): Booking {
  const startTime = extra.startTime ?? "09:00";
  const endTime = extra.endTime ?? "13:00";
  return {
    id: `b${++counter}`,
    date,
    startTime,
    endTime,
    duration: 4,
    price: 5000,
    status,
    paymentStatus: "UNVERIFIED",
    paymentReference: "VA-7KQ2MX",
    transferReference: null,
    cancelReason: null,
    startsAt: manila(date, startTime).toISOString(),
    endsAt: manila(date, endTime).toISOString(),
    completedAt: null,
    isRecurring: false,
    seriesId: null,
    consultantId: "consultant",
    consultant: person({ id: "consultant" }),
    user: person({ id: "client", firstName: "Ramon", lastName: "Reyes", role: "Boss" }),
    createdAt: "2026-11-01T00:00:00Z",
    reviews: { mine: null, theirs: null, theirsSubmitted: false, theirsHidden: false, closesAt: null },
    refund: null,
    ...extra,
  };
}

export function review(rating: number, extra: Partial<Review> = {}): Review {
  return {
    id: `r${++counter}`,
    bookingId: "b",
    rating,
    text: null,
    createdAt: "2026-11-20T00:00:00Z",
    publishedAt: null,
    author: { id: "client", firstName: "Ramon", lastName: "Reyes", avatar: null },
    ...extra,
  };
}
