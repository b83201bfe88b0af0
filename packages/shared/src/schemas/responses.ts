import { z } from "zod";
import { ACCOUNT_ROLES, AUDIT_ENTITY_TYPES, CANCEL_REASONS, PAYMENT_STATUSES, ROLES } from "../constants.js";
import { upcomingBookingSchema } from "./account.js";
import { bookingRefundSchema } from "./money.js";

/**
 * What the API answers, one schema per shape. The server serializes every answer through these
 * (a field not named here never leaves it); `../types.ts` infers the web's types from them.
 */

export const BOOKING_STATUSES = ["PENDING", "CONFIRMED", "COMPLETED", "CANCELLED"] as const;
export const NOTIFICATION_TYPES = ["MESSAGE", "BOOKING", "REFERRAL", "REVIEW", "SYSTEM"] as const;

const instant = z.string().describe("ISO 8601 instant");
const id = z.string().describe("UUID");

/** A pending or confirmed booking that stands in the way of time off, as its consultant sees it. */
export const conflictingBookingSchema = z.object({
  id: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** The client's name. */
  clientName: z.string(),
});

/** A regular holiday that holds pending or confirmed bookings, with them: refused by the holiday switch, or kept as a working day. */
export const bookedHolidaySchema = z.object({
  date: z.string(),
  name: z.string(),
  bookings: z.array(conflictingBookingSchema),
});

export const apiErrorSchema = z.object({
  message: z.string(),
  field: z.string().optional(),
  /** A weekly series refused: the dates (yyyy-MM-dd) that are taken or blocked. */
  takenDates: z.array(z.string()).optional(),
  /** Time off refused: the bookings it would cover. */
  bookings: z.array(conflictingBookingSchema).optional(),
  /** The holiday switch refused: the holidays that hold those bookings, each with its own. */
  bookedHolidays: z.array(bookedHolidaySchema).optional(),
  /** Account deletion refused: the upcoming bookings to cancel first. */
  upcomingBookings: z.array(upcomingBookingSchema).optional(),
  /** A statement refused: the line to blame, and the header row found (to map an unknown layout). */
  line: z.number().optional(),
  headers: z.array(z.string()).optional(),
});
export const messageSchema = z.object({ message: z.string() });

export const publicUserSchema = z.object({
  id,
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ACCOUNT_ROLES),
  location: z.string(),
  skills: z.array(z.string()),
  experience: z.string(),
  availability: z.string(),
  salaryRate: z.number().nullable(),
  avatar: z.string().nullable(),
  bio: z.string().nullable(),
  /** Average stars of the published reviews about the user; null until the first one. */
  rating: z.number().nullable(),
  reviewCount: z.number(),
  createdAt: instant,
});

export const selfUserSchema = publicUserSchema.extend({
  email: z.string(),
  /** Whether `email` was verified by its link. */
  emailVerified: z.boolean(),
  /** A new address waiting for its link to be opened; `email` stays until then. */
  pendingEmail: z.string().nullable(),
  referralCode: z.string(),
  referredBy: z.string().nullable(),
  referralCount: z.number(),
  referralBookings: z.number(),
  moneyEarned: z.number(),
  /** The person's own time zone (IANA): every booking time they see gives it beside Manila's. Null: not known yet. */
  timeZone: z.string().nullable(),
});

export const loginResponseSchema = z.object({ userInfo: selfUserSchema, token: z.string() });

export const profilePostSchema = z.object({
  id,
  userId: id,
  title: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(ACCOUNT_ROLES),
  location: z.string(),
  skills: z.array(z.string()),
  salaryRate: z.number().nullable(),
  experience: z.string(),
  availability: z.string(),
  bio: z.string().nullable(),
  /** Average stars of the Assistant's published reviews; null ("New") until the first one. */
  rating: z.number().nullable(),
  reviewCount: z.number(),
  responseTime: z.string(),
  createdAt: instant,
  updatedAt: instant,
  /** When the user joined ("Member Since"). */
  memberSince: instant,
});

/**
 * A word of the listing that a search word matched, for the card to highlight: the listing's
 * word (lower case, as in its name or place) and how many of its first letters matched (all of
 * them for an equal or a typo match, the typed part for a prefix).
 */
export const searchMatchSchema = z.object({ field: z.enum(["name", "location"]), word: z.string(), length: z.number() });
export type SearchMatch = z.infer<typeof searchMatchSchema>;

export const profileHitSchema = profilePostSchema.extend({
  /** What the name and place words matched; empty without a name or place search. */
  matches: z.array(searchMatchSchema),
});

export const profilePageSchema = z.object({
  items: z.array(profileHitSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Words dropped from the end of the query because nothing matched them all (decisions.md, Search). */
  ignoredWords: z.array(z.string()),
});

export const suggestionsSchema = z.object({ suggestions: z.array(z.string()) });

export const userProfileSchema = publicUserSchema.extend({
  listing: z.object({ id, title: z.string(), responseTime: z.string() }).nullable(),
});

export const galleryPhotoViewSchema = z.object({
  id,
  imageUrl: z.string(),
  isPublic: z.boolean(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  createdAt: instant,
});

export const projectPostSchema = z.object({ id, title: z.string(), images: z.array(z.string()), rate: z.number(), createdAt: instant });

export const postingViewSchema = z.object({
  id,
  title: z.string(),
  address: z.string(),
  rate: z.number(),
  images: z.array(z.string()),
  days: z.string().nullable(),
  bathroom: z.string().nullable(),
  isSaved: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
  user: z.object({ id, avatar: z.string().nullable(), username: z.string(), firstName: z.string(), lastName: z.string() }),
  postDetail: z.object({
    /** Sanitised HTML. */
    desc: z.string(),
    size: z.string().nullable(),
    school: z.string().nullable(),
    /** 1 when the platform verified the posting, else 0. */
    restaurant: z.union([z.literal(0), z.literal(1)]),
  }),
});

export const chatPersonSchema = z.object({
  id,
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(ACCOUNT_ROLES),
  /** Present (true) when the account was deleted: named "Deleted user", nobody can write to it. */
  deleted: z.literal(true).optional(),
});

/**
 * A file in a chat (issue 33). `url` and `thumbnailUrl` are signed for the member who reads them
 * and expire (about 12 hours): an `<img src>` or a link works without a header, nobody else's does.
 * Images are shown inline; documents are always downloaded.
 */
export const chatAttachmentSchema = z.object({
  id,
  kind: z.enum(["image", "document"]),
  /** The file's name as sent (path parts and control characters removed). */
  name: z.string(),
  /** Bytes as stored (an image's after re-encoding). */
  size: z.number().int(),
  contentType: z.string(),
  /** Images only: pixels of the stored image. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  url: z.string(),
  /** Images only: a small copy (at most 320 px) for the conversation. */
  thumbnailUrl: z.string().nullable(),
});

export const chatMessageViewSchema = z.object({
  id,
  chatId: id,
  text: z.string(),
  /** The message's files, in the order sent; empty for a message without any. */
  attachments: z.array(chatAttachmentSchema),
  /** The sender. */
  userId: id,
  createdAt: instant,
  user: z.object({ id, firstName: z.string(), lastName: z.string(), avatar: z.string().nullable() }),
});

export const chatViewSchema = z.object({
  id,
  userIDs: z.tuple([id, id]),
  /** The other member, seen from the signed-in user. */
  receiver: chatPersonSchema,
  /** Members who have read everything in the chat. */
  seenBy: z.array(id),
  lastMessage: z.object({ text: z.string(), userId: id, createdAt: instant }).nullable(),
  createdAt: instant,
});

/** Pass as `before` to `GET /chats/{id}/messages` for the messages before these; null when these start the conversation. */
const olderCursor = z.string().nullable();

export const chatWithMessagesSchema = chatViewSchema.extend({
  /**
   * Oldest first: the latest messages, back to the reader's first unread one (with a few before
   * it), at most 500; `olderCursor` pages further back.
   */
  messages: z.array(chatMessageViewSchema),
  olderCursor,
  /** The first message from the other member that the reader has not read; null when they have read everything. */
  firstUnreadId: id.nullable(),
});

/** `GET /chats/{id}/messages`: a page of earlier messages, oldest first. */
export const chatMessagePageViewSchema = z.object({
  messages: z.array(chatMessageViewSchema),
  olderCursor,
});

export const appNotificationSchema = z.object({
  id,
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  content: z.string(),
  read: z.boolean(),
  createdAt: instant,
  chatId: z.string().nullable(),
  entityId: z.string().nullable(),
});

/**
 * A slot that cannot be booked: its Manila date and slot start. An 8-hour booking holds two;
 * `off` marks the Assistant's time off (a block or a holiday) rather than a booking.
 */
export const bookedSlotSchema = z.object({ date: z.string(), time: z.string(), off: z.boolean().optional() });

export const consultantSummarySchema = z.object({
  id,
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
  salaryRate: z.number(),
});

export const reviewViewSchema = z.object({
  id,
  bookingId: id,
  rating: z.number(),
  text: z.string().nullable(),
  createdAt: instant,
  /** When both sides could see it (both wrote one, or the window closed); null until then. */
  publishedAt: instant.nullable(),
  author: z.object({ id, firstName: z.string(), lastName: z.string(), avatar: z.string().nullable() }),
});

export const bookingReviewsSchema = z.object({
  /** The viewer's own review. */
  mine: reviewViewSchema.nullable(),
  /** The other party's review, once published; null before (even when written). */
  theirs: reviewViewSchema.nullable(),
  /** Whether the other party has written theirs (its content stays hidden until published). */
  theirsSubmitted: z.boolean(),
  /** Whether an operator hid the other party's review (then `theirs` stays null). */
  theirsHidden: z.boolean(),
  /** Until when reviews can be written (ISO); null unless the booking is completed. */
  closesAt: instant.nullable(),
});

/** A booking as its parties see it. */
export const bookingSchema = z.object({
  id,
  /** Manila date (yyyy-MM-dd) and start (HH:mm). */
  date: z.string(),
  startTime: z.string(),
  /** Manila end time (HH:mm), from the real duration. */
  endTime: z.string(),
  duration: z.number(),
  price: z.number(),
  status: z.enum(BOOKING_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** The booking's payment ("VA-" + 6 characters; a weekly series shares one): its QR code carries it. */
  paymentReference: z.string(),
  /** The reference number of the client's transfer, as they gave it after paying (null: not given). */
  transferReference: z.string().nullable(),
  /** Set on cancelled bookings: who or what cancelled it. */
  cancelReason: z.enum(CANCEL_REASONS).nullable(),
  /** Start and end as instants (ISO), for the rules that compare with the clock. */
  startsAt: instant,
  endsAt: instant,
  completedAt: instant.nullable(),
  isRecurring: z.boolean(),
  /** The weekly series this booking is one date of (null for a single booking). */
  seriesId: id.nullable(),
  consultantId: id,
  consultant: chatPersonSchema,
  user: chatPersonSchema,
  createdAt: instant,
  /** The reviews of this booking as the viewer may see them. */
  reviews: bookingReviewsSchema,
  /** A cancelled paid date: what comes back to the client, and whether it was sent. */
  refund: bookingRefundSchema.nullable(),
});

export const reviewPageViewSchema = z.object({ items: z.array(reviewViewSchema), nextCursor: z.string().nullable() });

export const referralItemSchema = z.object({
  id,
  name: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(ROLES),
  /** "pending" until their first completed booking, then "active". */
  status: z.enum(["pending", "active"]),
  /** Hours of their completed bookings. */
  bookingHours: z.number(),
});

export const referralOverviewSchema = z.object({
  /** `earnings`: rewards paid to the user, in pesos (the page shows the larger of this and 125 x hours). */
  stats: z.object({ totalReferrals: z.number(), earnings: z.number() }),
  referrals: z.array(referralItemSchema),
});

export const adminPersonSchema = z.object({ id, username: z.string(), firstName: z.string(), lastName: z.string() });

export const adminBookingSchema = z.object({
  id,
  reference: z.string(),
  /** Pesos. */
  amount: z.number(),
  status: z.enum(BOOKING_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  cancelReason: z.enum(CANCEL_REASONS).nullable(),
  /** The weekly series this booking is a date of (null for a single booking). */
  seriesId: id.nullable(),
  /** Manila date, start and end of the booking. */
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  createdAt: instant,
  client: adminPersonSchema,
  assistant: adminPersonSchema,
});

export const adminPaymentSchema = adminBookingSchema.extend({
  /** Whole hours since the booking was made. */
  ageHours: z.number(),
  /** What the client said about their transfer: the reference number on their receipt. */
  transferReference: z.string().nullable(),
  /** A weekly series is one payment: how many of its dates it covers (`amount` is their total); null for a single booking. */
  seriesDates: z.number().nullable(),
});

/** A block of an Assistant's time off, as they see it. */
export const timeOffViewSchema = z.object({
  id,
  from: z.string(),
  to: z.string(),
  /** A slot start, or null for the whole day. */
  slot: z.string().nullable(),
  note: z.string().nullable(),
});

/** `GET /time-off`: the Assistant's blocks from today on, the holiday switch, and the holidays ahead. */
export const timeOffOverviewSchema = z.object({
  blocks: z.array(timeOffViewSchema),
  holidaysOff: z.boolean(),
  holidays: z.array(z.object({ date: z.string(), name: z.string() })),
  /**
   * The holidays from today on kept as working days while the switch is on: those that held
   * bookings when it was set, with the bookings they hold now (none if since cancelled).
   */
  keptHolidays: z.array(bookedHolidaySchema),
});

export const adminUserSchema = adminPersonSchema.extend({
  email: z.string(),
  role: z.enum(ACCOUNT_ROLES),
  createdAt: instant,
  suspendedAt: instant.nullable(),
});

export const adminUserDetailSchema = z.object({ user: adminUserSchema, bookings: z.array(adminBookingSchema) });

export const adminReviewSchema = reviewViewSchema.omit({ author: true }).extend({
  hiddenAt: instant.nullable(),
  author: adminPersonSchema,
  subject: adminPersonSchema,
});

export const auditEntrySchema = z.object({
  id,
  actor: adminPersonSchema.nullable(),
  /** e.g. "payment.received", "user.suspended", "review.hidden". */
  action: z.string(),
  entityType: z.enum(AUDIT_ENTITY_TYPES),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: instant,
});

/** A page of an operator list. */
export const adminPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });

const countAndPesos = z.object({ count: z.number(), pesos: z.number() });

export const adminStatsSchema = z.object({
  /** The last 12 weeks (Monday, Manila date), oldest first: bookings made that week by current status. */
  weeks: z.array(z.object({ weekStart: z.string(), byStatus: z.record(z.enum(BOOKING_STATUSES), countAndPesos) })),
  rewards: countAndPesos,
  /** Distinct users who signed in during the last 7 and 30 days. */
  activeUsers: z.object({ last7Days: z.number(), last30Days: z.number() }),
  totals: z.object({ users: z.number(), assistants: z.number(), bookings: z.number(), paymentsWaiting: z.number(), pesosPaid: z.number() }),
});
