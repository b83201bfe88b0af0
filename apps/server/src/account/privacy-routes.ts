import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { and, asc, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { deleteAccountSchema, EMAIL_KINDS, manilaDate, manilaTime, messageSchema, MSG, type UpcomingBooking } from "@vam/shared";
import { currentUser, type UserRow } from "../auth/authenticate.js";
import { verifyPassword } from "../auth/passwords.js";
import { lockClient, lockConsultant } from "../bookings/slots.js";
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
import { bearer, errorResponses } from "../http/contracts.js";
import { removeChatFilesOf } from "../chat/files.js";
import { badRequest, conflictWith } from "../http/errors.js";
import { deletePayoutAccount, lastFour, payoutAccountOf } from "../payout-accounts/public.js";
import { newReferralCode } from "../referrals/codes.js";
import { endUserPush, pushExportOf } from "../push/public.js";
import { browserLabel, emailSettingsOf } from "./routes.js";

const tags = ["account"];

/** What a deleted account's name becomes everywhere it still shows (the other party's bookings and chats). */
export const DELETED_FIRST_NAME = "Deleted";
export const DELETED_LAST_NAME = "user";

/** Of a pair of user columns (a booking's parties, a chat's members), the one that is not `userId`. */
const otherMemberOf = (a: AnyPgColumn, b: AnyPgColumn, userId: string) => sql`case when ${a} = ${userId} then ${b} else ${a} end`;

const iso = (at: Date | null | undefined) => at?.toISOString() ?? null;
const fullName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`;

/**
 * Everything the account holds, as JSON: its own data in full, and of other people only what
 * the account already sees of them on the site (their names), never their addresses.
 * Never included: password and token hashes, the unsubscribe key, other people's emails.
 */
export async function exportAccount(db: Db, me: UserRow, now: Date) {
  const other = alias(users, "other");
  const referrer = me.referredBy
    ? (await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, me.referredBy)))[0]
    : undefined;
  const [devices, listing, gallery, ownPostings, saved, bookingRows, written, received, chatRows, notes, rewards, referred, off, files] =
    await Promise.all([
      db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, me.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now))),
      db.select().from(profiles).where(eq(profiles.userId, me.id)),
      db.select().from(galleryPhotos).where(eq(galleryPhotos.userId, me.id)).orderBy(asc(galleryPhotos.createdAt)),
      db.select().from(postings).where(eq(postings.userId, me.id)).orderBy(asc(postings.createdAt)),
      db
        .select({ postingId: savedPostings.postingId, title: postings.title, savedAt: savedPostings.createdAt })
        .from(savedPostings)
        .innerJoin(postings, eq(postings.id, savedPostings.postingId))
        .where(eq(savedPostings.userId, me.id)),
      db
        .select({ booking: bookings, other: { firstName: other.firstName, lastName: other.lastName } })
        .from(bookings)
        .innerJoin(other, eq(other.id, otherMemberOf(bookings.clientId, bookings.consultantId, me.id)))
        .where(or(eq(bookings.clientId, me.id), eq(bookings.consultantId, me.id)))
        .orderBy(asc(bookings.startsAt)),
      db
        .select({ review: reviews, subject: { firstName: other.firstName, lastName: other.lastName } })
        .from(reviews)
        .innerJoin(other, eq(other.id, reviews.subjectId))
        .where(eq(reviews.authorId, me.id)),
      // Double-blind: a review about the account is its data once it is published.
      db
        .select({ review: reviews, author: { firstName: other.firstName, lastName: other.lastName } })
        .from(reviews)
        .innerJoin(other, eq(other.id, reviews.authorId))
        .where(and(eq(reviews.subjectId, me.id), isNotNull(reviews.publishedAt), isNull(reviews.hiddenAt))),
      db
        .select({ chat: chats, other: { id: other.id, firstName: other.firstName, lastName: other.lastName } })
        .from(chats)
        .innerJoin(other, eq(other.id, otherMemberOf(chats.userAId, chats.userBId, me.id)))
        .where(or(eq(chats.userAId, me.id), eq(chats.userBId, me.id))),
      db.select().from(notifications).where(eq(notifications.userId, me.id)).orderBy(asc(notifications.createdAt)),
      db.select().from(referralRewards).where(eq(referralRewards.earnerId, me.id)).orderBy(asc(referralRewards.createdAt)),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.referredBy, me.id)),
      db.select().from(timeOff).where(eq(timeOff.assistantId, me.id)).orderBy(asc(timeOff.startsOn)),
      db.select().from(uploads).where(eq(uploads.ownerId, me.id)).orderBy(asc(uploads.createdAt)),
    ]);
  const payout = await payoutAccountOf(db, me.id);
  const push = await pushExportOf(db, me.id);
  const chatIds = chatRows.map((row) => row.chat.id);
  const messageRows = chatIds.length
    ? await db.select().from(messages).where(inArray(messages.chatId, chatIds)).orderBy(asc(messages.createdAt), asc(messages.id))
    : [];
  const byChat = new Map<string, (typeof messageRows)[number][]>();
  for (const message of messageRows) {
    const list = byChat.get(message.chatId);
    if (list) list.push(message);
    else byChat.set(message.chatId, [message]);
  }

  return {
    format: "va-marketplace-account-export/1",
    exportedAt: now.toISOString(),
    account: {
      id: me.id,
      username: me.username,
      email: me.email,
      emailVerified: me.emailVerifiedAt !== null,
      pendingEmail: me.pendingEmail,
      firstName: me.firstName,
      lastName: me.lastName,
      role: me.role,
      location: me.location,
      skills: me.skills,
      experience: me.experience,
      availability: me.availability,
      salaryRate: me.salaryRate,
      avatar: me.avatar,
      bio: me.bio,
      holidaysOff: me.holidaysOff,
      timeZone: me.timeZone,
      createdAt: iso(me.createdAt),
      updatedAt: iso(me.updatedAt),
    },
    emailSettings: emailSettingsOf(me.emailOff),
    // Web push (decision 0024): which devices receive pushes, and the kinds pushed.
    pushDevices: push.devices,
    pushSettings: push.settings,
    signedInDevices: devices.map((row) => ({
      browser: browserLabel(row.userAgent),
      signedInAt: iso(row.createdAt),
      lastSeenAt: iso(row.lastSeenAt),
    })),
    listing: listing.map((row) => ({ id: row.id, title: row.title, responseTime: row.responseTime, createdAt: iso(row.createdAt) }))[0] ?? null,
    gallery: gallery.map((row) => ({
      imageUrl: row.imageUrl,
      title: row.title,
      description: row.description,
      public: row.isPublic,
      addedAt: iso(row.createdAt),
    })),
    postings: ownPostings.map((row) => ({
      id: row.id,
      title: row.title,
      address: row.address,
      rate: row.rate,
      images: row.images,
      description: row.description,
      hours: row.hours,
      days: row.days,
      bathroom: row.bathroom,
      school: row.school,
      createdAt: iso(row.createdAt),
    })),
    savedPostings: saved.map((row) => ({ postingId: row.postingId, title: row.title, savedAt: iso(row.savedAt) })),
    bookings: bookingRows.map(({ booking, other: party }) => ({
      id: booking.id,
      as: booking.clientId === me.id ? "client" : "assistant",
      with: fullName(party),
      date: manilaDate(booking.startsAt),
      startTime: manilaTime(booking.startsAt),
      endTime: manilaTime(booking.endsAt),
      hours: booking.duration,
      price: booking.price,
      status: booking.status,
      paymentStatus: booking.paymentStatus,
      cancelReason: booking.cancelReason,
      referralCode: booking.referralCode,
      seriesId: booking.seriesId,
      createdAt: iso(booking.createdAt),
      completedAt: iso(booking.completedAt),
    })),
    reviewsWritten: written.map(({ review, subject }) => ({
      bookingId: review.bookingId,
      about: fullName(subject),
      rating: review.rating,
      text: review.text,
      writtenAt: iso(review.createdAt),
      publishedAt: iso(review.publishedAt),
    })),
    reviewsReceived: received.map(({ review, author }) => ({
      bookingId: review.bookingId,
      by: fullName(author),
      rating: review.rating,
      text: review.text,
      publishedAt: iso(review.publishedAt),
    })),
    chats: chatRows.map(({ chat, other: party }) => ({
      id: chat.id,
      with: fullName(party),
      messages: (byChat.get(chat.id) ?? []).map((message) => ({
        from: message.senderId === me.id ? "me" : fullName(party),
        text: message.text,
        sentAt: iso(message.createdAt),
      })),
    })),
    notifications: notes.map((row) => ({ type: row.type, title: row.title, content: row.content, read: row.read, createdAt: iso(row.createdAt) })),
    referrals: {
      referralCode: me.referralCode,
      referredBy: referrer ? fullName(referrer) : null,
      peopleWhoJoinedWithYourCode: referred[0]?.n ?? 0,
      moneyEarned: rewards.reduce((sum, row) => sum + row.amount, 0),
      rewards: rewards.map((row) => ({ bookingId: row.bookingId, amount: row.amount, paidAt: iso(row.createdAt) })),
    },
    // The number's last 4 digits only, as the settings page shows it.
    payoutAccount: payout
      ? {
          method: payout.method,
          bankName: payout.bankName,
          accountName: payout.accountName,
          accountNumberLast4: lastFour(payout.accountNumber),
          changedAt: iso(payout.changedAt),
        }
      : null,
    timeOff: off.map((row) => ({ from: row.startsOn, to: row.endsOn, slot: row.slot, note: row.note })),
    uploads: files.map((row) => ({ url: row.url, folder: row.folder, contentType: row.contentType, size: row.size, uploadedAt: iso(row.createdAt) })),
  };
}

/** The account's bookings that are not over: PENDING or CONFIRMED and not yet ended. */
async function upcomingBookings(db: Db, userId: string, now: Date): Promise<UpcomingBooking[]> {
  const other = alias(users, "other");
  const rows = await db
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
  return rows.map(({ booking, other: party }) => ({
    id: booking.id,
    date: manilaDate(booking.startsAt),
    startTime: manilaTime(booking.startsAt),
    endTime: manilaTime(booking.endsAt),
    otherName: fullName(party),
  }));
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
    .set({ title: `New message from ${deleted}` })
    .where(and(eq(notifications.type, "MESSAGE"), ne(notifications.userId, me.id), inArray(notifications.chatId, myChats)));
}

/**
 * Deletes the account (decisions.md, Accounts and email; the Data Privacy Act of 2012) inside
 * `tx`: the user row stays, anonymised, so the other party's bookings, chats and reviews keep
 * their other side ("Deleted user"); everything else the account holds goes. Answers the storage
 * keys of its uploads, removed once the transaction has committed.
 */
async function eraseAccount(tx: Db, me: UserRow, now: Date): Promise<string[]> {
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

/** "Download my data" and "Delete my account" (Data Privacy Act of 2012; decisions.md, Accounts and email). */
export async function privacyRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.authenticate };
  const rateLimit = { max: app.config.authRateLimitPerMinute, timeWindow: "1 minute" };

  const exportContract = {
    tags,
    summary: "Download my data: everything the account holds, as a JSON file",
    security: bearer,
    response: { 200: z.record(z.string(), z.unknown()), ...errorResponses },
  };
  app.get("/account/export", { ...auth, config: { rateLimit }, schema: exportContract }, async (request, reply) => {
    const me = currentUser(request);
    const now = app.clock.now();
    const data = await exportAccount(app.db, me, now);
    request.log.info({ userId: me.id }, "account data exported");
    return reply
      .header("content-disposition", `attachment; filename="va-marketplace-data-${me.username}-${manilaDate(now)}.json"`)
      .header("cache-control", "no-store")
      .send(data);
  });

  const deleteContract = {
    tags,
    summary: "Delete my account (password required; refused with the list while bookings are upcoming)",
    security: bearer,
    body: deleteAccountSchema,
    response: { 200: messageSchema, ...errorResponses },
  };
  app.post("/account/delete", { ...auth, config: { rateLimit }, schema: deleteContract }, async (request) => {
    const me = currentUser(request);
    if (!(await verifyPassword(me.passwordHash, request.body.password))) throw badRequest(MSG.currentPasswordWrong, "password");
    const now = app.clock.now();
    const files = await app.db.transaction(async (tx) => {
      // Booking creation takes this lock and then checks the account still exists: no booking
      // of this account can commit between the check below and the deletion.
      await lockConsultant(tx, me.id);
      await lockClient(tx, me.id);
      const upcoming = await upcomingBookings(tx, me.id, now);
      if (upcoming.length > 0) throw conflictWith(MSG.deleteBlockedByBookings, { upcomingBookings: upcoming });
      return eraseAccount(tx, me, now);
    });
    app.realtime.endUser(me.id);
    // Files sent in chats go with the account (decision 0025); a crash here leaves them to the sweep.
    await removeChatFilesOf(app, me.id);
    await app.searchIndex.settle();
    // After commit: a failed removal leaves an orphan file, never a row pointing at nothing.
    const removed = await Promise.allSettled(files.map((key) => app.storage.remove(key)));
    const failed = removed.filter((result) => result.status === "rejected").length;
    if (failed > 0) request.log.warn({ userId: me.id, failed }, "some uploads of a deleted account could not be removed");
    request.log.info({ userId: me.id, uploads: files.length }, "account deleted");
    return { message: MSG.accountDeleted };
  });
}
