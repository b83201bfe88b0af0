// The marketplace `npm run bench:system` runs on (scripts/bench/system.ts): Assistants with public
// listings, Bosses and the Assistants who are online with sessions, their chats, some held time
// and notifications. Seeded once into a template database; each run copies it, so that one and
// two instances start from the same data.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { AVAILABILITY_OPTIONS, EXPERIENCE_OPTIONS, SKILL_OPTIONS, weekdayAhead } from "@vam/shared";
import { hashPassword } from "../../apps/server/src/auth/passwords.js";
import { createSession } from "../../apps/server/src/session/sessions.js";
import { orderedPair } from "../../apps/server/src/chat/queries.js";
import { openDatabase } from "../../apps/server/src/db/client.js";
import { bookings, chats, messages, notifications, payments, profiles, users } from "../../apps/server/src/db/schema.js";
import { paymentsOfBookings } from "../../apps/server/src/payments/public.js";
import { CITIES, FIRST_NAMES, LAST_NAMES, PROVINCES } from "./ph-vocabulary.js";
import { seeded } from "./seeded.js";

/** Every seeded account's password (8 to 14 characters), hashed once with the server's own function. */
export const SEED_PASSWORD = "bench-pass-26";
/** Sessions outlive any run. */
const SESSION_MS = 24 * 3600_000;
/** Existing bookings and the run's new ones fall on the next this many weekdays. */
export const BOOKING_DAYS = 40;

export interface SeedSizes {
  listings: number;
  bosses: number;
  onlineAssistants: number;
  chats: number;
}

/** A signed-in person of the simulation: they hold a session and a socket. */
export interface OnlineUser {
  id: string;
  username: string;
  token: string;
  role: "Boss" | "Assistant";
}

export interface SeededChat {
  id: string;
  bossIndex: number;
  assistantIndex: number;
}

/** A booking already in the database: it holds a slot of an online Assistant. */
export interface HeldSlot {
  assistantIndex: number;
  date: string;
  startTime: "09:00" | "13:00";
}

export interface Marketplace {
  bosses: OnlineUser[];
  /** The Assistants with sessions (the first `onlineAssistants` listings): they get bookings and chats. */
  assistants: OnlineUser[];
  /** Every listed Assistant's user id (profile views of search results that are not online). */
  listedIds: string[];
  chats: SeededChat[];
  held: HeldSlot[];
}

const manilaInstant = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);

/** In batches: one statement per `size` rows. */
async function inBatches<T, R>(rows: T[], size: number, insert: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let start = 0; start < rows.length; start += size) out.push(...(await insert(rows.slice(start, start + size))));
  return out;
}

/** Seeds `templateName` (dropped and created) next to the database of `adminUrl`. */
export async function seedMarketplace(adminUrl: string, templateName: string, sizes: SeedSizes): Promise<Marketplace> {
  const { next, pick } = seeded(2611);
  const int = (n: number) => Math.floor(next() * n);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${templateName} with (force)`);
    await admin.query(`create database ${templateName}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${templateName}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 10 });
  try {
    const { db } = database;
    const passwordHash = await hashPassword(SEED_PASSWORD);
    const now = Date.now();
    const letters = (text: string) => text.toLowerCase().replace(/[^a-z]/g, "");

    // Assistants: names and places from the vocabulary, two skills, a rating on one in three,
    // listed over the past two years. Online ones are the first: they are the newest listings too.
    const assistantRows = Array.from({ length: sizes.listings }, (_, n) => {
      const firstName = pick(FIRST_NAMES);
      const lastName = pick(LAST_NAMES);
      const skills = [...new Set([pick(SKILL_OPTIONS), pick(SKILL_OPTIONS)])];
      return {
        username: `${letters(firstName + lastName).slice(0, 22)}${n}`,
        email: `va${n}@bench.example`,
        passwordHash,
        firstName,
        lastName,
        role: "Assistant" as const,
        location: `${pick(CITIES)}, ${pick(PROVINCES)}`,
        skills,
        experience: pick(EXPERIENCE_OPTIONS),
        availability: pick(AVAILABILITY_OPTIONS.slice(0, 2)),
        salaryRate: 1250,
        bio: `${skills.join(" and ")} for small businesses.`,
        ratingAverage: n % 3 === 0 ? 3 + int(21) / 10 : null,
        reviewCount: n % 3 === 0 ? 1 + int(9) : 0,
        referralCode: `SA${n}`,
        emailVerifiedAt: new Date(now),
        createdAt: new Date(now - n * 37 * 60_000 - int(60_000)),
      };
    });
    const assistantIds = await inBatches(assistantRows, 500, (batch) => db.insert(users).values(batch).returning({ id: users.id }));
    await inBatches(assistantRows, 500, async (batch) => {
      const offset = assistantRows.indexOf(batch[0]!);
      await db.insert(profiles).values(
        batch.map((row, i) => ({
          userId: assistantIds[offset + i]!.id,
          title: `${row.firstName} ${row.lastName} — ${row.skills.join(", ")}`,
          createdAt: row.createdAt,
          updatedAt: row.createdAt,
        })),
      );
      return [];
    });

    const bossRows = Array.from({ length: sizes.bosses }, (_, n) => {
      const firstName = pick(FIRST_NAMES);
      const lastName = pick(LAST_NAMES);
      return {
        username: `${letters(firstName).slice(0, 12)}.${letters(lastName).slice(0, 12)}${n}`,
        email: `boss${n}@bench.example`,
        passwordHash,
        firstName,
        lastName,
        role: "Boss" as const,
        location: `${pick(CITIES)}, ${pick(PROVINCES)}`,
        experience: "1-3 years",
        availability: "Full-time",
        referralCode: `SB${n}`,
        emailVerifiedAt: new Date(now),
      };
    });
    const bossIds = await inBatches(bossRows, 500, (batch) => db.insert(users).values(batch).returning({ id: users.id }));

    // Sessions as signing in makes them (the app's own function), 50 at a time.
    const online = [
      ...bossIds.map((row, i) => ({ id: row.id, username: bossRows[i]!.username, role: "Boss" as const })),
      ...assistantIds
        .slice(0, sizes.onlineAssistants)
        .map((row, i) => ({ id: row.id, username: assistantRows[i]!.username, role: "Assistant" as const })),
    ];
    const tokens = await inBatches(online, 50, (batch) => Promise.all(batch.map((user) => createSession(db, user.id, SESSION_MS))));
    const signedIn: OnlineUser[] = online.map((user, i) => ({ ...user, token: tokens[i]! }));
    const bosses = signedIn.slice(0, sizes.bosses);
    const assistants = signedIn.slice(sizes.bosses);

    // Chats: each between a Boss and an online Assistant (distinct pairs), four messages each,
    // the last one a few hours to a few days ago, read by both.
    const pairs = new Map<string, SeededChat>();
    for (let tries = 0; pairs.size < sizes.chats && tries < sizes.chats * 10; tries++) {
      const bossIndex = pairs.size < bosses.length ? pairs.size : int(bosses.length);
      const assistantIndex = int(assistants.length);
      pairs.set(`${bossIndex}:${assistantIndex}`, { id: "", bossIndex, assistantIndex });
    }
    const chatList = [...pairs.values()];
    const lastAt = chatList.map(() => new Date(now - (2 + int(5 * 24)) * 3600_000));
    const chatIds = await inBatches(
      chatList.map((chat, i) => {
        const [userAId, userBId] = orderedPair(bosses[chat.bossIndex]!.id, assistants[chat.assistantIndex]!.id);
        return {
          userAId,
          userBId,
          lastMessageAt: lastAt[i]!,
          userAReadAt: lastAt[i]!,
          userBReadAt: lastAt[i]!,
          createdAt: new Date(lastAt[i]!.getTime() - 3600_000),
        };
      }),
      500,
      (batch) => db.insert(chats).values(batch).returning({ id: chats.id }),
    );
    chatList.forEach((chat, i) => (chat.id = chatIds[i]!.id));
    const lines = ["Hi! Are you free next week?", "Yes, mornings are open.", "Great, I will book Tuesday.", "See you then!"];
    await inBatches(
      chatList.flatMap((chat, i) =>
        lines.map((text, k) => ({
          chatId: chat.id,
          senderId: k % 2 === 0 ? bosses[chat.bossIndex]!.id : assistants[chat.assistantIndex]!.id,
          text,
          createdAt: new Date(lastAt[i]!.getTime() - (lines.length - 1 - k) * 600_000),
        })),
      ),
      1000,
      async (batch) => (await db.insert(messages).values(batch), []),
    );

    // Held time: two paid, confirmed bookings per online Assistant in the next 20 weekdays, so the
    // lists and "booked" answers have rows; the run's own bookings come on top of these.
    const held: HeldSlot[] = [];
    const heldKeys = new Set<string>();
    const bookingRows = [];
    for (let assistantIndex = 0; assistantIndex < assistants.length; assistantIndex++) {
      for (let k = 0; k < 2; k++) {
        const date = weekdayAhead(1 + int(20));
        const startTime = pick(["09:00", "13:00"] as const);
        if (heldKeys.has(`${assistantIndex} ${date} ${startTime}`)) continue;
        heldKeys.add(`${assistantIndex} ${date} ${startTime}`);
        held.push({ assistantIndex, date, startTime });
        const startsAt = manilaInstant(date, startTime);
        const id = randomUUID();
        bookingRows.push({
          id,
          paymentId: id,
          clientId: bosses[int(bosses.length)]!.id,
          consultantId: assistants[assistantIndex]!.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 4 * 3600_000),
          duration: 4,
          price: 5000,
          status: "CONFIRMED" as const,
          paymentStatus: "PAID" as const,
        });
      }
    }
    await inBatches(
      bookingRows,
      500,
      async (batch) => (await db.insert(payments).values(paymentsOfBookings(batch)), await db.insert(bookings).values(batch), []),
    );

    // A few notifications for everyone online, most of them read.
    await inBatches(
      signedIn.flatMap((user) =>
        Array.from({ length: 4 }, (_, k) => ({
          userId: user.id,
          type: "SYSTEM" as const,
          title: "Welcome",
          content: `Notice ${k + 1} for ${user.username}.`,
          read: k > 0,
          createdAt: new Date(now - (k + 1) * 86_400_000),
        })),
      ),
      1000,
      async (batch) => (await db.insert(notifications).values(batch), []),
    );
    await db.execute(sql`analyze`);
    return { bosses, assistants, listedIds: assistantIds.map((row) => row.id), chats: chatList, held };
  } finally {
    await database.close();
  }
}

/** A fresh copy of the template (PostgreSQL copies its files: a second or so). Answers its URL. */
export async function copyDatabase(adminUrl: string, templateName: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name} template ${templateName}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
