import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { EMAIL_KINDS, MSG } from "@vam/shared";
import type { UserRow } from "../session/authenticate.js";
import type { Db } from "../db/client.js";
import {
  accountTokens,
  bookings,
  chats,
  emailOutbox,
  galleryPhotos,
  messages,
  notifications,
  postings,
  profiles,
  referralRewards,
  reviews,
  savedPostings,
  sessions,
  timeOff,
  uploads,
  users,
} from "../db/schema.js";
import { deletePayoutAccount } from "../payout-accounts/public.js";
import { endUserPush } from "../push/public.js";
import { newReferralCode } from "../referrals/public.js";

/** What a deleted account's name becomes everywhere it still shows (the other party's bookings and chats). */
export const DELETED_FIRST_NAME = "Deleted";
export const DELETED_LAST_NAME = "user";

/** Of a pair of user columns (a booking's parties, a chat's members), the one that is not `userId`. */
const otherMemberOf = (a: AnyPgColumn, b: AnyPgColumn, userId: string) => sql`case when ${a} = ${userId} then ${b} else ${a} end`;

const fullName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`;

/** Stores the account's new password hash. */
export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** A user's name, or undefined when there is no such user. */
export async function nameOfUser(db: Db, userId: string): Promise<{ firstName: string; lastName: string } | undefined> {
  return (await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId)))[0];
}

/**
 * The rows the account holds, for its data export: its live sessions, listing, gallery, postings,
 * saved postings, bookings, reviews, chats, notifications, referral rewards, the number of people
 * who joined with its code, time off and uploads (with the other party's name where there is one).
 */
export async function accountHoldings(db: Db, userId: string, now: Date) {
  const other = alias(users, "other");
  const [devices, listing, gallery, ownPostings, saved, bookingRows, written, received, chatRows, notes, rewards, referred, off, files] =
    await Promise.all([
      db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now))),
      db.select().from(profiles).where(eq(profiles.userId, userId)),
      db.select().from(galleryPhotos).where(eq(galleryPhotos.userId, userId)).orderBy(asc(galleryPhotos.createdAt)),
      db.select().from(postings).where(eq(postings.userId, userId)).orderBy(asc(postings.createdAt)),
      db
        .select({ postingId: savedPostings.postingId, title: postings.title, savedAt: savedPostings.createdAt })
        .from(savedPostings)
        .innerJoin(postings, eq(postings.id, savedPostings.postingId))
        .where(eq(savedPostings.userId, userId)),
      db
        .select({ booking: bookings, other: { firstName: other.firstName, lastName: other.lastName } })
        .from(bookings)
        .innerJoin(other, eq(other.id, otherMemberOf(bookings.clientId, bookings.consultantId, userId)))
        .where(or(eq(bookings.clientId, userId), eq(bookings.consultantId, userId)))
        .orderBy(asc(bookings.startsAt)),
      db
        .select({ review: reviews, subject: { firstName: other.firstName, lastName: other.lastName } })
        .from(reviews)
        .innerJoin(other, eq(other.id, reviews.subjectId))
        .where(eq(reviews.authorId, userId)),
      // Double-blind: a review about the account is its data once it is published.
      db
        .select({ review: reviews, author: { firstName: other.firstName, lastName: other.lastName } })
        .from(reviews)
        .innerJoin(other, eq(other.id, reviews.authorId))
        .where(and(eq(reviews.subjectId, userId), isNotNull(reviews.publishedAt), isNull(reviews.hiddenAt))),
      db
        .select({ chat: chats, other: { id: other.id, firstName: other.firstName, lastName: other.lastName } })
        .from(chats)
        .innerJoin(other, eq(other.id, otherMemberOf(chats.userAId, chats.userBId, userId)))
        .where(or(eq(chats.userAId, userId), eq(chats.userBId, userId))),
      db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.createdAt)),
      db.select().from(referralRewards).where(eq(referralRewards.earnerId, userId)).orderBy(asc(referralRewards.createdAt)),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.referredBy, userId)),
      db.select().from(timeOff).where(eq(timeOff.assistantId, userId)).orderBy(asc(timeOff.startsOn)),
      db.select().from(uploads).where(eq(uploads.ownerId, userId)).orderBy(asc(uploads.createdAt)),
    ]);
  return { devices, listing, gallery, ownPostings, saved, bookingRows, written, received, chatRows, notes, rewards, referred, off, files };
}

/** The messages of these chats, oldest first. */
export async function messagesOfChats(db: Db, chatIds: string[]) {
  return db.select().from(messages).where(inArray(messages.chatId, chatIds)).orderBy(asc(messages.createdAt), asc(messages.id));
}

/** The account's bookings that are not over (PENDING or CONFIRMED and not yet ended), with the other party's name. */
export async function bookingsNotOver(db: Db, userId: string, now: Date) {
  const other = alias(users, "other");
  return db
    .select({ booking: bookings, other: { firstName: other.firstName, lastName: other.lastName } })
    .from(bookings)
    .innerJoin(other, eq(other.id, otherMemberOf(bookings.clientId, bookings.consultantId, userId)))
    .where(
      and(
        or(eq(bookings.clientId, userId), eq(bookings.consultantId, userId)),
        inArray(bookings.status, ["PENDING", "CONFIRMED"]),
        gt(bookings.endsAt, now),
      ),
    )
    .orderBy(asc(bookings.startsAt));
}

/**
 * The notifications other people hold name the account ("Ana Reyes-Lim joined with your referral
 * code.", "… booked …", "… cancelled …", "… reviewed you", a referral reward): its full name, as
 * it was before the row is anonymised, becomes "Deleted user" wherever it appears. A chat's
 * MESSAGE notification names the sender by first name only ("New message from Ana"): those of
 * the account's chats are retitled. Run inside the deletion's transaction, before the rename.
 */
async function forgetNameInNotifications(tx: Db, me: UserRow) {
  const deleted = `${DELETED_FIRST_NAME} ${DELETED_LAST_NAME}`;
  const full = fullName(me);
  const mentions = (column: AnyPgColumn) => sql`strpos(${column}, ${full}) > 0`;
  if (full.trim()) {
    await tx
      .update(notifications)
      .set({
        title: sql`replace(${notifications.title}, ${full}, ${deleted})`,
        content: sql`replace(${notifications.content}, ${full}, ${deleted})`,
      })
      .where(and(ne(notifications.userId, me.id), or(mentions(notifications.title), mentions(notifications.content))));
  }
  const myChats = tx
    .select({ id: chats.id })
    .from(chats)
    .where(or(eq(chats.userAId, me.id), eq(chats.userBId, me.id)));
  await tx
    .update(notifications)
    .set({ title: MSG.notificationTitle.newMessageFrom(deleted) })
    .where(and(eq(notifications.type, "MESSAGE"), ne(notifications.userId, me.id), inArray(notifications.chatId, myChats)));
}

/**
 * Deletes the account (decisions.md, Accounts and email; the Data Privacy Act of 2012) inside
 * `tx`: the user row stays, anonymised, so the other party's bookings, chats and reviews keep
 * their other side ("Deleted user"); everything else the account holds goes. Answers the storage
 * keys of its uploads, removed once the transaction has committed.
 */
export async function eraseAccount(tx: Db, me: UserRow, now: Date): Promise<string[]> {
  const files = await tx.select({ key: uploads.storageKey }).from(uploads).where(eq(uploads.ownerId, me.id));
  await forgetNameInNotifications(tx, me);
  await tx
    .update(users)
    .set({
      username: `deleted_${randomBytes(6).toString("hex")}`,
      email: `deleted-${me.id}@deleted.invalid`,
      // Not an argon2 hash: no password verifies against it.
      passwordHash: "!deleted",
      firstName: DELETED_FIRST_NAME,
      lastName: DELETED_LAST_NAME,
      location: "",
      skills: [],
      experience: "",
      availability: "",
      avatar: null,
      bio: null,
      referralCode: `X${newReferralCode(11)}`,
      referredBy: null,
      holidaysOff: false,
      timeZone: null,
      emailVerifiedAt: null,
      pendingEmail: null,
      emailOff: [...EMAIL_KINDS],
      emailKey: randomBytes(24).toString("base64url"),
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, me.id));
  await endUserPush(tx, me.id);
  await tx.delete(sessions).where(eq(sessions.userId, me.id));
  await tx.delete(accountTokens).where(eq(accountTokens.userId, me.id));
  // The account's mail: what waits is not sent, what was sent is not kept.
  await tx.delete(emailOutbox).where(eq(emailOutbox.userId, me.id));
  await tx.delete(notifications).where(eq(notifications.userId, me.id));
  await tx.delete(timeOff).where(eq(timeOff.assistantId, me.id));
  await tx.delete(profiles).where(eq(profiles.userId, me.id));
  await tx.delete(galleryPhotos).where(eq(galleryPhotos.userId, me.id));
  await tx.delete(savedPostings).where(eq(savedPostings.userId, me.id));
  await tx.delete(postings).where(eq(postings.userId, me.id));
  await tx.delete(uploads).where(eq(uploads.ownerId, me.id));
  await deletePayoutAccount(tx, me.id);
  return files.map((file) => file.key);
}
