import type { z } from "zod";
import type {
  bookingRefundSchema,
  cancellationQuoteSchema,
  earningLineSchema,
  earningsSchema,
  ledgerAccountHistorySchema,
  ledgerAccountViewSchema,
  operatorCancelSchema,
  payoutBatchSchema,
  payoutDestinationSchema,
  payoutLineDecisionSchema,
  payoutLineSchema,
  payoutOverviewSchema,
  trialBalanceSchema,
} from "./schemas/money.js";
import type {
  adminBookingSchema,
  adminPaymentSchema,
  adminPersonSchema,
  adminReviewSchema,
  adminStatsSchema,
  adminUserDetailSchema,
  adminUserSchema,
  apiErrorSchema,
  appNotificationSchema,
  auditEntrySchema,
  bookedSlotSchema,
  conflictingBookingSchema,
  bookedHolidaySchema,
  timeOffOverviewSchema,
  timeOffViewSchema,
  bookingReviewsSchema,
  bookingSchema,
  chatMessagePageViewSchema,
  chatMessageViewSchema,
  chatAttachmentSchema,
  chatPersonSchema,
  chatViewSchema,
  chatWithMessagesSchema,
  consultantSummarySchema,
  galleryPhotoViewSchema,
  loginResponseSchema,
  postingViewSchema,
  profilePageSchema,
  profilePostSchema,
  projectPostSchema,
  publicUserSchema,
  referralItemSchema,
  referralOverviewSchema,
  reviewPageViewSchema,
  reviewViewSchema,
  selfUserSchema,
  userProfileSchema,
  BOOKING_STATUSES,
  NOTIFICATION_TYPES,
} from "./schemas/responses.js";

/** The API's shapes are inferred from the response schemas of ./schemas/responses.ts (one definition). */

/** What anyone may see of a user. */
export type PublicUser = z.infer<typeof publicUserSchema>;

/** What a signed-in user sees of themselves. */
export type SelfUser = z.infer<typeof selfUserSchema>;

export type LoginResponse = z.infer<typeof loginResponseSchema>;

export type ApiError = z.infer<typeof apiErrorSchema>;

/** A card of the profile list: an Assistant's public listing with their profile fields. */
export type ProfilePost = z.infer<typeof profilePostSchema>;

export type ProfilePage = z.infer<typeof profilePageSchema>;

/** `GET /profiles/{userId}`: the user's public profile and their listing, if any. */
export type UserProfile = z.infer<typeof userProfileSchema>;

export type GalleryPhoto = z.infer<typeof galleryPhotoViewSchema>;

/** A posting as the projects grid shows it. */
export type ProjectPost = z.infer<typeof projectPostSchema>;

/** `GET /posts/{id}`: the posting detail page. */
export type Posting = z.infer<typeof postingViewSchema>;

/** Who is on the other side of a chat, or wrote a message. */
export type ChatPerson = z.infer<typeof chatPersonSchema>;

export type ChatMessage = z.infer<typeof chatMessageViewSchema>;

/** A file in a chat message, or uploaded and not sent yet (`POST /chats/{id}/files`). */
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

export type Chat = z.infer<typeof chatViewSchema>;

export type ChatWithMessages = z.infer<typeof chatWithMessagesSchema>;

/** `GET /chats/{id}/messages`: earlier messages, oldest first, and the cursor to the ones before them. */
export type ChatMessagePage = z.infer<typeof chatMessagePageViewSchema>;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export type AppNotification = z.infer<typeof appNotificationSchema>;

/** Socket events the server sends (socket.io, path /socket.io, auth: { token }). */
export interface ServerToClientEvents {
  /** A message in one of the user's chats, to every tab of both members. */
  newMessage: (payload: { chat: Chat; message: ChatMessage }) => void;
  /** Someone read a chat: its new `seenBy`. */
  chatRead: (payload: { chatId: string; seenBy: string[] }) => void;
  /** A notification was created or refreshed; `unread` is the new count. */
  notification: (payload: { notification: AppNotification; unread: number }) => void;
  /** A booking of the user changed (status or time), to every tab of both parties. */
  bookingChanged: (payload: { booking: Booking }) => void;
  /** The unread count changed without a new notification (read elsewhere). */
  unreadCount: (payload: { unread: number }) => void;
}

export interface ClientToServerEvents {
  /** The spec's announcement; accepted only for the connected user's own id. */
  newUser: (userId: string) => void;
  /** Whether the tab is open and visible: web push is skipped while one of the user's is (decision 0024). `ack` once stored. */
  visibility: (visible: boolean, ack?: () => void) => void;
}

export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** A booked slot: its Manila date and slot start. An 8-hour booking holds two. */
export type BookedSlot = z.infer<typeof bookedSlotSchema>;
export type ConflictingBooking = z.infer<typeof conflictingBookingSchema>;
export type TimeOffView = z.infer<typeof timeOffViewSchema>;
export type TimeOffOverview = z.infer<typeof timeOffOverviewSchema>;
/** A regular holiday with the bookings it holds. */
export type BookedHoliday = z.infer<typeof bookedHolidaySchema>;

/** `GET /bookings/consultant/{id}`. */
export type ConsultantSummary = z.infer<typeof consultantSummarySchema>;

export type Booking = z.infer<typeof bookingSchema>;

/** A review as a party of its booking or the public sees it. */
export type Review = z.infer<typeof reviewViewSchema>;

/** The reviews of one booking, seen by one of its parties: double-blind until published. */
export type BookingReviews = z.infer<typeof bookingReviewsSchema>;

/** `GET /profiles/{userId}/reviews`: published reviews about a user, newest first. */
export type ReviewPage = z.infer<typeof reviewPageViewSchema>;

/** `GET /bookings/payment?consultantId&duration`: what to pay and how. */

/** `GET /referrals/user-referrals`: the people who registered with one's code. */
export type ReferralItem = z.infer<typeof referralItemSchema>;

export type ReferralOverview = z.infer<typeof referralOverviewSchema>;

/** Someone as the operator console shows them. */
export type AdminPerson = z.infer<typeof adminPersonSchema>;

/** A booking as the operator console lists it. */
export type AdminBooking = z.infer<typeof adminBookingSchema>;

/** `GET /admin/payments`: bookings whose payment waits for verification, oldest first. */
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export type AdminUser = z.infer<typeof adminUserSchema>;

/** `GET /admin/users/{id}`: the account and every booking it takes part in. */
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export type AdminReview = z.infer<typeof adminReviewSchema>;

/** One operator action: who, what, when, before and after. */
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A page of an operator list. */
export interface AdminPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** `GET /admin/stats`: the figures of the business. */
export type AdminStats = z.infer<typeof adminStatsSchema>;

export type BookingRefund = z.infer<typeof bookingRefundSchema>;
export type CancellationQuote = z.infer<typeof cancellationQuoteSchema>;
export type OperatorCancel = z.infer<typeof operatorCancelSchema>;
export type Earnings = z.infer<typeof earningsSchema>;
export type EarningLine = z.infer<typeof earningLineSchema>;
export type PayoutDestination = z.infer<typeof payoutDestinationSchema>;
export type PayoutLineView = z.infer<typeof payoutLineSchema>;
export type PayoutBatchView = z.infer<typeof payoutBatchSchema>;
export type PayoutOverview = z.infer<typeof payoutOverviewSchema>;
export type PayoutLineDecision = z.infer<typeof payoutLineDecisionSchema>;
export type LedgerAccountView = z.infer<typeof ledgerAccountViewSchema>;
export type TrialBalance = z.infer<typeof trialBalanceSchema>;
export type LedgerAccountHistory = z.infer<typeof ledgerAccountHistorySchema>;
