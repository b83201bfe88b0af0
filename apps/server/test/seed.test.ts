import { existsSync } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSISTANT_RATE, AVAILABILITY_OPTIONS, EXPERIENCE_OPTIONS, SKILL_OPTIONS } from "@vam/shared";
import { verifyPassword } from "../src/auth/passwords.js";
import { loadConfig, type Config } from "../src/config.js";
import { openDatabase, type Database } from "../src/db/client.js";
import { bookings, galleryPhotos, postings, profiles, referralRewards, uploads, users } from "../src/db/schema.js";
import { DEMO_PASSWORD, existingDemoLogins, seedDemoData } from "../src/seed/demo.js";
import { DEMO_ASSISTANTS } from "../src/seed/demo-people.js";
import { localUploadsDir, LOCAL_UPLOADS_PREFIX } from "../src/uploads/storage.js";

let database: Database;
let config: Config;
let dataDir: string;
let logins: { role: string; username: string }[];
let seedMs: number;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "vam-seed-"));
  config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir });
  database = await openDatabase({});
  const started = performance.now();
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
      const manilaDay = new Date(row.startsAt.getTime() + 8 * 3600_000).getUTCDay();
      expect([0, 6]).not.toContain(manilaDay);
      expect(row.price).toBe(ASSISTANT_RATE * row.duration);
    }
    const rewards = await database.db.select().from(referralRewards);
    expect(rewards.length).toBeGreaterThan(0);
    const people = await database.db.select().from(users);
    for (const person of people) {
      const paid = rewards.filter((reward) => reward.earnerId === person.id).reduce((sum, reward) => sum + reward.amount, 0);
      expect(person.moneyEarned).toBe(paid);
    }
  });

  it("creates 24 Assistants, one Boss and one Sharer, and answers their logins", async () => {
    const rows = await database.db.select().from(users);
    const count = (role: string) => rows.filter((row) => row.role === role).length;
    expect(count("Assistant")).toBe(24);
    expect(count("Boss")).toBe(1);
    expect(count("Sharer")).toBe(1);
    expect(rows).toHaveLength(26);

    expect(logins).toEqual([
      { role: "Boss", username: "boss_demo" },
      { role: "Sharer", username: "sharer_demo" },
      { role: "Assistant", username: DEMO_ASSISTANTS[0]!.username },
      { role: "Assistant", username: DEMO_ASSISTANTS[1]!.username },
    ]);
    // Informative only: the whole seed should take a few seconds.
    console.info(`demo seed took ${Math.round(seedMs)} ms`);
  });

  it("gives users valid, varied data", async () => {
    const rows = await database.db.select().from(users);
    for (const row of rows) {
      expect(row.username).toMatch(/^[a-z0-9_]+$/);
      expect(row.email).toMatch(/@example\.ph$/);
      expect(row.rating).toBeGreaterThanOrEqual(4.5);
      expect(row.rating).toBeLessThanOrEqual(5);
      expect(Math.round(row.rating * 10) / 10).toBeCloseTo(row.rating, 5);
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
    };
    expect(await seedDemoData(database.db, config)).toEqual([]);
    expect((await database.db.select().from(users)).length).toBe(before.users);
    expect((await database.db.select().from(uploads)).length).toBe(before.uploads);
    expect((await database.db.select().from(postings)).length).toBe(24);
  });

  it("still finds the demo logins to print after a restart", async () => {
    expect(await existingDemoLogins(database.db)).toEqual(logins);
  });
});
