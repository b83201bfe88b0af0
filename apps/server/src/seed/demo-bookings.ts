import {
  ASSISTANT_RATE,
  DAY_MS,
  HOUR_MS,
  isWeekend,
  manilaDate,
  manilaInstant,
  referralRewardFor,
  shiftDate,
  SLOT_STARTS,
  startsInTime,
  type BookingStatus,
  type CancelReason,
  type PaymentStatus,
  type SlotStart,
} from "@vam/shared";
import type { bookingSeries, bookings, referralRewards, reviews, timeOff } from "../db/schema.js";
import { seeded } from "./demo-images.js";

type BookingInsert = typeof bookings.$inferInsert & { id: string };
type SeriesInsert = typeof bookingSeries.$inferInsert & { id: string };
type TimeOffInsert = typeof timeOff.$inferInsert;
type RewardInsert = typeof referralRewards.$inferInsert;
type ReviewInsert = typeof reviews.$inferInsert;
type Start = SlotStart;
type Duration = 4 | 8;

/** Enough weekdays back to reach the oldest demo account (about 18 months). */
const PAST_WEEKDAYS = 420;
const FUTURE_WEEKDAYS = 20;
const REVIEW_WINDOW_MS = 14 * DAY_MS;
/** Any fixed number: the same bookings and reviews (relative to today) on every install. */
const PRNG_SEED = 20_240_611;

/** The next `count` Manila weekdays after (step 1) or before (step -1) today's. */
function weekdays(now: Date, count: number, step: 1 | -1): string[] {
  const days: string[] = [];
  let date = manilaDate(now);
  while (days.length < count) {
    date = shiftDate(date, step);
    if (!isWeekend(date)) days.push(date);
  }
  return days;
}

export interface DemoParties {
  boss: string;
  sharer: string;
  /** The extra demo clients (Bosses), in DEMO_CLIENTS order. */
  clients: readonly string[];
  /** Every demo Assistant, in DEMO_ASSISTANTS order: 0 is maria_santos, 1 juan_delacruz. */
  assistants: readonly string[];
  /** Assistants who registered with the Boss's and the Sharer's referral codes. */
  referredByBoss: string;
  referredBySharer: string;
  /** Who referred whom: a completed booking pays the client's referrer. */
  referrerOf: ReadonlyMap<string, string>;
  /** When each account joined: nobody books before both parties existed. */
  joinedAt: ReadonlyMap<string, Date>;
}

/** Assistants (by index) nobody has reviewed yet: the newest members, so cards show "New" too. */
export const UNREVIEWED_ASSISTANTS = new Set([21, 22, 23]);
/** juan_delacruz keeps his one completed 4-hour booking (the end-to-end tests read it on his profile). */
const ONE_COMPLETED = new Set([1]);

/** Stars, weighted: mostly 5 and 4, now and then a 3. */
const CLIENT_STARS = [5, 5, 5, 5, 5, 4, 5, 4, 4, 3] as const;
const ASSISTANT_STARS = [5, 5, 5, 5, 4, 5, 4, 5, 5, 3] as const;
/** maria_santos, whose login the start-up log prints, is one of the best rated. */
const TOP_STARS = [5, 5, 5, 4, 5] as const;

/**
 * Bookings in every state so that /bookings, the dashboard, the operator's console and the
 * referral program have something to show: past completed (and paid) ones with their
 * reviews, the rewards they paid, upcoming ones paid and unpaid, payments waiting for
 * verification (some minutes, some hours, one almost a day old), a rejected payment and an
 * expired hold. Times are relative to `now`; everything else is fixed (seeded generator).
 */
export function demoBookings(ids: DemoParties, now: Date, newId: () => string) {
  const rnd = seeded(PRNG_SEED);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const past = weekdays(now, PAST_WEEKDAYS, -1);
  const future = weekdays(now, FUTURE_WEEKDAYS, 1);
  /** The weekday `offset` weekdays from today (never today itself: it may be a weekend). */
  const dayAt = (offset: number) => (offset < 0 ? past[-offset - 1] : future[offset - 1])!;
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  const after = (date: Date, hours: number) => new Date(date.getTime() + hours * HOUR_MS);

  // Half-days taken per person: no consultant or client is in two sessions at once.
  const taken = new Map<string, Set<string>>();
  const halves = (date: string, start: Start, duration: Duration) =>
    duration === 8 ? [`${date} AM`, `${date} PM`] : [`${date} ${start === SLOT_STARTS[0] ? "AM" : "PM"}`];
  const isFree = (people: string[], slots: string[]) => people.every((person) => slots.every((slot) => !taken.get(person)?.has(slot)));
  const take = (people: string[], slots: string[]) => {
    for (const person of people) {
      const set = taken.get(person) ?? new Set<string>();
      for (const slot of slots) set.add(slot);
      taken.set(person, set);
    }
  };

  const rows: BookingInsert[] = [];
  interface Plan {
    status: BookingStatus;
    payment: PaymentStatus;
    cancelReason?: CancelReason;
    /** When the client booked (and paid, for PAID) and when the state last changed. */
    createdAt: Date;
    decidedAt?: Date;
    updatedAt?: Date;
    /** The weekly series it is a date of. */
    seriesId?: string;
  }
  const book = (clientId: string, consultantId: string, date: string, start: Start, duration: Duration, plan: Plan) => {
    const startsAt = manilaInstant(date, start);
    const endsAt = new Date(startsAt.getTime() + duration * HOUR_MS);
    // Marked complete an hour to a day after the end, and never later than now.
    const completedAt =
      plan.status === "COMPLETED" ? new Date(Math.min(after(endsAt, 1 + Math.floor(rnd() * 20)).getTime(), now.getTime() - HOUR_MS)) : null;
    const slots = halves(date, start, duration);
    if (!isFree([clientId, consultantId], slots)) throw new Error(`demo seed: two bookings at ${date} ${start} for one person`);
    take([clientId, consultantId], slots);
    const id = newId();
    const row = {
      id,
      // One payment per booking, or per weekly series (seed/demo.ts writes them: paymentsOfBookings).
      paymentId: plan.seriesId ?? id,
      clientId,
      consultantId,
      startsAt,
      endsAt,
      duration,
      price: ASSISTANT_RATE * duration,
      status: plan.status,
      paymentStatus: plan.payment,
      paymentDecidedAt: plan.payment === "UNVERIFIED" ? null : (plan.decidedAt ?? after(plan.createdAt, 2 + Math.floor(rnd() * 6))),
      cancelReason: plan.cancelReason ?? null,
      completedAt,
      sequence: plan.status === "CANCELLED" ? 1 : 0,
      isRecurring: plan.seriesId !== undefined,
      seriesId: plan.seriesId ?? null,
      originalStartsAt: plan.seriesId ? startsAt : null,
      createdAt: plan.createdAt,
      updatedAt: completedAt ?? plan.updatedAt ?? plan.createdAt,
    } satisfies BookingInsert;
    rows.push(row);
    return row;
  };
  /** A past booking made some days ahead, paid, held and completed. */
  const completed = (clientId: string, consultantId: string, offset: number, start: Start, duration: Duration) => {
    const date = dayAt(offset);
    const createdAt = new Date(manilaInstant(date, start).getTime() - (2 + Math.floor(rnd() * 6)) * DAY_MS);
    return book(clientId, consultantId, date, start, duration, { status: "COMPLETED", payment: "PAID", createdAt });
  };

  const assistant = (index: number) => ids.assistants[index]!;
  const maria = assistant(0);
  const juan = assistant(1);
  const client = (index: number) => ids.clients[index % ids.clients.length]!;

  // The past: completed and paid, two of them paying referral rewards (Boss ₱1,000, Sharer ₱500).
  const bossWithMaria = completed(ids.boss, maria, -10, "09:00", 4);
  const referredWithMaria = completed(ids.referredByBoss, maria, -5, "09:00", 8);
  const referredWithJuan = completed(ids.referredBySharer, juan, -7, "13:00", 4);
  // Completed two days ago: Maria reviewed the Boss, the Boss has not yet (double-blind).
  const waitingForBoss = completed(ids.boss, maria, -2, "13:00", 4);
  // Completed yesterday, nobody has reviewed it yet.
  completed(ids.sharer, assistant(3), -1, "09:00", 4);
  // A hold whose payment never arrived, expired by the platform a day after it was made.
  {
    const date = dayAt(-6);
    const createdAt = new Date(manilaInstant(date, "09:00").getTime() - 6 * DAY_MS);
    book(client(2), assistant(3), date, "09:00", 4, {
      status: "CANCELLED",
      payment: "UNVERIFIED",
      cancelReason: "PAYMENT_EXPIRED",
      createdAt,
      updatedAt: after(createdAt, 24),
    });
  }

  // Upcoming: confirmed and paid, paid but not accepted yet, and payments to verify.
  book(ids.boss, maria, dayAt(2), "09:00", 4, { status: "CONFIRMED", payment: "PAID", createdAt: ago(72), updatedAt: ago(60) });
  book(ids.boss, maria, dayAt(3), "13:00", 4, { status: "PENDING", payment: "UNVERIFIED", createdAt: ago(0.7) });
  book(ids.boss, juan, dayAt(4), "09:00", 8, { status: "PENDING", payment: "PAID", createdAt: ago(50) });
  book(ids.sharer, maria, dayAt(5), "09:00", 4, {
    status: "CANCELLED",
    payment: "UNVERIFIED",
    cancelReason: "CLIENT",
    createdAt: ago(72),
    updatedAt: ago(48),
  });
  // Waiting for the operator: one almost a day old (the console's "over 12 hours"), others hours or minutes.
  book(client(0), assistant(5), dayAt(1), "13:00", 4, { status: "PENDING", payment: "UNVERIFIED", createdAt: ago(20) });
  book(client(1), assistant(8), dayAt(3), "09:00", 8, { status: "PENDING", payment: "UNVERIFIED", createdAt: ago(5) });
  // Accepted by the assistant before the payment was verified (allowed).
  book(ids.sharer, assistant(12), dayAt(6), "09:00", 4, { status: "CONFIRMED", payment: "UNVERIFIED", createdAt: ago(9), updatedAt: ago(7) });
  book(client(2), assistant(10), dayAt(7), "13:00", 4, { status: "CONFIRMED", payment: "PAID", createdAt: ago(96), updatedAt: ago(80) });
  book(client(3), assistant(14), dayAt(10), "09:00", 8, { status: "CONFIRMED", payment: "PAID", createdAt: ago(30), updatedAt: ago(20) });
  book(client(1), assistant(2), dayAt(8), "09:00", 4, { status: "PENDING", payment: "PAID", createdAt: ago(28) });
  book(client(0), juan, dayAt(6), "13:00", 4, {
    status: "CANCELLED",
    payment: "UNVERIFIED",
    cancelReason: "CONSULTANT",
    createdAt: ago(40),
    updatedAt: ago(34),
  });
  // The transfer never arrived: the operator marked it not received, which cancelled the booking.
  book(client(3), assistant(6), dayAt(4), "13:00", 4, {
    status: "CANCELLED",
    payment: "REJECTED",
    cancelReason: "PAYMENT_REJECTED",
    createdAt: ago(46),
    decidedAt: ago(22),
    updatedAt: ago(22),
  });

  // A weekly series (the Recurring tab): four afternoons, a week apart, of the Boss with one
  // assistant, paid as one and accepted at once.
  const series: SeriesInsert[] = [];
  {
    const id = newId();
    const first = dayAt(1);
    const consultant = assistant(4);
    const createdAt = ago(30);
    series.push({ id, clientId: ids.boss, consultantId: consultant, firstStartsAt: manilaInstant(first, "13:00"), weeks: 4, duration: 4, createdAt });
    for (let week = 0; week < 4; week++) {
      book(ids.boss, consultant, shiftDate(first, 7 * week), "13:00", 4, {
        status: "CONFIRMED",
        payment: "PAID",
        createdAt,
        updatedAt: ago(26),
        seriesId: id,
      });
    }
  }
  // Time off: an assistant's two days of leave, with the note only she reads.
  const leave: TimeOffInsert[] = [
    { assistantId: assistant(2), startsOn: dayAt(12), endsOn: dayAt(13), note: "Family event in Cebu", createdAt: ago(100) },
  ];

  // Months of completed bookings with the regular clients, each reviewed.
  const regulars = [ids.boss, ids.sharer, ...ids.clients];
  const generated: BookingInsert[] = [];
  ids.assistants.forEach((consultantId, index) => {
    if (UNREVIEWED_ASSISTANTS.has(index) || ONE_COMPLETED.has(index)) return;
    const count = index === 0 ? 4 : 2 + Math.floor(rnd() * 6);
    for (let made = 0, tries = 0; made < count && tries < 40; tries++) {
      const clientId = pick(regulars);
      const joined = Math.max(ids.joinedAt.get(consultantId)!.getTime(), ids.joinedAt.get(clientId)!.getTime());
      // From ten days after both joined up to a week ago, more of them recently.
      const oldest = past.findIndex((date) => manilaInstant(date, "09:00").getTime() < joined + 10 * DAY_MS);
      const last = (oldest < 0 ? past.length : oldest) - 1;
      if (last < 5) continue;
      const offset = -(5 + Math.floor(rnd() ** 1.6 * (last - 5 + 1)));
      const start: Start = SLOT_STARTS[rnd() < 0.5 ? 0 : 1];
      const duration: Duration = startsInTime(8, start) && rnd() < 0.35 ? 8 : 4;
      if (!isFree([clientId, consultantId], halves(dayAt(offset), start, duration))) continue;
      generated.push(completed(clientId, consultantId, offset, start, duration));
      made++;
    }
  });

  // Reviews: both sides for most bookings, published when the second one was written; a few
  // only by the client, published when the 14-day window closed.
  const reviewRows: ReviewInsert[] = [];
  const texts = { client: rotation(CLIENT_REVIEWS, rnd), assistant: rotation(ASSISTANT_REVIEWS, rnd) };
  const review = (booking: BookingInsert, by: "client" | "assistant", createdAt: Date, publishedAt: Date | null) => {
    const rating = by === "assistant" ? pick(ASSISTANT_STARS) : pick(booking.consultantId === maria ? TOP_STARS : CLIENT_STARS);
    reviewRows.push({
      bookingId: booking.id,
      authorId: by === "client" ? booking.clientId : booking.consultantId,
      subjectId: by === "client" ? booking.consultantId : booking.clientId,
      rating,
      // The text is optional: now and then only stars.
      text: rnd() < 0.1 ? null : texts[by](rating),
      createdAt,
      publishedAt,
    });
  };
  for (const booking of [bossWithMaria, referredWithMaria, referredWithJuan, ...generated]) {
    const completedAt = booking.completedAt!;
    const first = after(completedAt, 2 + Math.floor(rnd() * 46));
    const windowClosed = completedAt.getTime() + REVIEW_WINDOW_MS < now.getTime();
    if (windowClosed && rnd() < 0.2) {
      review(booking, "client", first, new Date(completedAt.getTime() + REVIEW_WINDOW_MS));
      continue;
    }
    const second = after(first, 1 + Math.floor(rnd() * 40));
    const clientFirst = rnd() < 0.6;
    review(booking, "client", clientFirst ? first : second, second);
    review(booking, "assistant", clientFirst ? second : first, second);
  }
  review(waitingForBoss, "assistant", after(waitingForBoss.completedAt!, 3), null);

  const rewards: RewardInsert[] = rows.flatMap((row) => {
    const earnerId = ids.referrerOf.get(row.clientId);
    return row.status === "COMPLETED" && earnerId && earnerId !== row.consultantId
      ? [{ bookingId: row.id, earnerId, amount: referralRewardFor(row.duration), createdAt: row.completedAt! }]
      : [];
  });
  return { bookings: rows, series, timeOff: leave, rewards, reviews: reviewRows };
}

/** Texts by star rating, handed out in turn from a random start so neighbours differ. */
function rotation(pool: Record<3 | 4 | 5, readonly string[]>, rnd: () => number) {
  const next = { 3: Math.floor(rnd() * 10), 4: Math.floor(rnd() * 10), 5: Math.floor(rnd() * 10) };
  return (rating: number) => {
    const stars = Math.min(5, Math.max(3, rating)) as 3 | 4 | 5;
    const list = pool[stars];
    return list[next[stars]++ % list.length]!;
  };
}

/** Clients about the assistant they booked. */
const CLIENT_REVIEWS: Record<3 | 4 | 5, readonly string[]> = {
  5: [
    "Very organised and always on time. Finished the whole backlog before lunch.",
    "Clear updates every hour and the work was done exactly the way I asked. Will book again.",
    "Super responsive on chat and very professional. Our customers noticed the faster replies.",
    "Asked the right questions at the start, then just got it done. Highly recommended!",
    "Great attention to detail: caught two pricing errors in our product list that we had missed for months.",
    "Had a brownout in their area and still switched to backup power without losing a minute. Reliable.",
    "Our inbox went from 200 unread emails to zero, with every reply sounding like us.",
    "Left clear notes and a checklist at the end, so my staff can continue the work. Salamat!",
    "Fast, friendly and careful. The spreadsheet is finally clean and easy to read.",
    "Second time booking and just as good as the first. Knows our business now.",
    "Handled our customer follow-ups with patience, even the difficult ones.",
    "Delivered more than we agreed in four hours and never cut corners.",
    "Excellent communication in English and Filipino. Our clients were very happy.",
    "Prepared everything before the session started. Zero time wasted.",
    "Set up our appointment reminders and explained how they work. Very helpful.",
    "Honest about what could be done in the time and delivered all of it.",
    "Made our weekly report simple enough that the whole team reads it now.",
    "Professional, kind and quick to learn our tools. Five stars.",
  ],
  4: [
    "Good work overall. Needed one reminder about the deadline but delivered everything.",
    "Solid and friendly. A few small revisions, quickly fixed.",
    "Did what we agreed on and did it well. A bit more initiative next time would be great.",
    "Started a little late because of an internet outage, but made up the time.",
    "Helpful and polite. The first draft needed some edits, the second was spot on.",
    "Reliable and careful. Updates could be a little more frequent.",
    "Good value for the hours booked. Would book again for the same kind of task.",
    "Knows the tools well. Took some time to understand our process, then worked fast.",
  ],
  3: [
    "The work was fine, but updates were slow and I had to follow up twice.",
    "Okay for simple tasks. Misread part of the brief, so we lost an hour fixing it.",
    "Friendly, but the report came in late. Quality was acceptable.",
    "Decent result, though a few items on the list were left unfinished.",
  ],
};

/** Assistants about the client who booked them. */
const ASSISTANT_REVIEWS: Record<3 | 4 | 5, readonly string[]> = {
  5: [
    "Clear brief and quick feedback. A pleasure to work with.",
    "Paid right away and sent everything I needed before the session started.",
    "Very kind and organised. Looking forward to the next booking.",
    "Shared logins and files ahead of time, so I could start right away.",
    "Knew exactly what they wanted and trusted me to do it. Great client.",
    "Respectful of my time and always available for quick questions.",
    "Easy to work with and generous with feedback. Thank you po!",
    "Well-prepared task list and realistic expectations. Would gladly work together again.",
  ],
  4: [
    "Good client. The brief changed midway, but we sorted it out quickly.",
    "Friendly and fair; replies were sometimes slow during the session.",
    "Nice to work with. Some files arrived late, but nothing we could not manage.",
    "Clear about priorities, though the task list was a bit long for four hours.",
  ],
  3: ["Instructions were unclear at first and the scope grew during the session.", "Polite, but hard to reach for approvals, so some tasks waited."],
};
