import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { deleteAccountSchema, manilaDate, manilaTime, messageSchema, MSG, type UpcomingBooking } from "@vam/shared";
import { currentUser, type UserRow } from "../session/authenticate.js";
import { verifyPassword } from "../auth/public.js";
import { lockClient, lockConsultant } from "../slots/public.js";
import type { Db } from "../db/client.js";
import { bearer, errorResponses } from "../http/contracts.js";
import { removeChatFilesOf } from "../chat/public.js";
import { badRequest, conflictWith } from "../http/errors.js";
import { lastFour, payoutAccountOf } from "../payout-accounts/public.js";
import { pushExportOf } from "../push/public.js";
import { browserLabel } from "../session/browser-label.js";
import { accountHoldings, bookingsNotOver, eraseAccount, messagesOfChats, nameOfUser } from "./repository.js";
import { emailSettingsOf } from "./routes.js";

const tags = ["account"];

const iso = (at: Date | null | undefined) => at?.toISOString() ?? null;
const fullName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`;

/**
 * Everything the account holds, as JSON: its own data in full, and of other people only what
 * the account already sees of them on the site (their names), never their addresses.
 * Never included: password and token hashes, the unsubscribe key, other people's emails.
 */
export async function exportAccount(db: Db, me: UserRow, now: Date) {
  const referrer = me.referredBy ? await nameOfUser(db, me.referredBy) : undefined;
  const { devices, listing, gallery, ownPostings, saved, bookingRows, written, received, chatRows, notes, rewards, referred, off, files } =
    await accountHoldings(db, me.id, now);
  const payout = await payoutAccountOf(db, me.id);
  const push = await pushExportOf(db, me.id);
  const chatIds = chatRows.map((row) => row.chat.id);
  const messageRows = chatIds.length ? await messagesOfChats(db, chatIds) : [];
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
  const rows = await bookingsNotOver(db, userId, now);
  return rows.map(({ booking, other: party }) => ({
    id: booking.id,
    date: manilaDate(booking.startsAt),
    startTime: manilaTime(booking.startsAt),
    endTime: manilaTime(booking.endsAt),
    otherName: fullName(party),
  }));
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
