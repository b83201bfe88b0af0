// What bench:booking asks for and what it must get back, apart from the HTTP (tested in
// scripts/test/booking-plan.test.ts). Since the unpaid cap (decisions.md, "Payment") a client
// holds at most MAX_UNPAID_PAYMENTS unverified bookings: the plan gives no client more than that
// in the creation phase, the operator then verifies those payments (as they would once the
// clients paid), and each client joins at most that many races, so every refusal the bench sees
// is the one its scenario expects.
import { MAX_UNPAID_PAYMENTS, MSG } from "@vam/shared";

export interface BenchShape {
  consultants: number;
  clients: number;
  /** Requests in flight at once; also the number of clients racing for one slot. */
  concurrency: number;
  races: number;
  /** Ten weekdays: the first five for the creation phase, the last five for the races. */
  days: string[];
}

/** One booking request: client and consultant by their index in the seeded lists. */
export interface PlannedBooking {
  client: number;
  consultant: number;
  date: string;
  startTime: "09:00" | "13:00";
  duration: 4 | 8;
}

/** What the server answered: the status, and the message of a refusal. */
export interface Answer {
  status: number;
  message?: string;
}

/** Creation: each consultant on every morning and afternoon of the first five days; booking k is client k's modulo the clients. */
export function creationPlan(shape: BenchShape): PlannedBooking[] {
  const plan: PlannedBooking[] = [];
  for (let consultant = 0; consultant < shape.consultants; consultant++) {
    for (const date of shape.days.slice(0, 5)) {
      for (const startTime of ["09:00", "13:00"] as const) {
        plan.push({ client: plan.length % shape.clients, consultant, date, startTime, duration: 4 });
      }
    }
  }
  return plan;
}

/**
 * Races: race r is `concurrency` different clients asking for one slot of one consultant on one
 * of the last five days (mornings and afternoons in turn). A third ask for the whole day (8 hours
 * from 09:00), the others for the slot's 4 hours: every request overlaps every other, so exactly
 * one may win.
 */
export function racePlan(shape: BenchShape): PlannedBooking[][] {
  return Array.from({ length: shape.races }, (_, race) => {
    const slot = race % 2 === 0 ? "09:00" : "13:00";
    return Array.from({ length: shape.concurrency }, (_, i): PlannedBooking => {
      const fullDay = i % 3 === 0;
      return {
        client: (race * shape.concurrency + i) % shape.clients,
        consultant: race % shape.consultants,
        date: shape.days[5 + (race % 5)]!,
        startTime: fullDay ? "09:00" : slot,
        duration: fullDay ? 8 : 4,
      };
    });
  });
}

/** The fewest clients for which the plans stay within the unpaid cap. */
export function clientsNeeded(shape: Omit<BenchShape, "clients" | "days">): number {
  const creation = shape.consultants * 10;
  return Math.max(Math.ceil(creation / MAX_UNPAID_PAYMENTS), Math.ceil((shape.races * shape.concurrency) / MAX_UNPAID_PAYMENTS), shape.concurrency);
}

const hours = (booking: PlannedBooking) => {
  const start = Number(booking.startTime.slice(0, 2));
  return { start, end: start + booking.duration };
};

const countBy = <T>(items: T[], key: (item: T) => string | number) => {
  const counts = new Map<string | number, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};

/**
 * Why the plans would not measure what they say (empty: they will): a client over the unpaid
 * cap in the creation phase or in the races (its creation bookings are paid by then), a client
 * twice in one race, a race whose requests do not all overlap, two races on one consultant's day.
 */
export function planProblems(creation: PlannedBooking[], races: PlannedBooking[][]): string[] {
  const problems: string[] = [];
  const overCap = (counts: Map<string | number, number>) => [...counts.values()].filter((n) => n > MAX_UNPAID_PAYMENTS).length;
  const creationOver = overCap(countBy(creation, (b) => b.client));
  if (creationOver > 0) problems.push(`${creationOver} clients would make more than ${MAX_UNPAID_PAYMENTS} unpaid bookings in the creation phase`);
  const racesOf = countBy(
    races.flatMap((race) => [...new Set(race.map((b) => b.client))]),
    (client) => client,
  );
  const raceOver = overCap(racesOf);
  if (raceOver > 0) problems.push(`${raceOver} clients would join more than ${MAX_UNPAID_PAYMENTS} races, and could win more than the cap`);
  const days = new Set<string>();
  races.forEach((race, r) => {
    if (new Set(race.map((b) => b.client)).size < race.length) problems.push(`race ${r + 1}: a client asks more than once`);
    const latestStart = Math.max(...race.map((b) => hours(b).start));
    const earliestEnd = Math.min(...race.map((b) => hours(b).end));
    if (latestStart >= earliestEnd) problems.push(`race ${r + 1}: not every request overlaps every other, more than one may win`);
    const day = `${race[0]?.consultant} ${race[0]?.date}`;
    if (days.has(day)) problems.push(`race ${r + 1}: another race is on the same consultant's day`);
    days.add(day);
  });
  return problems;
}

/** "201", or the status and message of a refusal: how answers are counted and printed. */
export const answerKey = (answer: Answer) => (answer.status < 300 ? String(answer.status) : `${answer.status} ${answer.message ?? "(no message)"}`);

/** Answers counted by `answerKey`, most frequent first. */
export const tally = (answers: Answer[]): [string, number][] =>
  [...countBy(answers, answerKey)].map(([key, n]) => [String(key), n] as [string, number]).sort((a, b) => b[1] - a[1]);

/** Why a phase where every request must succeed with `status` failed (empty: it did not). */
export function allSucceeded(phase: string, answers: Answer[], status: number): string[] {
  return tally(answers)
    .filter(([key]) => key !== String(status))
    .map(([key, n]) => `${phase}: ${n} × ${key} (every request should answer ${status})`);
}

/** Why the races failed (empty: each had one winner, and every loser was told the slot was taken). */
export function raceProblems(answers: Answer[][]): string[] {
  const problems: string[] = [];
  answers.forEach((race, r) => {
    const winners = race.filter((answer) => answer.status === 201).length;
    if (winners !== 1) problems.push(`race ${r + 1}: ${winners} winners (must be 1)`);
  });
  const expected = `409 ${MSG.bookingSlotTaken}`;
  for (const [key, n] of tally(answers.flat())) {
    if (key !== "201" && key !== expected) problems.push(`races: ${n} × ${key} (a loser should get ${expected})`);
  }
  return problems;
}
