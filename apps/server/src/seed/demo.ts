/**
 * Demo data for a new install: 24 Assistants with avatars, galleries, listings and postings,
 * a Boss, a Sharer, a few more clients and an Operator; bookings in every state between them
 * with their payments, referral rewards and reviews (so most Assistants have a real rating).
 * Runs only against an empty `users` table, so restarts are no-ops.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { ASSISTANT_RATE, DAY_MS } from "@vam/shared";
import { hashPassword } from "../auth/passwords.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import {
  bookingSeries,
  bookings,
  galleryPhotos,
  payments,
  payoutAccounts,
  timeOff,
  postings,
  profiles,
  referralRewards,
  reviews,
  uploads,
  users,
} from "../db/schema.js";
import { paymentsOfBookings } from "../payments/public.js";
import { newReferralCode } from "../referrals/codes.js";
import { refreshRating } from "../reviews/queries.js";
import { createStorage } from "../uploads/storage.js";
import { demoBookings } from "./demo-bookings.js";
import { renderAvatar, renderWorkImage } from "./demo-images.js";
import {
  DEMO_ASSISTANTS,
  DEMO_BOSS,
  DEMO_CLIENTS,
  DEMO_OPERATOR,
  DEMO_PASSWORD,
  DEMO_SHARER,
  type DemoAccount,
  type DemoSkill,
} from "./demo-people.js";

export { DEMO_PASSWORD };

export interface DemoLogin {
  role: string;
  username: string;
}

type Role = "Boss" | "Assistant" | "Sharer" | "Operator";
type Folder = "avatars" | "gallery" | "postings";

/** Images rendered at the same time; sharp uses its own thread pool for each. */
const IMAGE_CONCURRENCY = 4;
/** Any fixed number: keeps two instances starting together from both seeding. */
const SEED_LOCK = 724_519_302;
/** Assistants (by index) without a public listing, so "Make Profile Public" can be tried. */
const WITHOUT_PROFILE = new Set([1, 9, 15, 22]);
/** Assistants (by index) who registered with the Sharer's or the Boss's referral code. */
const REFERRED_BY_SHARER = new Set([4, 11, 18]);
const REFERRED_BY_BOSS = new Set([7]);

interface ImageJob {
  folder: Folder;
  key: string;
  ownerId: string;
  createdAt: Date;
  render(): Promise<Buffer>;
}

interface StoredImage {
  url: string;
  key: string;
  size: number;
}

/** Runs `fn` over `items` with at most `limit` calls in flight; results keep the input order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** A short random suffix: files left by an earlier, wiped database are never overwritten. */
const suffix = () => randomBytes(3).toString("hex");

const daysAfter = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** Seeds the demo data into an empty database; answers the logins to show, or [] if skipped. */
export async function seedDemoData(db: Db, config: Config): Promise<DemoLogin[]> {
  if (await hasUsers(db)) return [];

  const storage = createStorage(config);
  // Hashed once for every demo account (argon2 is deliberately slow), while images render.
  const passwordHash = hashPassword(DEMO_PASSWORD);
  passwordHash.catch(() => {}); // awaited below; avoids an unhandled rejection if rendering fails first
  const now = Date.now();
  const jobs: ImageJob[] = [];

  const accountRow = (person: DemoAccount, role: Role, index: number, daysAgo: number) => {
    const id = randomUUID();
    const createdAt = new Date(now - daysAgo * DAY_MS);
    const avatarKey = `avatars/demo-${person.username}-${suffix()}.jpg`;
    jobs.push({
      folder: "avatars",
      key: avatarKey,
      ownerId: id,
      createdAt,
      render: () => renderAvatar(person.firstName, person.lastName, index),
    });
    return {
      id,
      username: person.username,
      email: person.email,
      firstName: person.firstName,
      lastName: person.lastName,
      role,
      location: person.location,
      skills: [...person.skills],
      experience: person.experience,
      availability: person.availability,
      salaryRate: role === "Assistant" ? ASSISTANT_RATE : null,
      avatarKey,
      bio: person.bio,
      referralCode: "",
      referredBy: null as string | null,
      createdAt,
      updatedAt: createdAt,
    };
  };

  // Members joined over the past ~18 months, so "Member Since" and "newest first" differ.
  // The operator set the platform up first.
  const operator = accountRow(DEMO_OPERATOR, "Operator", 26, 560);
  const boss = accountRow(DEMO_BOSS, "Boss", 24, 545);
  const sharer = accountRow(DEMO_SHARER, "Sharer", 25, 530);
  // Half days: never the same instant as an Assistant's.
  const clients = DEMO_CLIENTS.map((person, i) => accountRow(person, "Boss", 27 + i, 482.5 - i * 71));
  const assistants = DEMO_ASSISTANTS.map((person, i) => {
    const daysAgo = 520 - i * 21 - ((i * 37) % 11);
    const row = accountRow(person, "Assistant", i, daysAgo);
    if (REFERRED_BY_SHARER.has(i)) row.referredBy = sharer.id;
    if (REFERRED_BY_BOSS.has(i)) row.referredBy = boss.id;
    return row;
  });
  const accounts = [boss, sharer, ...assistants, ...clients, operator];

  const codes = new Set<string>();
  for (const account of accounts) {
    let code = newReferralCode();
    while (codes.has(code)) code = newReferralCode();
    codes.add(code);
    account.referralCode = code;
  }

  const galleryRows = DEMO_ASSISTANTS.flatMap((person, i) => {
    const owner = assistants[i]!;
    return person.gallery.map((photo, j) => {
      const skill = person.skills[j % person.skills.length] ?? "Others";
      const key = `gallery/demo-${person.username}-${j + 1}-${suffix()}.jpg`;
      const createdAt = daysAfter(owner.createdAt, 3 + j * 4);
      jobs.push({
        folder: "gallery",
        key,
        ownerId: owner.id,
        createdAt,
        render: () => renderWorkImage(skill, i * 3 + j),
      });
      return { userId: owner.id, key, title: photo.title, description: photo.description, createdAt };
    });
  });

  const postingRows = DEMO_ASSISTANTS.map((person, i) => {
    const owner = assistants[i]!;
    const createdAt = daysAfter(owner.createdAt, 6);
    const count = i % 2 === 0 ? 3 : 2;
    const keys = Array.from({ length: count }, (_, k) => {
      const skill: DemoSkill = person.skills[k % person.skills.length] ?? "Others";
      const key = `postings/demo-${person.username}-${k + 1}-${suffix()}.jpg`;
      jobs.push({
        folder: "postings",
        key,
        ownerId: owner.id,
        createdAt,
        // Offset past this person's gallery indices: no two of their pictures share palette and layout.
        render: () => renderWorkImage(skill, i * 3 + k + 4),
      });
      return key;
    });
    return { owner, posting: person.posting, keys, createdAt };
  });

  const stored = await mapLimit(jobs, IMAGE_CONCURRENCY, async (job): Promise<StoredImage> => {
    const body = await job.render();
    const url = await storage.put(job.key, body, "image/jpeg");
    return { url, key: job.key, size: body.length };
  });
  const urlOf = new Map(stored.map((image) => [image.key, image.url]));
  const url = (key: string) => {
    const found = urlOf.get(key);
    if (!found) throw new Error(`demo seed: image ${key} was not stored`);
    return found;
  };
  const hash = await passwordHash;
  const booked = demoBookings(
    {
      boss: boss.id,
      sharer: sharer.id,
      clients: clients.map((account) => account.id),
      assistants: assistants.map((account) => account.id),
      referredByBoss: assistants[[...REFERRED_BY_BOSS][0]!]!.id,
      referredBySharer: assistants[[...REFERRED_BY_SHARER][0]!]!.id,
      referrerOf: new Map(accounts.flatMap((account) => (account.referredBy ? [[account.id, account.referredBy] as const] : []))),
      joinedAt: new Map(accounts.map((account) => [account.id, account.createdAt])),
    },
    new Date(now),
    randomUUID,
  );

  return db.transaction(async (tx) => {
    // Another instance may have seeded meanwhile: re-check under a lock held until commit.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasUsers(tx)) return [];

    await tx.insert(users).values(
      accounts.map(({ avatarKey, ...account }) => ({
        ...account,
        passwordHash: hash,
        // Demo addresses count as verified: no banner on the demo accounts.
        emailVerifiedAt: new Date(),
        avatar: url(avatarKey),
      })),
    );
    await tx.insert(bookingSeries).values(booked.series);
    await tx.insert(payments).values(paymentsOfBookings(booked.bookings));
    await tx.insert(bookings).values(booked.bookings);
    await tx.insert(timeOff).values(booked.timeOff);
    await tx.insert(referralRewards).values(booked.rewards);
    await tx.insert(reviews).values(booked.reviews);
    // The demo's money on the ledger, as the payments, completions, rewards and cancellations would have posted it.
    await tx.execute(sql`select ledger_backfill(${config.platformFeePercent}::integer)`);
    // Payout accounts set a month ago (no hold), so the console's first payout batch has someone to pay;
    // the boss (a client) has one for refunds.
    await tx.insert(payoutAccounts).values(
      [boss, sharer, ...assistants].map((account, i) => ({
        userId: account.id,
        method: i % 3 === 2 ? ("BANK" as const) : i % 3 === 1 ? ("MAYA" as const) : ("GCASH" as const),
        bankName: i % 3 === 2 ? "BDO Unibank" : null,
        accountName: `${account.firstName} ${account.lastName}`,
        accountNumber: i % 3 === 2 ? `00${String(4_512_000_000 + i * 7919)}` : `0917${String(1_000_000 + i * 104_729).slice(0, 7)}`,
        changedAt: new Date(now - 30 * DAY_MS),
      })),
    );
    // The stored averages and counts, as publishing a review keeps them.
    for (const subjectId of new Set(booked.reviews.map((review) => review.subjectId))) await refreshRating(tx, subjectId);
    await tx.insert(uploads).values(
      jobs.map((job, i) => ({
        url: stored[i]!.url,
        storageKey: job.key,
        folder: job.folder,
        contentType: "image/jpeg",
        size: stored[i]!.size,
        ownerId: job.ownerId,
        createdAt: job.createdAt,
      })),
    );
    await tx.insert(profiles).values(
      assistants
        .filter((_, i) => !WITHOUT_PROFILE.has(i))
        .map((owner) => {
          const createdAt = daysAfter(owner.createdAt, 2);
          return { userId: owner.id, title: `${owner.firstName} ${owner.lastName} Profile`, createdAt, updatedAt: createdAt };
        }),
    );
    await tx.insert(galleryPhotos).values(galleryRows.map(({ key, ...photo }) => ({ ...photo, imageUrl: url(key), isPublic: true })));
    await tx.insert(postings).values(
      postingRows.map(({ owner, posting, keys, createdAt }) => ({
        userId: owner.id,
        title: posting.title,
        address: posting.address,
        rate: ASSISTANT_RATE,
        images: keys.map(url),
        description: posting.description,
        hours: posting.hours,
        days: posting.days,
        bathroom: posting.workSetup,
        school: posting.school,
        verified: posting.verified,
        createdAt,
        updatedAt: createdAt,
      })),
    );

    const logins: DemoLogin[] = [boss, sharer, ...assistants.slice(0, 2), operator].map((account) => ({
      role: account.role,
      username: account.username,
    }));
    return logins;
  });
}

async function hasUsers(db: Pick<Db, "select">): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return Boolean(row);
}

/** The demo logins still present in the database, to print at every start, not only the first. */
export async function existingDemoLogins(db: Db): Promise<DemoLogin[]> {
  const shown = [DEMO_BOSS, DEMO_SHARER, ...DEMO_ASSISTANTS.slice(0, 2), DEMO_OPERATOR];
  const rows = await db
    .select({ username: users.username, role: users.role })
    .from(users)
    .where(
      inArray(
        users.username,
        shown.map((account) => account.username),
      ),
    );
  return shown.flatMap((account) => rows.filter((row) => row.username === account.username));
}
