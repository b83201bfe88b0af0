import type { AccountRole, CancelReason, PaymentStatus, Role } from "./constants.js";

/** What anyone may see of a user. */
export interface PublicUser {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  role: AccountRole;
  location: string;
  skills: string[];
  experience: string;
  availability: string;
  salaryRate: number | null;
  avatar: string | null;
  bio: string | null;
  /** Average stars of the published reviews about the user; null until the first one. */
  rating: number | null;
  reviewCount: number;
  createdAt: string;
}

/** What a signed-in user sees of themselves. */
export interface SelfUser extends PublicUser {
  email: string;
  referralCode: string;
  referredBy: string | null;
  referralCount: number;
  referralBookings: number;
  moneyEarned: number;
}

export interface LoginResponse {
  userInfo: SelfUser;
  token: string;
}

export interface ApiError {
  message: string;
  field?: string;
}

/** A card of the profile list: an Assistant's public listing with their profile fields. */
export interface ProfilePost {
  id: string;
  userId: string;
  title: string;
  username: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
  role: AccountRole;
  location: string;
  skills: string[];
  salaryRate: number | null;
  experience: string;
  availability: string;
  bio: string | null;
  /** Average stars of the Assistant's published reviews; null ("New") until the first one. */
  rating: number | null;
  reviewCount: number;
  responseTime: string;
  createdAt: string;
  updatedAt: string;
  /** When the user joined ("Member Since"). */
  memberSince: string;
}

export interface ProfilePage {
  items: ProfilePost[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** `GET /profiles/{userId}`: the user's public profile and their listing, if any. */
export interface UserProfile extends PublicUser {
  listing: { id: string; title: string; responseTime: string } | null;
}

export interface GalleryPhoto {
  id: string;
  imageUrl: string;
  isPublic: boolean;
  title: string | null;
  description: string | null;
  createdAt: string;
}

/** A posting as the projects grid shows it. */
export interface ProjectPost {
  id: string;
  title: string;
  images: string[];
  rate: number;
  createdAt: string;
}

/** `GET /posts/{id}`: the posting detail page. */
export interface Posting {
  id: string;
  title: string;
  address: string;
  rate: number;
  images: string[];
  days: string | null;
  bathroom: string | null;
  isSaved: boolean;
  createdAt: string;
  updatedAt: string;
  user: { id: string; avatar: string | null; username: string; firstName: string; lastName: string };
  postDetail: {
    /** Sanitised HTML. */
    desc: string;
    size: string | null;
    school: string | null;
    /** 1 when the platform verified the posting, else 0. */
    restaurant: 0 | 1;
  };
}

/** Who is on the other side of a chat, or wrote a message. */
export interface ChatPerson {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
  role: AccountRole;
}

export interface ChatMessage {
  id: string;
  chatId: string;
  text: string;
  /** The sender. */
  userId: string;
  createdAt: string;
  user: { id: string; firstName: string; lastName: string; avatar: string | null };
}

export interface Chat {
  id: string;
  userIDs: [string, string];
  /** The other member, seen from the signed-in user. */
  receiver: ChatPerson;
  /** Members who have read everything in the chat. */
  seenBy: string[];
  lastMessage: { text: string; userId: string; createdAt: string } | null;
  createdAt: string;
}

export interface ChatWithMessages extends Chat {
  /** Oldest first. */
  messages: ChatMessage[];
}

export type NotificationType = "MESSAGE" | "BOOKING" | "REFERRAL" | "REVIEW" | "SYSTEM";

export interface AppNotification {
  id: string;
  type: NotificationType;
  title: string;
  content: string;
  read: boolean;
  createdAt: string;
  chatId: string | null;
  entityId: string | null;
}

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
}

export type BookingStatus = "PENDING" | "CONFIRMED" | "COMPLETED" | "CANCELLED";

/** A booked slot: its Manila date and slot start. An 8-hour booking holds two. */
export interface BookedSlot {
  date: string;
  time: string;
}

/** `GET /bookings/consultant/{id}`. */
export interface ConsultantSummary {
  id: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
  salaryRate: number;
}

export interface Booking {
  id: string;
  /** Manila date (yyyy-MM-dd) and start (HH:mm). */
  date: string;
  startTime: string;
  /** Manila end time (HH:mm), from the real duration. */
  endTime: string;
  duration: number;
  price: number;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  /** "BOOKING-" + 6 characters: what the client writes on the transfer. */
  paymentReference: string;
  /** Set on cancelled bookings: who or what cancelled it. */
  cancelReason: CancelReason | null;
  /** Start and end as instants (ISO), for the rules that compare with the clock. */
  startsAt: string;
  endsAt: string;
  completedAt: string | null;
  isRecurring: boolean;
  consultantId: string;
  consultant: ChatPerson;
  user: ChatPerson;
  createdAt: string;
  /** The reviews of this booking as the viewer may see them. */
  reviews: BookingReviews;
}

/** A review as a party of its booking or the public sees it. */
export interface Review {
  id: string;
  bookingId: string;
  rating: number;
  text: string | null;
  createdAt: string;
  /** When both sides could see it (both wrote one, or the window closed); null until then. */
  publishedAt: string | null;
  author: { id: string; firstName: string; lastName: string; avatar: string | null };
}

/** The reviews of one booking, seen by one of its parties: double-blind until published. */
export interface BookingReviews {
  /** The viewer's own review. */
  mine: Review | null;
  /** The other party's review, once published; null before (even when written). */
  theirs: Review | null;
  /** Whether the other party has written theirs (its content stays hidden until published). */
  theirsSubmitted: boolean;
  /** Until when reviews can be written (ISO); null unless the booking is completed. */
  closesAt: string | null;
}

/** `GET /profiles/{userId}/reviews`: published reviews about a user, newest first. */
export interface ReviewPage {
  items: Review[];
  nextCursor: string | null;
}

/** `GET /bookings/payment?consultantId&duration`: what to pay and how. */
export interface PaymentDetails {
  accountName: string;
  /** Pesos. */
  amount: number;
  /** "BOOKING-" + the first 6 characters of the consultant's id. */
  reference: string;
  /** The payment details as a QR code (SVG markup made by the server from the fields above). */
  qrSvg: string;
}

/** `GET /referrals/user-referrals`: the people who registered with one's code. */
export interface ReferralItem {
  id: string;
  name: string;
  avatar: string | null;
  role: Role;
  /** "pending" until their first completed booking, then "active". */
  status: "pending" | "active";
  /** Hours of their completed bookings. */
  bookingHours: number;
}

export interface ReferralOverview {
  /** `earnings`: rewards paid to the user, in pesos (the page shows the larger of this and 125 x hours). */
  stats: { totalReferrals: number; earnings: number };
  referrals: ReferralItem[];
}

/** Someone as the operator console shows them. */
export interface AdminPerson {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
}

/** A booking as the operator console lists it. */
export interface AdminBooking {
  id: string;
  reference: string;
  /** Pesos. */
  amount: number;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  cancelReason: CancelReason | null;
  /** Manila date, start and end of the booking. */
  date: string;
  startTime: string;
  endTime: string;
  createdAt: string;
  client: AdminPerson;
  assistant: AdminPerson;
}

/** `GET /admin/payments`: bookings whose payment waits for verification, oldest first. */
export interface AdminPayment extends AdminBooking {
  /** Whole hours since the booking was made. */
  ageHours: number;
}

export interface AdminUser extends AdminPerson {
  email: string;
  role: AccountRole;
  createdAt: string;
  suspendedAt: string | null;
}

/** `GET /admin/users/{id}`: the account and every booking it takes part in. */
export interface AdminUserDetail {
  user: AdminUser;
  bookings: AdminBooking[];
}

export interface AdminReview extends Omit<Review, "author"> {
  hiddenAt: string | null;
  author: AdminPerson;
  subject: AdminPerson;
}

/** One operator action: who, what, when, before and after. */
export interface AuditEntry {
  id: string;
  actor: AdminPerson | null;
  /** e.g. "payment.received", "user.suspended", "review.hidden". */
  action: string;
  entityType: "booking" | "user" | "review";
  entityId: string;
  before: unknown;
  after: unknown;
  createdAt: string;
}

/** A page of an operator list. */
export interface AdminPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** `GET /admin/stats`: the figures of the business. */
export interface AdminStats {
  /** The last 12 weeks (Monday, Manila date), oldest first: bookings made that week by current status. */
  weeks: { weekStart: string; byStatus: Record<BookingStatus, { count: number; pesos: number }> }[];
  rewards: { count: number; pesos: number };
  /** Distinct users who signed in during the last 7 and 30 days. */
  activeUsers: { last7Days: number; last30Days: number };
  totals: { users: number; assistants: number; bookings: number; paymentsWaiting: number; pesosPaid: number };
}
