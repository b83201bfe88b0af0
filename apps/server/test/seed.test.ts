import { existsSync } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSISTANT_RATE, AVAILABILITY_OPTIONS, EXPERIENCE_OPTIONS, SKILL_OPTIONS, SLOT_STARTS, isWeekend, manilaDate, manilaTime } from "@vam/shared";
import { verifyPassword } from "../src/auth/passwords.js";
import { loadConfig, type Config } from "../src/config.js";
import type { Database } from "../src/db/client.js";
import { bookings, galleryPhotos, postings, profiles, referralRewards, reviews, uploads, users } from "../src/db/schema.js";
import { rewardsEarned } from "../src/ledger/public.js";
import { DEMO_PASSWORD, existingDemoLogins, seedDemoData } from "../src/seed/demo.js";
import { workImageSvg } from "../src/seed/demo-images.js";
import { DEMO_ASSISTANTS, DEMO_CLIENTS } from "../src/seed/demo-people.js";
import { localUploadsDir, LOCAL_UPLOADS_PREFIX } from "../src/uploads/storage.js";
import { openTestDatabase } from "./helpers/database.js";

let database: Database;
let config: Config;
let dataDir: string;
let logins: { role: string; username: string }[];
let seedMs: number;
let seededAt: number;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "vam-seed-"));
  config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir });
  database = await openTestDatabase();
  const started = performance.now();
  seededAt = Date.now();
  logins = await seedDemoData(database.db, config);
  seedMs = performance.now() - started;
});

afterAll(async () => {
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Where a stored upload lives on disk. */
const fileOf = (url: string) => path.join(localUploadsDir(config), url.slice(LOCAL_UPLOADS_PREFIX.length));

describe("demo seed", () => {
  it("books weekdays only, pays each completed referral once, and the earnings match the rewards", async () => {
    const rows = await database.db.select().from(bookings);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(["PENDING", "CONFIRMED", "COMPLETED", "CANCELLED"]));
    for (const row of rows) {
      expect(isWeekend(manilaDate(row.startsAt))).toBe(false);
      expect(SLOT_STARTS).toContain(manilaTime(row.startsAt));
      expect([4, 8]).toContain(row.duration);
      expect(row.endsAt.getTime() - row.startsAt.getTime()).toBe(row.duration * 3600_000);
      expect(row.price).toBe(ASSISTANT_RATE * row.duration);
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(row.updatedAt.getTime());
    }
    const rewards = await database.db.select().from(referralRewards);
    const people = await database.db.select().from(users);
    const byId = new Map(people.map((person) => [person.id, person]));
    // Every completed booking whose client was referred paid that referrer, once.
    const due = rows.filter((row) => row.status === "COMPLETED" && byId.get(row.clientId)!.referredBy);
    expect(due.length).toBeGreaterThan(0);
    expect(rewards).toHaveLength(due.length);
    for (const row of due) {
      expect(rewards.filter((reward) => reward.bookingId === row.id).map((reward) => reward.earnerId)).toEqual([byId.get(row.clientId)!.referredBy]);
    }
    // Each reward is on the ledger: the earner's rewards, summed from their lines, are what was paid.
    for (const person of people) {
      const paid = rewards.filter((reward) => reward.earnerId === person.id).reduce((sum, reward) => sum + reward.amount, 0);
      expect(await rewardsEarned(database.db, person.id)).toBe(paid * 100);
    }
    const earned = async (username: string) => (await rewardsEarned(database.db, people.find((person) => person.username === username)!.id)) / 100;
    expect(await earned("boss_demo")).toBe(1000);
    expect(await earned("sharer_demo")).toBe(500);
  });

  it("has bookings in every payment state: waiting, paid, rejected and expired", async () => {
    const rows = await database.db.select().from(bookings);
    const now = seededAt;
    expect(new Set(rows.map((row) => row.paymentStatus))).toEqual(new Set(["UNVERIFIED", "PAID", "REJECTED"]));

    // Waiting for the operator, fresh enough that the 24-hour hold sweep keeps them, one over 12 hours old.
    const waiting = rows.filter((row) => row.status === "PENDING" && row.paymentStatus === "UNVERIFIED");
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    for (const row of waiting) {
      expect(now - row.createdAt.getTime()).toBeLessThan(24 * 3600_000);
      expect(row.startsAt.getTime()).toBeGreaterThan(now);
      expect(row.paymentDecidedAt).toBeNull();
    }
    expect(waiting.some((row) => now - row.createdAt.getTime() > 12 * 3600_000)).toBe(true);
    expect(waiting.some((row) => now - row.createdAt.getTime() < 3600_000)).toBe(true);

    const upcomingPaid = rows.filter((row) => row.status === "CONFIRMED" && row.paymentStatus === "PAID");
    expect(upcomingPaid.length).toBeGreaterThan(0);
    for (const row of upcomingPaid) expect(row.startsAt.getTime()).toBeGreaterThan(now);
    for (const row of rows.filter((row) => row.status === "PENDING" || row.status === "CONFIRMED")) {
      expect(row.startsAt.getTime()).toBeGreaterThan(now);
    }

    const completed = rows.filter((row) => row.status === "COMPLETED");
    expect(completed.length).toBeGreaterThan(20);
    for (const row of completed) {
      expect(row.paymentStatus).toBe("PAID");
      expect(row.paymentDecidedAt).not.toBeNull();
      expect(row.completedAt!.getTime()).toBeGreaterThanOrEqual(row.endsAt.getTime());
      expect(row.completedAt!.getTime()).toBeLessThanOrEqual(now);
    }
    for (const row of rows.filter((row) => row.status !== "COMPLETED")) expect(row.completedAt).toBeNull();
    // The end-to-end tests read "4 hours booked · 1 completed booking" on juan_delacruz's profile.
    const [juan] = await database.db.select().from(users).where(eq(users.username, DEMO_ASSISTANTS[1]!.username));
    const juans = completed.filter((row) => row.clientId === juan!.id || row.consultantId === juan!.id);
    expect(juans.map((row) => row.duration)).toEqual([4]);

    const rejected = rows.filter((row) => row.paymentStatus === "REJECTED");
    expect(rejected.length).toBeGreaterThan(0);
    for (const row of rejected) {
      expect(row).toMatchObject({ status: "CANCELLED", cancelReason: "PAYMENT_REJECTED" });
      expect(row.paymentDecidedAt).not.toBeNull();
    }

    const expired = rows.filter((row) => row.cancelReason === "PAYMENT_EXPIRED");
    expect(expired.length).toBeGreaterThan(0);
    for (const row of expired) {
      expect(row).toMatchObject({ status: "CANCELLED", paymentStatus: "UNVERIFIED" });
      expect(now - row.createdAt.getTime()).toBeGreaterThan(24 * 3600_000);
    }
    for (const row of rows) expect(row.cancelReason === null).toBe(row.status !== "CANCELLED");

    // No client holds more unpaid bookings than the cap allows, so the demo Boss can still book.
    const unpaid = new Map<string, number>();
    for (const row of rows.filter((row) => row.paymentStatus === "UNVERIFIED" && ["PENDING", "CONFIRMED"].includes(row.status))) {
      unpaid.set(row.clientId, (unpaid.get(row.clientId) ?? 0) + 1);
    }
    for (const count of unpaid.values()) expect(count).toBeLessThanOrEqual(1);
  });

  it("never has one person in two sessions at once", async () => {
    const rows = (await database.db.select().from(bookings)).filter((row) => row.status !== "CANCELLED");
    for (const [i, a] of rows.entries()) {
      for (const b of rows.slice(i + 1)) {
        const overlap = a.startsAt < b.endsAt && b.startsAt < a.endsAt;
        const shared = [a.clientId, a.consultantId].some((id) => id === b.clientId || id === b.consultantId);
        expect(overlap && shared, `${a.id} and ${b.id}`).toBe(false);
      }
    }
  });

  it("gives most Assistants published reviews, and stores each rating as the average of them", async () => {
    const people = await database.db.select().from(users);
    const all = await database.db.select().from(reviews);
    const byBooking = new Map((await database.db.select().from(bookings)).map((row) => [row.id, row]));
    const counted = all.filter((review) => review.publishedAt && !review.hiddenAt);

    for (const person of people) {
      const about = counted.filter((review) => review.subjectId === person.id);
      expect(person.reviewCount, person.username).toBe(about.length);
      if (about.length === 0) expect(person.ratingAverage, person.username).toBeNull();
      else expect(person.ratingAverage!, person.username).toBeCloseTo(about.reduce((sum, review) => sum + review.rating, 0) / about.length, 4);
    }

    const assistants = people.filter((row) => row.role === "Assistant");
    const unrated = assistants.filter((row) => row.ratingAverage === null);
    expect(unrated.length).toBeGreaterThanOrEqual(2);
    expect(unrated.length).toBeLessThanOrEqual(3);
    expect(unrated.every((row) => row.reviewCount === 0)).toBe(true);
    const rated = assistants.filter((row) => row.ratingAverage !== null);
    expect(new Set(rated.map((row) => row.reviewCount)).size).toBeGreaterThan(2);
    for (const row of rated) {
      expect(row.ratingAverage).toBeGreaterThanOrEqual(3);
      expect(row.ratingAverage).toBeLessThanOrEqual(5);
    }
    expect(people.find((row) => row.username === DEMO_ASSISTANTS[0]!.username)!.reviewCount).toBeGreaterThanOrEqual(5);

    const ratings = all.map((review) => review.rating);
    expect(ratings.filter((rating) => rating >= 4).length / ratings.length).toBeGreaterThan(0.8);
    expect(ratings).toContain(3);
    expect(Math.min(...ratings)).toBeGreaterThanOrEqual(3);
    expect(new Set(all.map((review) => review.text).filter(Boolean)).size).toBeGreaterThan(20);

    for (const review of all) {
      const booking = byBooking.get(review.bookingId)!;
      expect(booking.status).toBe("COMPLETED");
      expect([booking.clientId, booking.consultantId].sort()).toEqual([review.authorId, review.subjectId].sort());
      expect(review.createdAt.getTime()).toBeGreaterThan(booking.completedAt!.getTime());
      expect(review.createdAt.getTime()).toBeLessThanOrEqual(seededAt);
      expect(review.hiddenAt).toBeNull();
      if (review.publishedAt) {
        // Published when the other party wrote theirs, or when the 14-day window closed.
        const other = all.find((row) => row.bookingId === review.bookingId && row.authorId !== review.authorId);
        const expected = other
          ? Math.max(other.createdAt.getTime(), review.createdAt.getTime())
          : booking.completedAt!.getTime() + 14 * 24 * 3600_000;
        expect(review.publishedAt.getTime()).toBe(expected);
      }
    }

    // One completed booking reviewed by one side only, its window still open: double-blind.
    const unpublished = all.filter((review) => !review.publishedAt);
    expect(unpublished).toHaveLength(1);
    const waiting = byBooking.get(unpublished[0]!.bookingId)!;
    expect(seededAt - waiting.completedAt!.getTime()).toBeLessThan(14 * 24 * 3600_000);
    expect(all.filter((review) => review.bookingId === waiting.id)).toHaveLength(1);
  });

  it("creates 24 Assistants, the Boss, the Sharer, more clients and an Operator, and answers their logins", async () => {
    const rows = await database.db.select().from(users);
    const count = (role: string) => rows.filter((row) => row.role === role).length;
    expect(count("Assistant")).toBe(24);
    expect(count("Boss")).toBe(1 + DEMO_CLIENTS.length);
    expect(count("Sharer")).toBe(1);
    expect(count("Operator")).toBe(1);
    expect(rows).toHaveLength(27 + DEMO_CLIENTS.length);

    expect(logins).toEqual([
      { role: "Boss", username: "boss_demo" },
      { role: "Sharer", username: "sharer_demo" },
      { role: "Assistant", username: DEMO_ASSISTANTS[0]!.username },
      { role: "Assistant", username: DEMO_ASSISTANTS[1]!.username },
      { role: "Operator", username: "operator_demo" },
    ]);
    const operator = rows.find((row) => row.username === "operator_demo")!;
    expect(operator).toMatchObject({ role: "Operator", suspendedAt: null, salaryRate: null, referredBy: null });
    expect(await verifyPassword(operator.passwordHash, DEMO_PASSWORD)).toBe(true);
    // Informative only: the whole seed should take a few seconds.
    console.info(`demo seed took ${Math.round(seedMs)} ms`);
  });

  it("gives users valid, varied data", async () => {
    const rows = await database.db.select().from(users);
    for (const row of rows) {
      expect(row.username).toMatch(/^[a-z0-9_]+$/);
      expect(row.email).toMatch(/@example\.ph$/);
      expect(EXPERIENCE_OPTIONS).toContain(row.experience);
      expect(AVAILABILITY_OPTIONS).toContain(row.availability);
      for (const skill of row.skills) expect(SKILL_OPTIONS).toContain(skill);
      expect(row.createdAt.getTime()).toBeLessThan(Date.now());
    }
    const assistants = rows.filter((row) => row.role === "Assistant");
    for (const row of assistants) {
      expect(row.salaryRate).toBe(ASSISTANT_RATE);
      expect(row.salaryRate).toBe(1250);
      expect(row.skills.length).toBeGreaterThanOrEqual(1);
      expect(row.skills.length).toBeLessThanOrEqual(5);
    }
    for (const row of rows.filter((row) => row.role !== "Assistant")) expect(row.salaryRate).toBeNull();

    expect(new Set(rows.map((row) => row.referralCode)).size).toBe(rows.length);
    expect(new Set(rows.map((row) => row.createdAt.toISOString())).size).toBe(rows.length);
    const oldest = Math.min(...rows.map((row) => row.createdAt.getTime()));
    expect(Date.now() - oldest).toBeGreaterThan(365 * 24 * 3600_000);

    const byId = new Map(rows.map((row) => [row.id, row]));
    const referrers = assistants.filter((row) => row.referredBy).map((row) => byId.get(row.referredBy!)!.role);
    expect(referrers.filter((role) => role === "Sharer")).toHaveLength(3);
    expect(referrers.filter((role) => role === "Boss")).toHaveLength(1);

    // One hash, shared by all, for the demo password.
    expect(new Set(rows.map((row) => row.passwordHash)).size).toBe(1);
    expect(await verifyPassword(rows[0]!.passwordHash, DEMO_PASSWORD)).toBe(true);
  });

  it("registers every avatar, gallery and posting image in uploads, and stores the file", async () => {
    const registered = await database.db.select().from(uploads);
    const byUrl = new Map(registered.map((row) => [row.url, row]));
    const people = await database.db.select().from(users);
    const photos = await database.db.select().from(galleryPhotos);
    const posts = await database.db.select().from(postings);

    const expectStored = async (url: string | null, folder: string, ownerId: string) => {
      expect(url).toBeTruthy();
      const upload = byUrl.get(url!);
      expect(upload, url!).toBeDefined();
      expect(upload!.folder).toBe(folder);
      expect(upload!.ownerId).toBe(ownerId);
      expect(upload!.contentType).toBe("image/jpeg");
      expect(existsSync(fileOf(url!))).toBe(true);
      expect((await stat(fileOf(url!))).size).toBe(upload!.size);
    };

    for (const person of people) await expectStored(person.avatar, "avatars", person.id);
    expect(photos).toHaveLength(24 * 3);
    for (const photo of photos) await expectStored(photo.imageUrl, "gallery", photo.userId);
    expect(posts).toHaveLength(24);
    for (const post of posts) {
      expect(post.images.length).toBeGreaterThanOrEqual(2);
      expect(post.images.length).toBeLessThanOrEqual(3);
      expect(post.rate).toBe(ASSISTANT_RATE);
      for (const image of post.images) await expectStored(image, "postings", post.userId);
    }
    // Nothing stored that is not used.
    const used = people.length + photos.length + posts.reduce((sum, post) => sum + post.images.length, 0);
    expect(registered).toHaveLength(used);
  });

  it("draws real JPEGs of the expected sizes, small enough to serve", async () => {
    const [person] = await database.db.select().from(users).limit(1);
    const avatar = await sharp(fileOf(person!.avatar!)).metadata();
    expect(avatar).toMatchObject({ format: "jpeg", width: 256, height: 256 });

    const [photo] = await database.db.select().from(galleryPhotos).limit(1);
    const work = await sharp(fileOf(photo!.imageUrl)).metadata();
    expect(work).toMatchObject({ format: "jpeg", width: 1024, height: 640 });

    const sizes = (await database.db.select({ size: uploads.size }).from(uploads)).map((row) => row.size);
    expect(Math.max(...sizes)).toBeLessThan(80 * 1024);
  });

  it("bakes no caption into a picture: thumbnails crop them, so titles are shown as text beside the picture", async () => {
    for (const [index, skill] of SKILL_OPTIONS.entries()) expect(workImageSvg(skill, index)).not.toContain("<text");
    const photos = await database.db.select().from(galleryPhotos);
    expect(photos.every((photo) => photo.title)).toBe(true);
  });

  it("makes 20 listings, leaving 4 Assistants to make theirs public", async () => {
    const listings = await database.db.select().from(profiles);
    expect(listings).toHaveLength(20);
    const people = new Map((await database.db.select().from(users)).map((row) => [row.id, row]));
    for (const listing of listings) {
      const owner = people.get(listing.userId)!;
      expect(owner.role).toBe("Assistant");
      expect(listing.title).toBe(`${owner.firstName} ${owner.lastName} Profile`);
    }
  });

  it("writes posting descriptions as simple HTML", async () => {
    const posts = await database.db.select().from(postings);
    expect(posts.filter((post) => post.verified).length).toBeGreaterThanOrEqual(8);
    expect(posts.filter((post) => !post.verified).length).toBeGreaterThanOrEqual(8);
    for (const post of posts) {
      const tags = [...post.description.matchAll(/<\/?([a-z]+)[^>]*>/g)].map((match) => match[0]);
      for (const tag of tags) expect(tag).toMatch(/^<\/?(p|ul|li|strong)>$/);
      expect(post.description).toContain("<ul>");
      expect(post.hours).toBeTruthy();
      expect(post.days).toBeTruthy();
      expect(post.bathroom).toBeTruthy();
      expect(post.school).toBeTruthy();
    }
  });

  it("does nothing when users already exist", async () => {
    const before = {
      users: (await database.db.select().from(users)).length,
      uploads: (await database.db.select().from(uploads)).length,
      bookings: (await database.db.select().from(bookings)).length,
      reviews: (await database.db.select().from(reviews)).length,
    };
    expect(await seedDemoData(database.db, config)).toEqual([]);
    expect((await database.db.select().from(users)).length).toBe(before.users);
    expect((await database.db.select().from(uploads)).length).toBe(before.uploads);
    expect((await database.db.select().from(bookings)).length).toBe(before.bookings);
    expect((await database.db.select().from(reviews)).length).toBe(before.reviews);
    expect((await database.db.select().from(postings)).length).toBe(24);
  });

  it("still finds the demo logins to print after a restart", async () => {
    expect(await existingDemoLogins(database.db)).toEqual(logins);
  });
});
