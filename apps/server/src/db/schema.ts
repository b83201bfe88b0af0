import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  jsonb,
  smallint,
  bigint,
  customType,
  date,
} from "drizzle-orm/pg-core";
import {
  ACCOUNT_ROLES,
  CANCEL_REASONS,
  JOURNAL_KINDS,
  LEDGER_ACCOUNT_KINDS,
  PAYMENT_STATES,
  PAYMENT_STATUSES,
  PAYOUT_KINDS,
  PAYOUT_LINE_STATES,
  PAYOUT_METHODS,
  REFUND_REASONS,
  REFUND_STATES,
  STATEMENT_PROPOSALS,
} from "@vam/shared";

/** A full transaction id (PostgreSQL 13+), read and written as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => "xid8" });

const id = () => uuid("id").primaryKey().defaultRandom();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum("role", ACCOUNT_ROLES);
export const bookingStatusEnum = pgEnum("booking_status", ["PENDING", "CONFIRMED", "COMPLETED", "CANCELLED"]);
export const paymentStatusEnum = pgEnum("payment_status", PAYMENT_STATUSES);
export const paymentStateEnum = pgEnum("payment_state", PAYMENT_STATES);
export const statementProposalEnum = pgEnum("statement_proposal", STATEMENT_PROPOSALS);
export const cancelReasonEnum = pgEnum("cancel_reason", CANCEL_REASONS);
export const payoutMethodEnum = pgEnum("payout_method", PAYOUT_METHODS);
export const ledgerAccountKindEnum = pgEnum("ledger_account_kind", LEDGER_ACCOUNT_KINDS);
export const journalKindEnum = pgEnum("journal_kind", JOURNAL_KINDS);
export const refundReasonEnum = pgEnum("refund_reason", REFUND_REASONS);
export const refundStateEnum = pgEnum("refund_state", REFUND_STATES);
export const payoutKindEnum = pgEnum("payout_kind", PAYOUT_KINDS);
export const payoutLineStateEnum = pgEnum("payout_line_state", PAYOUT_LINE_STATES);
export const notificationTypeEnum = pgEnum("notification_type", ["MESSAGE", "BOOKING", "REFERRAL", "SYSTEM", "REVIEW"]);

export const users = pgTable(
  "users",
  {
    id: id(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    role: roleEnum("role").notNull(),
    location: text("location").notNull(),
    skills: text("skills")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    experience: text("experience").notNull(),
    availability: text("availability").notNull(),
    /** Pesos per hour; set only for Assistants. */
    salaryRate: integer("salary_rate"),
    avatar: text("avatar"),
    bio: text("bio"),
    /** Average stars of the published, visible reviews about the user (null: none yet), kept with them. */
    ratingAverage: real("rating_average"),
    reviewCount: integer("review_count").notNull().default(0),
    /** Set by an operator: no sign-in, no public listing or postings; bookings stay. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    referralCode: text("referral_code").notNull(),
    referredBy: uuid("referred_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    /** An Assistant's switch: the Philippines' regular holidays are time off. */
    holidaysOff: boolean("holidays_off").notNull().default(false),
    /**
     * The regular holidays (Manila dates) kept as working days while the switch is on: those that
     * held pending or confirmed bookings when it was set (decision 0015). Empty when it is off.
     */
    holidaysKept: text("holidays_kept")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The person's own time zone (IANA, decisions.md "Time zones"): from the browser at registration
     * or at the first sign-in after zones came; changeable in Settings. Null: not known yet (Manila's
     * clock alone is given).
     */
    timeZone: text("time_zone"),
    /** When `email` was verified by its link (null: not yet). */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** A new address waiting for its verification link; `email` stays until it is opened. */
    pendingEmail: text("pending_email"),
    /** The email kinds (EMAIL_KINDS) the user switched off. */
    emailOff: text("email_off")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Signs the user's unsubscribe links (an HMAC key; never shown). */
    emailKey: text("email_key")
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    /** The account was deleted: personal data erased, the row kept for the other party's bookings and chats. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_idx").on(t.email),
    uniqueIndex("users_referral_code_idx").on(t.referralCode),
    index("users_referred_by_idx").on(t.referredBy),
    index("users_role_created_idx").on(t.role, t.createdAt),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** The browser that signed in (its User-Agent), shown in the list of signed-in devices. */
    userAgent: text("user_agent"),
    /** Last request of the session, kept to within a few minutes. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("sessions_token_hash_idx").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

/** Every file this server stored; only these URLs are accepted as images elsewhere. */
export const uploads = pgTable(
  "uploads",
  {
    id: id(),
    url: text("url").notNull(),
    storageKey: text("storage_key").notNull(),
    folder: text("folder").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("uploads_url_idx").on(t.url)],
);

/** An Assistant's one public listing ("Make Profile Public"); the rest comes from the user. */
export const profiles = pgTable(
  "profiles",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    responseTime: text("response_time").notNull().default("Within 24 hours"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("profiles_user_idx").on(t.userId), // Ascending, read backwards for "newest first" (a DESC NULLS LAST index would not match that order).
    index("profiles_created_idx").on(t.createdAt, t.id),
  ],
);

export const galleryPhotos = pgTable(
  "gallery_photos",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    imageUrl: text("image_url").notNull(),
    title: text("title"),
    description: text("description"),
    isPublic: boolean("is_public").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("gallery_user_idx").on(t.userId, t.createdAt)],
);

/** A project an Assistant offers (the spec's "posting", shown at /{id}). */
export const postings = pgTable(
  "postings",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    address: text("address").notNull(),
    rate: integer("rate").notNull(),
    images: text("images")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Sanitised HTML. */
    description: text("description").notNull().default(""),
    hours: text("hours"),
    days: text("days"),
    bathroom: text("bathroom"),
    school: text("school"),
    /** Set by the platform only (seed data), never by the owner. */
    verified: boolean("verified").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("postings_user_idx").on(t.userId, t.createdAt)],
);

export const savedPostings = pgTable(
  "saved_postings",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postingId: uuid("posting_id")
      .notNull()
      .references(() => postings.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postingId] })],
);

/**
 * A weekly series (decisions.md, Recurring bookings): the rule its bookings were made from, which
 * its calendar file repeats (DTSTART `first_starts_at`, COUNT `weeks`). Each date is a booking.
 */
export const bookingSeries = pgTable(
  "booking_series",
  {
    id: id(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    consultantId: uuid("consultant_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    firstStartsAt: timestamp("first_starts_at", { withTimezone: true }).notNull(),
    weeks: integer("weeks").notNull(),
    duration: integer("duration").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("booking_series_weeks_check", sql`${t.weeks} between 2 and 12`)],
);

/**
 * One payment (decisions.md, "Money"): a booking, or a whole weekly series, paid with one QR Ph
 * transfer that carries `reference`. Opened by the payment step (OPEN), attached to its bookings
 * by "I have paid" (UNVERIFIED), decided by an operator (PAID, REJECTED). Amounts in centavos.
 */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    reference: text("reference").notNull(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    consultantId: uuid("consultant_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amountCentavos: integer("amount_centavos").notNull(),
    /** How many dates it pays for, and their hours: an open payment is reused for the same choice. */
    dates: integer("dates").notNull().default(1),
    duration: integer("duration").notNull(),
    state: paymentStateEnum("state").notNull().default("OPEN"),
    /** The reference number on the client's receipt, as they typed it after paying. */
    transferReference: text("transfer_reference"),
    /** When the client said "I have paid" (the bookings were made). */
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payments_reference_idx").on(t.reference),
    index("payments_client_idx").on(t.clientId, t.createdAt),
    index("payments_unverified_idx")
      .on(t.createdAt)
      .where(sql`${t.state} = 'UNVERIFIED'`),
    check("payments_reference_check", sql`${t.reference} ~ '^VA-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$'`),
    check("payments_amount_check", sql`${t.amountCentavos} > 0`),
  ],
);

/**
 * Times are instants; `[starts_at, ends_at)` may not overlap another PENDING or CONFIRMED
 * booking of the same consultant (exclusion constraint added in the migration).
 */
export const bookings = pgTable(
  "bookings",
  {
    id: id(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    consultantId: uuid("consultant_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    duration: integer("duration").notNull(),
    price: integer("price").notNull(),
    status: bookingStatusEnum("status").notNull().default("PENDING"),
    /** The payment this booking is paid by (a weekly series' dates share one). */
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id),
    paymentStatus: paymentStatusEnum("payment_status").notNull().default("UNVERIFIED"),
    /** When an operator marked the payment received or not received. */
    paymentDecidedAt: timestamp("payment_decided_at", { withTimezone: true }),
    cancelReason: cancelReasonEnum("cancel_reason"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    referralCode: text("referral_code"),
    isRecurring: boolean("is_recurring").notNull().default(false),
    seriesId: uuid("series_id").references(() => bookingSeries.id, { onDelete: "cascade" }),
    /** A series date's place in its rule (its first start), kept when it is moved: the calendar's RECURRENCE-ID. */
    originalStartsAt: timestamp("original_starts_at", { withTimezone: true }),
    /** When the reminder emails (24 hours before the start) were queued. */
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    /** Calendar-file revision: raised on every reschedule and on cancellation. */
    sequence: integer("sequence").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("bookings_consultant_idx").on(t.consultantId, t.startsAt),
    index("bookings_client_idx").on(t.clientId, t.startsAt),
    // The hold sweep and the console's payments list read only open bookings.
    index("bookings_pending_created_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'PENDING'`),
    index("bookings_unverified_created_idx")
      .on(t.createdAt)
      .where(sql`${t.paymentStatus} = 'UNVERIFIED' and ${t.status} in ('PENDING', 'CONFIRMED')`),
    index("bookings_created_idx").on(t.createdAt),
    index("bookings_payment_idx").on(t.paymentId),
    index("bookings_series_idx")
      .on(t.seriesId)
      .where(sql`${t.seriesId} is not null`),
    // Search's "available on": who holds time on a day, across all consultants.
    index("bookings_holding_starts_idx")
      .on(t.startsAt)
      .where(sql`${t.status} in ('PENDING', 'CONFIRMED')`),
    check("bookings_duration_check", sql`${t.duration} in (4, 8)`),
    check("bookings_range_check", sql`${t.endsAt} > ${t.startsAt}`),
    check("bookings_not_self_check", sql`${t.clientId} <> ${t.consultantId}`),
  ],
);

/** One reward per completed booking, whatever happens later. */
export const referralRewards = pgTable(
  "referral_rewards",
  {
    id: id(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    earnerId: uuid("earner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("referral_rewards_booking_idx").on(t.bookingId), index("referral_rewards_earner_idx").on(t.earnerId)],
);

/** A conversation between exactly two users; `user_a_id < user_b_id` keeps the pair unique. */
export const chats = pgTable(
  "chats",
  {
    id: id(),
    userAId: uuid("user_a_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userBId: uuid("user_b_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    /** When each member last read the chat; `seenBy` is derived from these. */
    userAReadAt: timestamp("user_a_read_at", { withTimezone: true }),
    userBReadAt: timestamp("user_b_read_at", { withTimezone: true }),
    /** When each member was last emailed about unread messages here (one email until they read). */
    userAEmailedAt: timestamp("user_a_emailed_at", { withTimezone: true }),
    userBEmailedAt: timestamp("user_b_emailed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("chats_pair_idx").on(t.userAId, t.userBId),
    index("chats_user_b_idx").on(t.userBId),
    check("chats_pair_order_check", sql`${t.userAId} < ${t.userBId}`),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: id(),
    chatId: uuid("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    senderId: uuid("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    // The statement's own time, not the transaction's: two messages of one transaction keep their order.
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index("messages_chat_idx").on(t.chatId, t.createdAt)],
);

/**
 * A file sent in a chat (issue 33; decision 0025): uploaded by a member into the chat, attached to
 * a message when sent (`message_id`, null until then; unsent ones go after a day). The bytes are
 * in the private storage under random keys; they are read through signed URLs only.
 */
export const chatFiles = pgTable(
  "chat_files",
  {
    id: id(),
    chatId: uuid("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    uploaderId: uuid("uploader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    messageId: uuid("message_id").references(() => messages.id, { onDelete: "cascade" }),
    /** Its place among the message's files (the order they were attached). */
    position: smallint("position").notNull().default(0),
    kind: text("kind", { enum: ["image", "document"] }).notNull(),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    width: integer("width"),
    height: integer("height"),
    storageKey: text("storage_key").notNull(),
    thumbnailKey: text("thumbnail_key"),
    createdAt: createdAt(),
  },
  (t) => [
    index("chat_files_message_idx").on(t.messageId),
    index("chat_files_uploader_idx").on(t.uploaderId),
    index("chat_files_unsent_idx")
      .on(t.createdAt)
      .where(sql`${t.messageId} is null`),
    check("chat_files_kind_check", sql`${t.kind} in ('image', 'document')`),
  ],
);

export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: notificationTypeEnum("type").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    read: boolean("read").notNull().default(false),
    chatId: uuid("chat_id").references(() => chats.id, { onDelete: "cascade" }),
    entityId: uuid("entity_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt),
    // One unread MESSAGE notification per chat and recipient, refreshed rather than repeated.
    uniqueIndex("notifications_unread_message_idx")
      .on(t.userId, t.chatId)
      .where(sql`${t.type} = 'MESSAGE' and ${t.read} = false`),
  ],
);

/**
 * The daylight-saving notices sent (decisions.md, "Time zones"): a client whose clocks change
 * within a week is told once which weekly dates move in their own time. The primary key, one row
 * per person and clock change, is inserted in the transaction that stores the notification and
 * queues the email: however many sweeps or instances run, the notice goes out once.
 */
export const daylightSavingNotices = pgTable(
  "daylight_saving_notices",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The instant the clocks change (the first minute of the new offset). */
    changeAt: timestamp("change_at", { withTimezone: true }).notNull(),
    /** How many dates it named. */
    dates: integer("dates").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.changeAt] })],
);

/**
 * One review of a completed booking by one of its parties, about the other. Double-blind:
 * `published_at` is set when both have written theirs or the review window closes.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: id(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subjectId: uuid("subject_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    /** Plain text. */
    text: text("text"),
    createdAt: createdAt(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** Set by an operator: the review no longer shows or counts. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("reviews_booking_author_idx").on(t.bookingId, t.authorId),
    index("reviews_subject_published_idx").on(t.subjectId, t.publishedAt, t.id),
    index("reviews_unpublished_idx")
      .on(t.bookingId)
      .where(sql`${t.publishedAt} is null`),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
    check("reviews_not_self_check", sql`${t.authorId} <> ${t.subjectId}`),
  ],
);

/** Every operator action: who, what, when, before and after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: uuid("entity_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);

/*
 * The search index lives in each server's memory (decision 0014). The database's triggers
 * (migration 0007) log here which user's listing or card changed, whichever code or instance
 * changed it; every instance follows the log. The sweep prunes entries older than an hour.
 */
export const searchChanges = pgTable(
  "search_changes",
  {
    seq: bigint("seq", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** The writing transaction: readers follow the log by transaction (search-replica.ts). */
    tx: xid8("tx")
      .notNull()
      .default(sql`pg_current_xact_id()`),
    userId: uuid("user_id").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("search_changes_tx_idx").on(t.tx), index("search_changes_changed_idx").on(t.changedAt)],
);

/**
 * An Assistant's time off: every weekday from `starts_on` to `ends_on` (Manila dates), or one
 * slot (`slot`, a slot start) of one date. Nobody but the Assistant reads `note`.
 */
export const timeOff = pgTable(
  "time_off",
  {
    id: id(),
    assistantId: uuid("assistant_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    slot: text("slot"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("time_off_assistant_idx").on(t.assistantId, t.endsOn),
    // Search's "available on": who is off on a date, across all Assistants.
    index("time_off_dates_idx").on(t.startsOn, t.endsOn),
    check("time_off_range_check", sql`${t.endsOn} >= ${t.startsOn}`),
    check("time_off_slot_check", sql`${t.slot} is null or (${t.slot} in ('09:00', '13:00') and ${t.startsOn} = ${t.endsOn})`),
  ],
);

/** Links sent by email: a password reset (1 hour, once) or an address to verify. Only hashes are stored. */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["reset", "verify"] }).notNull(),
    /** SHA-256 of the token in the link. */
    tokenHash: text("token_hash").notNull(),
    /** The address a verify link proves (the account's, or a new one waiting). */
    email: text("email"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("account_tokens_hash_idx").on(t.tokenHash), index("account_tokens_user_idx").on(t.userId, t.purpose, t.createdAt)],
);

/**
 * The durable email queue: written in the transaction that causes the email, sent by a worker on
 * any instance (email/queue.ts). A row is claimed for a lease with `FOR UPDATE SKIP LOCKED`, so
 * each message goes out once however many instances run; a failure is retried with back-off.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: id(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    toAddress: text("to_address").notNull(),
    /** An EMAIL_KINDS value, or "reset" / "verify". */
    kind: text("kind").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** [{ filename, contentType, content, encoding? }]: `encoding: "base64"` for a binary file (a PDF). */
    attachments: jsonb("attachments")
      .$type<{ filename: string; contentType: string; content: string; encoding?: "base64" }[]>()
      .notNull()
      .default([]),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A worker holds the row until then; past it, another may take it. */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Given up after the last attempt. */
    failedAt: timestamp("failed_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index("email_outbox_user_idx").on(t.userId),
    // The sweep's pruning of old sent and given-up rows.
    index("email_outbox_done_idx")
      .on(sql`coalesce(${t.sentAt}, ${t.failedAt})`)
      .where(sql`${t.sentAt} is not null or ${t.failedAt} is not null`),
  ],
);

/** Settings an operator changes in the console (the platform's static QR Ph code), by key. */
export const platformSettings = pgTable("platform_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

/** One upload of the receiving account's transaction history (decisions.md, "Reconciling payments"). */
export const statementImports = pgTable(
  "statement_imports",
  {
    id: id(),
    fileName: text("file_name").notNull(),
    /** The layout recognised by its headers ("gcash", "maya"...), or "mapped" by the operator. */
    layout: text("layout").notNull(),
    importedBy: uuid("imported_by").references(() => users.id, { onDelete: "set null" }),
    lineCount: integer("line_count").notNull(),
    /** Lines already imported before (the same file again, or an overlapping period): skipped. */
    skippedCount: integer("skipped_count").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("statement_imports_created_idx").on(t.createdAt)],
);

/**
 * A line of an imported statement, once across all imports (`fingerprint`), with what the import
 * proposed; a confirmed line is kept as its payment's proof. Amounts in centavos (money in > 0).
 */
export const statementLines = pgTable(
  "statement_lines",
  {
    id: id(),
    importId: uuid("import_id")
      .notNull()
      .references(() => statementImports.id, { onDelete: "cascade" }),
    fingerprint: text("fingerprint").notNull(),
    lineNo: integer("line_no").notNull(),
    postedAt: timestamp("posted_at", { withTimezone: true }).notNull(),
    amountCentavos: integer("amount_centavos").notNull(),
    /** The VA- reference found in the line's text, if any. */
    reference: text("reference"),
    /** The bank's or wallet's own number of the transaction. */
    bankReference: text("bank_reference"),
    sender: text("sender"),
    description: text("description").notNull(),
    proposal: statementProposalEnum("proposal").notNull(),
    proposedPaymentId: uuid("proposed_payment_id").references(() => payments.id, { onDelete: "set null" }),
    /** Line minus payment, for "amount differs" and "paid twice". */
    differenceCentavos: integer("difference_centavos"),
    /** Set when an operator confirmed the proposal: the line is then the payment's proof. */
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "set null" }),
    confirmedBy: uuid("confirmed_by").references(() => users.id, { onDelete: "set null" }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("statement_lines_fingerprint_idx").on(t.fingerprint),
    index("statement_lines_import_idx").on(t.importId, t.lineNo),
    index("statement_lines_open_idx")
      .on(t.postedAt)
      .where(sql`${t.confirmedAt} is null`),
    index("statement_lines_payment_idx").on(t.paymentId),
    index("statement_lines_proposed_idx").on(t.proposedPaymentId),
  ],
);

/** A layout the operator mapped once (which columns are the date, amount, reference and sender), by its headers. */
export const statementMappings = pgTable("statement_mappings", {
  headerSignature: text("header_signature").primaryKey(),
  mapping: jsonb("mapping").notNull(),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/**
 * Where a user's earnings, rewards and refunds are sent (decisions.md, "Cancelling, refunds, fees
 * and payouts"). Saving it holds the user's next payout until `changed_at` + 24 hours.
 */
export const payoutAccounts = pgTable(
  "payout_accounts",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    method: payoutMethodEnum("method").notNull(),
    /** Set only for BANK. */
    bankName: text("bank_name"),
    accountName: text("account_name").notNull(),
    /** Digits only: an 11-digit mobile number (09...) for GCash and Maya, the account number for a bank. */
    accountNumber: text("account_number").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("payout_accounts_bank_check", sql`(${t.method} = 'BANK') = (${t.bankName} is not null)`)],
);

/**
 * The ledger's accounts (decision 0020). `code` names each one for good: "cash", "held", "fees",
 * "rewards", "payouts-in-transit", "refunds-in-transit", "payable:<user id>", "refunds-due:<user id>".
 * A balance is only ever the sum of the account's journal lines.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: id(),
    code: text("code").notNull(),
    kind: ledgerAccountKindEnum("kind").notNull(),
    /** The payee or client of a PAYABLE or REFUNDS_DUE account; kept as history if the user goes. */
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("ledger_accounts_code_idx").on(t.code), index("ledger_accounts_owner_idx").on(t.ownerId)],
);

/**
 * One balanced double-entry journal entry: its lines sum to zero (a deferred constraint trigger
 * checks it at commit, migration 0013). `event_key` makes each economic event post once
 * ("completed:<booking id>"), whoever races to post it. Entries and lines are never changed.
 */
export const journalEntries = pgTable(
  "journal_entries",
  {
    id: id(),
    number: integer("number").generatedAlwaysAsIdentity().notNull(),
    kind: journalKindEnum("kind").notNull(),
    eventKey: text("event_key").notNull(),
    memo: text("memo").notNull(),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "set null" }),
    refundId: uuid("refund_id").references((): AnyPgColumn => refunds.id, { onDelete: "set null" }),
    payoutLineId: uuid("payout_line_id").references((): AnyPgColumn => payoutLines.id, { onDelete: "set null" }),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    postedAt: timestamp("posted_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("journal_entries_event_idx").on(t.eventKey),
    uniqueIndex("journal_entries_number_idx").on(t.number),
    index("journal_entries_posted_idx").on(t.postedAt),
    index("journal_entries_booking_idx")
      .on(t.bookingId)
      .where(sql`${t.bookingId} is not null`),
  ],
);

/** A line of an entry: debits positive, credits negative, in centavos. */
export const journalLines = pgTable(
  "journal_lines",
  {
    id: id(),
    entryId: uuid("entry_id")
      .notNull()
      .references(() => journalEntries.id),
    accountId: uuid("account_id")
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCentavos: bigint("amount_centavos", { mode: "number" }).notNull(),
  },
  (t) => [
    index("journal_lines_account_idx").on(t.accountId, t.entryId),
    index("journal_lines_entry_idx").on(t.entryId),
    check("journal_lines_amount_check", sql`${t.amountCentavos} <> 0`),
  ],
);

/** Money owed back to a client, for one reason (a cancelled paid booking, an overpayment). */
export const refunds = pgTable(
  "refunds",
  {
    id: id(),
    clientId: uuid("client_id").references(() => users.id, { onDelete: "set null" }),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "set null" }),
    amountCentavos: integer("amount_centavos").notNull(),
    reason: refundReasonEnum("reason").notNull(),
    state: refundStateEnum("state").notNull().default("DUE"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("refunds_client_idx").on(t.clientId),
    index("refunds_booking_idx")
      .on(t.bookingId)
      .where(sql`${t.bookingId} is not null`),
    index("refunds_due_idx")
      .on(t.createdAt)
      .where(sql`${t.state} = 'DUE'`),
    check("refunds_amount_check", sql`${t.amountCentavos} > 0`),
  ],
);

/** A run of payouts (or of refunds) an operator started: its lines are the transfers to make. */
export const payoutBatches = pgTable("payout_batches", {
  id: id(),
  number: integer("number").generatedAlwaysAsIdentity().notNull(),
  kind: payoutKindEnum("kind").notNull(),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/**
 * One transfer of a batch: a payee's whole available balance, or one refund. PENDING until an
 * operator marks it SENT (with the transfer's reference) or FAILED (the money goes back to the
 * balance). At most one PENDING line per balance or refund (partial unique indexes): two batches
 * never pay the same money.
 */
export const payoutLines = pgTable(
  "payout_lines",
  {
    id: id(),
    batchId: uuid("batch_id")
      .notNull()
      .references(() => payoutBatches.id),
    kind: payoutKindEnum("kind").notNull(),
    payeeId: uuid("payee_id").references(() => users.id, { onDelete: "set null" }),
    /** The PAYABLE or REFUNDS_DUE account the money comes from. */
    accountId: uuid("account_id")
      .notNull()
      .references(() => ledgerAccounts.id),
    refundId: uuid("refund_id").references(() => refunds.id),
    amountCentavos: integer("amount_centavos").notNull(),
    /** The payout account as it was when the batch ran: { method, bankName, accountName, accountNumber }. */
    destination: jsonb("destination").notNull(),
    state: payoutLineStateEnum("state").notNull().default("PENDING"),
    transferReference: text("transfer_reference"),
    failureReason: text("failure_reason"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    index("payout_lines_batch_idx").on(t.batchId),
    index("payout_lines_payee_idx").on(t.payeeId),
    uniqueIndex("payout_lines_pending_account_idx")
      .on(t.accountId)
      .where(sql`${t.state} = 'PENDING' and ${t.kind} = 'PAYOUT'`),
    uniqueIndex("payout_lines_pending_refund_idx")
      .on(t.refundId)
      .where(sql`${t.state} = 'PENDING' and ${t.refundId} is not null`),
    check("payout_lines_amount_check", sql`${t.amountCentavos} > 0`),
    check("payout_lines_refund_check", sql`(${t.kind} = 'REFUND') = (${t.refundId} is not null)`),
  ],
);

/** Acknowledgement receipts: one per verified payment, numbered 1, 2, 3... without gaps. */
export const receipts = pgTable(
  "receipts",
  {
    id: id(),
    number: integer("number").notNull(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    amountCentavos: integer("amount_centavos").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("receipts_number_idx").on(t.number), uniqueIndex("receipts_payment_idx").on(t.paymentId)],
);

/**
 * Web push (decision 0024): one row per device that turned push notifications on, found again
 * by its endpoint (the push service's address for that browser). It belongs to the session that
 * registered it: pushes go only while that session is live, and logging out, a password reset,
 * a suspension or an account's deletion end it.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    /** The device's P-256 public key and authentication secret (base64url), for the payload's encryption (RFC 8291). */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** "Chrome 131 on Linux": which device it is, from its User-Agent. */
    deviceLabel: text("device_label").notNull(),
    createdAt: createdAt(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
    index("push_subscriptions_session_idx").on(t.sessionId),
  ],
);

/** The push kinds (PUSH_KINDS) a user switched off, for all their devices; no row: all on. */
export const pushSettings = pgTable("push_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  off: text("off")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

/**
 * Pushes waiting to go, one per device: every instance's worker (push/queue.ts) claims due rows
 * with `FOR UPDATE SKIP LOCKED` and a lease, like the email outbox; a row is deleted once
 * delivered, skipped (the person's page is visible) or given up.
 */
export const pushOutbox = pgTable(
  "push_outbox",
  {
    id: id(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A PUSH_KINDS value. */
    kind: text("kind").notNull(),
    /** { title, body, url, tag? }: encrypted for the device when it is sent. */
    payload: jsonb("payload").$type<{ title: string; body: string; url: string; tag?: string }>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    /** Past it the push is stale (the TTL the push service was given): dropped, not sent. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [index("push_outbox_due_idx").on(t.nextAttemptAt)],
);
