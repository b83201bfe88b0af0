import { MAX_UNPAID_PAYMENTS, MSG, weekdayAhead } from "@vam/shared";
import { describe, expect, it } from "vitest";
import {
  allSucceeded,
  clientsNeeded,
  creationPlan,
  planProblems,
  raceProblems,
  racePlan,
  type Answer,
  type BenchShape,
  type PlannedBooking,
} from "../bench/booking-plan.js";

// npm run bench:booking's defaults (issue 31, defect 17: since the unpaid cap its 200 clients made
// 600 of 2,000 bookings, and every race request was refused by the cap).
const defaults = { consultants: 200, concurrency: 50, races: 20 };
const days = Array.from({ length: 10 }, (_, i) => weekdayAhead(i + 1));
const shape: BenchShape = { ...defaults, clients: clientsNeeded(defaults), days };

const perClient = (plan: PlannedBooking[]) => {
  const counts = new Map<number, number>();
  for (const booking of plan) counts.set(booking.client, (counts.get(booking.client) ?? 0) + 1);
  return [...counts.values()];
};

const won: Answer = { status: 201 };
const taken: Answer = { status: 409, message: MSG.bookingSlotTaken };
const capped: Answer = { status: 400, message: MSG.bookingUnpaidCap };

describe("bench:booking's plan", () => {
  it("creates 2,000 bookings with no client over the unpaid cap", () => {
    const creation = creationPlan(shape);
    expect(creation).toHaveLength(2000);
    expect(Math.max(...perClient(creation))).toBeLessThanOrEqual(MAX_UNPAID_PAYMENTS);
    expect(planProblems(creation, racePlan(shape))).toEqual([]);
  });

  it("races different clients for one slot, each request overlapping every other, each client in at most the cap's races", () => {
    const races = racePlan(shape);
    expect(races).toHaveLength(20);
    for (const race of races) {
      expect(new Set(race.map((b) => b.client)).size).toBe(50);
      expect(new Set(race.map((b) => `${b.consultant} ${b.date}`)).size).toBe(1);
      expect(new Set(race.map((b) => b.duration))).toEqual(new Set([4, 8]));
    }
    const racesPerClient = new Map<number, number>();
    for (const b of races.flat()) racesPerClient.set(b.client, (racesPerClient.get(b.client) ?? 0) + 1);
    expect(Math.max(...racesPerClient.values())).toBeLessThanOrEqual(MAX_UNPAID_PAYMENTS);
  });

  it("refuses to run with too few clients (the old default of 200) or a race two requests can both win", () => {
    const few = { ...shape, clients: 200 };
    expect(planProblems(creationPlan(few), racePlan(few))).toContain(
      `${200} clients would make more than ${MAX_UNPAID_PAYMENTS} unpaid bookings in the creation phase`,
    );
    const morning: PlannedBooking = { client: 0, consultant: 0, date: days[5]!, startTime: "09:00", duration: 4 };
    const afternoon: PlannedBooking = { ...morning, client: 1, startTime: "13:00" };
    expect(planProblems([], [[morning, afternoon]])).toEqual(["race 1: not every request overlaps every other, more than one may win"]);
  });
});

describe("bench:booking's checks", () => {
  it("passes races with one winner each and the slot-taken 409 for the others", () => {
    expect(
      raceProblems([
        [taken, won, taken],
        [won, taken],
      ]),
    ).toEqual([]);
  });

  it("names a raced slot without exactly one winner, and a refusal by the cap as such", () => {
    expect(
      raceProblems([
        [taken, capped],
        [won, won],
      ]),
    ).toEqual([
      "race 1: 0 winners (must be 1)",
      "race 2: 2 winners (must be 1)",
      `races: 1 × 400 ${MSG.bookingUnpaidCap} (a loser should get 409 ${MSG.bookingSlotTaken})`,
    ]);
    expect(allSucceeded("creation", [won, capped, capped], 201)).toEqual([
      `creation: 2 × 400 ${MSG.bookingUnpaidCap} (every request should answer 201)`,
    ]);
  });
});
