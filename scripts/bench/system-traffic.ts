// The mixed day of `npm run bench:system`: what the simulated people ask for, in what
// proportions, and the little state the mix needs (bookings made during the run, search pages
// seen) so that changes act on real bookings and next pages follow real cursors.
import { SKILL_OPTIONS, weekdayAhead } from "@vam/shared";
import { CITIES, FIRST_NAMES, LAST_NAMES, PROVINCES } from "./ph-vocabulary.js";
import { seeded } from "./seeded.js";
import { BOOKING_DAYS, SEED_PASSWORD, type Marketplace, type OnlineUser } from "./system-seed.js";

/** One HTTP request of the mix. */
export interface Call {
  /** The row of the tables: method, route pattern and what varies. */
  name: string;
  method: "GET" | "POST" | "PUT";
  path: string;
  token?: string;
  body?: unknown;
  /** Statuses that are a success. */
  ok: readonly number[];
  /** Statuses that are a right answer though not a success (a slot taken meanwhile: 409); not errors. */
  expected?: readonly number[];
  /** The answer's JSON is read (search pages, created bookings). */
  read?: boolean;
  /** Called with the status (undefined: no answer) and the JSON when `read`. */
  settle?(status: number | undefined, json: unknown): void;
  /** A chat message: its delivery to the recipient's socket is timed. */
  message?: { text: string; recipientId: string };
}

/** Per 100 requests (stated in docs/benchmarks.md). */
export const MIX = {
  "GET /api/profiles/posts (newest first)": 6,
  "GET /api/profiles/posts (name)": 10,
  "GET /api/profiles/posts (place)": 6,
  "GET /api/profiles/posts (skill)": 5,
  "GET /api/profiles/posts (name + place + skill)": 3,
  "GET /api/profiles/posts (available on)": 2,
  "GET /api/profiles/posts (next page)": 8,
  "GET /api/profiles/:id": 12,
  "GET /api/profiles/posts/:id": 5,
  "GET /api/profiles/:id/reviews": 3,
  "GET /api/bookings/booked/:id": 5,
  "GET /api/chats": 5,
  "GET /api/chats/:id": 5,
  "POST /api/messages/send": 7,
  "PUT /api/chats/read/:chatId": 3,
  "POST /api/bookings/create": 3,
  "PUT /api/bookings/:id/status (accept)": 2,
  "PUT /api/bookings/:id/status (decline, cancel)": 1.5,
  "PUT /api/bookings/:id/reschedule": 1.5,
  "GET /api/bookings/user": 2,
  "GET /api/users/notification": 2,
  "GET /api/users/notifications": 2,
  "POST /api/auth/login": 1,
} as const;
export type CallName = keyof typeof MIX;

/** Groups of the mix, for the doc: search and browse 40, profile views 25, chat 20, bookings 10, other 5. */
export const GROUPS: Record<string, CallName[]> = {
  "search and browse": Object.keys(MIX).filter((name) => name.startsWith("GET /api/profiles/posts (")) as CallName[],
  "profile views": ["GET /api/profiles/:id", "GET /api/profiles/posts/:id", "GET /api/profiles/:id/reviews", "GET /api/bookings/booked/:id"],
  chat: ["GET /api/chats", "GET /api/chats/:id", "POST /api/messages/send", "PUT /api/chats/read/:chatId"],
  "bookings and their changes": [
    "POST /api/bookings/create",
    "PUT /api/bookings/:id/status (accept)",
    "PUT /api/bookings/:id/status (decline, cancel)",
    "PUT /api/bookings/:id/reschedule",
    "GET /api/bookings/user",
  ],
  other: ["GET /api/users/notification", "GET /api/users/notifications", "POST /api/auth/login"],
};

/** A Boss holds at most this many unpaid bookings (MAX_UNPAID_BOOKINGS): the mix stays under it. */
const UNPAID_CAP = 3;
const SLOTS = ["09:00", "13:00"] as const;
type Slot = (typeof SLOTS)[number];

interface LiveBooking {
  id: string;
  bossIndex: number;
  assistantIndex: number;
  date: string;
  startTime: Slot;
  duration: 4 | 8;
  status: "PENDING" | "CONFIRMED";
  /** A change is in flight (or its answer never came): nothing else acts on it. */
  busy: boolean;
}

const slotsOf = (startTime: Slot, duration: number): Slot[] => (duration === 8 ? [...SLOTS] : [startTime]);
const LETTERS = "abcdeghiklmnoprstuy";

/** The people, the mix and its state for one run (one number of instances): a fresh state each time. */
export class MixedDay {
  private readonly rng;
  private readonly names = Object.keys(MIX) as CallName[];
  private readonly cumulative: number[] = [];
  private readonly total: number;
  private readonly days = Array.from({ length: BOOKING_DAYS }, (_, i) => weekdayAhead(i + 1));
  /** Slots held per online Assistant ("date time"), seeded ones included. */
  private readonly held = new Map<number, Set<string>>();
  private readonly unpaid: number[];
  private readonly live: LiveBooking[] = [];
  /** Ids and next-page cursors from the search pages answered so far (the last few hundred). */
  private readonly seenIds: string[] = [];
  private readonly cursors: { params: Record<string, string>; cursor: string }[] = [];
  private messageNumber = 0;
  /** How often a booking change found nothing to act on and became a new booking instead. */
  readonly fallbacks = new Map<string, number>();

  constructor(
    private readonly market: Marketplace,
    seed: number,
    private readonly tag: string,
  ) {
    this.rng = seeded(seed);
    let sum = 0;
    for (const name of this.names) this.cumulative.push((sum += MIX[name]));
    this.total = sum;
    this.unpaid = market.bosses.map(() => 0);
    for (const slot of market.held) this.slotsOfAssistant(slot.assistantIndex).add(`${slot.date} ${slot.startTime}`);
  }

  /** The next request of the day. */
  next(): Call {
    const r = this.rng.next() * this.total;
    const name = this.names[this.cumulative.findIndex((edge) => r < edge)] ?? this.names[0]!;
    return this.make(name);
  }

  private int = (n: number) => Math.floor(this.rng.next() * n);
  private pick = <T>(list: readonly T[]): T => this.rng.pick(list);
  private chance = (p: number) => this.rng.next() < p;

  private slotsOfAssistant(index: number) {
    let set = this.held.get(index);
    if (!set) this.held.set(index, (set = new Set()));
    return set;
  }

  private remember<T>(list: T[], value: T, size: number) {
    if (list.length < size) list.push(value);
    else list[this.int(size)] = value;
  }

  private typo(word: string) {
    const at = 1 + this.int(word.length - 1);
    return this.chance(0.5) ? word.slice(0, at) + word.slice(at + 1) : word.slice(0, at) + this.pick([...LETTERS]) + word.slice(at);
  }

  /** A search page: the first, or with `cursor` the next one of the same query. */
  private search(name: CallName, params: Record<string, string>, cursor?: string): Call {
    const query = new URLSearchParams(params);
    const withCursor = new URLSearchParams(query);
    if (cursor) withCursor.set("cursor", cursor);
    return {
      name,
      method: "GET",
      path: `/api/profiles/posts${withCursor.size ? `?${withCursor}` : ""}`,
      ok: [200],
      read: true,
      settle: (status, json) => {
        if (status !== 200) return;
        const page = json as { items: { userId: string }[]; nextCursor: string | null };
        for (const item of page.items.slice(0, 6)) this.remember(this.seenIds, item.userId, 500);
        // The next page of this very query, for someone who scrolls on.
        if (page.nextCursor) this.remember(this.cursors, { params, cursor: page.nextCursor }, 200);
      },
    };
  }

  /** A listed Assistant someone looks at: mostly one of the search results answered lately. */
  private viewedId() {
    return this.seenIds.length && this.chance(0.8) ? this.pick(this.seenIds) : this.pick(this.market.listedIds);
  }

  private someoneOnline(): OnlineUser {
    const { bosses, assistants } = this.market;
    const i = this.int(bosses.length + assistants.length);
    return i < bosses.length ? bosses[i]! : assistants[i - bosses.length]!;
  }

  private make(name: CallName): Call {
    const get = (path: string, token?: string): Call => ({ name, method: "GET", path, token, ok: [200] });
    switch (name) {
      case "GET /api/profiles/posts (newest first)":
        return this.search(name, {});
      case "GET /api/profiles/posts (name)": {
        const roll = this.rng.next();
        const first = this.pick(FIRST_NAMES);
        const userName =
          roll < 0.5 ? first : roll < 0.8 ? `${first} ${this.pick(LAST_NAMES)}` : this.typo(first.length > 4 ? first : `${first}${first}`);
        return this.search(name, { userName });
      }
      case "GET /api/profiles/posts (place)":
        return this.search(name, { location: this.chance(0.6) ? this.pick(CITIES) : this.pick(PROVINCES) });
      case "GET /api/profiles/posts (skill)":
        return this.search(name, { skills: this.pick(SKILL_OPTIONS) });
      case "GET /api/profiles/posts (name + place + skill)":
        return this.search(name, { userName: this.pick(FIRST_NAMES), location: this.pick(PROVINCES), skills: this.pick(SKILL_OPTIONS) });
      case "GET /api/profiles/posts (available on)":
        return this.search(name, {
          date: this.pick(this.days.slice(0, 20)),
          slot: this.pick(["Morning", "Afternoon"]),
          skills: this.pick(SKILL_OPTIONS),
        });
      case "GET /api/profiles/posts (next page)": {
        if (!this.cursors.length) return this.search("GET /api/profiles/posts (newest first)", {});
        // Taken once: a person scrolls on from where they are, then from the page after.
        const at = this.int(this.cursors.length);
        const { params, cursor } = this.cursors[at]!;
        this.cursors[at] = this.cursors.at(-1)!;
        this.cursors.pop();
        return this.search(name, params, cursor);
      }
      case "GET /api/profiles/:id":
        return get(`/api/profiles/${this.viewedId()}`);
      case "GET /api/profiles/posts/:id":
        return get(`/api/profiles/posts/${this.viewedId()}`);
      case "GET /api/profiles/:id/reviews":
        return get(`/api/profiles/${this.viewedId()}/reviews`);
      case "GET /api/bookings/booked/:id":
        return get(`/api/bookings/booked/${this.viewedId()}`);
      case "GET /api/chats":
      case "GET /api/chats/:id":
      case "POST /api/messages/send":
      case "PUT /api/chats/read/:chatId":
        return this.chat(name);
      case "POST /api/bookings/create":
        return this.create(name);
      case "PUT /api/bookings/:id/status (accept)":
        return this.accept(name);
      case "PUT /api/bookings/:id/status (decline, cancel)":
        return this.cancel(name);
      case "PUT /api/bookings/:id/reschedule":
        return this.reschedule(name);
      case "GET /api/bookings/user": {
        const user = this.someoneOnline();
        return get(`/api/bookings/user?role=${user.role === "Boss" ? "client" : "consultant"}`, user.token);
      }
      case "GET /api/users/notification":
        return get("/api/users/notification", this.someoneOnline().token);
      case "GET /api/users/notifications":
        return get("/api/users/notifications", this.someoneOnline().token);
      case "POST /api/auth/login":
        return {
          name,
          method: "POST",
          path: "/api/auth/login",
          body: { username: this.someoneOnline().username, password: SEED_PASSWORD },
          ok: [200],
        };
    }
  }

  private chat(name: CallName): Call {
    const chat = this.pick(this.market.chats);
    const boss = this.market.bosses[chat.bossIndex]!;
    const assistant = this.market.assistants[chat.assistantIndex]!;
    const [me, other] = this.chance(0.5) ? [boss, assistant] : [assistant, boss];
    if (name === "GET /api/chats") return { name, method: "GET", path: "/api/chats", token: me.token, ok: [200] };
    if (name === "GET /api/chats/:id") return { name, method: "GET", path: `/api/chats/${chat.id}`, token: me.token, ok: [200] };
    if (name === "PUT /api/chats/read/:chatId") return { name, method: "PUT", path: `/api/chats/read/${chat.id}`, token: me.token, ok: [200] };
    const text = `Message ${this.tag}-${++this.messageNumber}: is ${this.pick(this.days.slice(0, 10))} still fine?`;
    return {
      name,
      method: "POST",
      path: "/api/messages/send",
      token: me.token,
      body: { recipientId: other.id, message: text },
      ok: [201],
      message: { text, recipientId: other.id },
    };
  }

  /** A free start for the Assistant: a 4-hour slot, or one day in five a full day (8 hours from 09:00). */
  private freeSlot(assistantIndex: number, duration: 4 | 8 = this.chance(0.2) ? 8 : 4) {
    const taken = this.slotsOfAssistant(assistantIndex);
    for (let tries = 0; tries < 20; tries++) {
      const date = this.pick(this.days);
      const startTime: Slot = duration === 8 ? "09:00" : this.pick(SLOTS);
      const keys = slotsOf(startTime, duration).map((slot) => `${date} ${slot}`);
      if (keys.every((key) => !taken.has(key))) return { date, startTime, duration, keys };
    }
    return undefined;
  }

  private hold(assistantIndex: number, keys: string[], on: boolean) {
    const taken = this.slotsOfAssistant(assistantIndex);
    for (const key of keys) {
      if (on) taken.add(key);
      else taken.delete(key);
    }
  }

  /** A booking of the run matching `test` that nothing else acts on, or undefined. */
  private liveBooking(test: (booking: LiveBooking) => boolean) {
    for (let tries = 0; tries < 30 && this.live.length; tries++) {
      const booking = this.live[this.int(this.live.length)]!;
      if (!booking.busy && test(booking)) return booking;
    }
    return undefined;
  }

  private fallBack(from: CallName): Call {
    this.fallbacks.set(from, (this.fallbacks.get(from) ?? 0) + 1);
    return this.create("POST /api/bookings/create");
  }

  private create(name: CallName): Call {
    const { bosses, assistants } = this.market;
    let bossIndex = -1;
    for (let tries = 0; tries < 20 && bossIndex < 0; tries++) {
      const candidate = this.int(bosses.length);
      if (this.unpaid[candidate]! < UNPAID_CAP) bossIndex = candidate;
    }
    const assistantIndex = this.int(assistants.length);
    const slot = this.freeSlot(assistantIndex);
    if (bossIndex < 0 || !slot) {
      const user = this.someoneOnline();
      return {
        name: "GET /api/bookings/user",
        method: "GET",
        path: `/api/bookings/user?role=${user.role === "Boss" ? "client" : "consultant"}`,
        token: user.token,
        ok: [200],
      };
    }
    // Held before the answer, so that no other request of the run books the same slot.
    this.hold(assistantIndex, slot.keys, true);
    this.unpaid[bossIndex]! += 1;
    return {
      name,
      method: "POST",
      path: "/api/bookings/create",
      token: bosses[bossIndex]!.token,
      body: { consultantId: assistants[assistantIndex]!.id, date: slot.date, startTime: slot.startTime, duration: slot.duration },
      ok: [201],
      expected: [409],
      read: true,
      settle: (status, json) => {
        if (status === 201) {
          const { booking } = json as { booking: { id: string } };
          this.live.push({
            id: booking.id,
            bossIndex,
            assistantIndex,
            date: slot.date,
            startTime: slot.startTime,
            duration: slot.duration,
            status: "PENDING",
            busy: false,
          });
        } else if (status !== undefined) {
          // Refused: nothing was made. Without an answer it may have been: the slot stays held.
          this.hold(assistantIndex, slot.keys, false);
          this.unpaid[bossIndex]! -= 1;
        }
      },
    };
  }

  private statusCall(name: CallName, booking: LiveBooking, actor: OnlineUser, status: "CONFIRMED" | "CANCELLED", settled: () => void): Call {
    booking.busy = true;
    return {
      name,
      method: "PUT",
      path: `/api/bookings/${booking.id}/status`,
      token: actor.token,
      body: { status },
      ok: [200],
      expected: [409],
      settle: (answer) => {
        if (answer === 200) settled();
        if (answer !== undefined) booking.busy = false;
      },
    };
  }

  /** The Assistant accepts a pending booking. */
  private accept(name: CallName): Call {
    const booking = this.liveBooking((b) => b.status === "PENDING");
    if (!booking) return this.fallBack(name);
    return this.statusCall(name, booking, this.market.assistants[booking.assistantIndex]!, "CONFIRMED", () => (booking.status = "CONFIRMED"));
  }

  /** The Assistant declines a pending booking, or the Boss cancels one. */
  private cancel(name: CallName): Call {
    const booking = this.liveBooking(() => true);
    if (!booking) return this.fallBack(name);
    const byAssistant = booking.status === "PENDING" && this.chance(0.5);
    const actor = byAssistant ? this.market.assistants[booking.assistantIndex]! : this.market.bosses[booking.bossIndex]!;
    return this.statusCall(name, booking, actor, "CANCELLED", () => {
      this.hold(
        booking.assistantIndex,
        slotsOf(booking.startTime, booking.duration).map((slot) => `${booking.date} ${slot}`),
        false,
      );
      this.unpaid[booking.bossIndex]! -= 1;
      this.live.splice(this.live.indexOf(booking), 1);
    });
  }

  /** Either party moves a booking to another free slot of the same Assistant. */
  private reschedule(name: CallName): Call {
    const booking = this.liveBooking(() => true);
    const slot = booking && this.freeSlot(booking.assistantIndex, booking.duration);
    if (!booking || !slot) return this.fallBack(name);
    const actor = this.chance(0.5) ? this.market.assistants[booking.assistantIndex]! : this.market.bosses[booking.bossIndex]!;
    const before = slotsOf(booking.startTime, booking.duration).map((s) => `${booking.date} ${s}`);
    this.hold(booking.assistantIndex, slot.keys, true);
    booking.busy = true;
    return {
      name,
      method: "PUT",
      path: `/api/bookings/${booking.id}/reschedule`,
      token: actor.token,
      body: { date: slot.date, startTime: slot.startTime },
      ok: [200],
      expected: [409],
      settle: (status) => {
        if (status === 200) {
          this.hold(booking.assistantIndex, before, false);
          Object.assign(booking, { date: slot.date, startTime: slot.startTime });
        } else if (status !== undefined) this.hold(booking.assistantIndex, slot.keys, false);
        if (status !== undefined) booking.busy = false;
      },
    };
  }
}
