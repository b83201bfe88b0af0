/** The roles one can register with. */
export const ROLES = ["Boss", "Assistant", "Sharer"] as const;
export type Role = (typeof ROLES)[number];
/** The people who run the platform: created from the command line or promoted by another operator, never at registration. */
export const OPERATOR_ROLE = "Operator" as const;
export const ACCOUNT_ROLES = [...ROLES, OPERATOR_ROLE] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

export const EXPERIENCE_OPTIONS = ["Entry level", "1-3 years", "3-5 years", "5+ years", "10+ years"] as const;
export const AVAILABILITY_OPTIONS = ["Full-time", "Part-time", "Contract", "Freelance", "Internship"] as const;
export const SKILL_OPTIONS = [
  "Software",
  "Engineering",
  "Writing",
  "Marketing",
  "SEO",
  "AI",
  "Beauty",
  "Wellness",
  "Technology",
  "Events",
  "Others",
] as const;

/** Passwords are 8 to 128 characters (decisions.md, "Accounts: passwords": room for passphrases). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const USERNAME_MAX = 30;

/** Pesos per hour. Assistants are always at this rate; it is also the display default. */
export const ASSISTANT_RATE = 1250;
export const SKILLS_PREVIEW = 3;

/*
 * Limits and choices the pages show, here rather than beside their schemas: importing a value from
 * a schema module runs that module and zod with it, and the profile pages (the message box, the
 * search filters) load no zod at all (decision 0004, 2026-11-26).
 */
/** Characters in a chat message. */
export const MESSAGE_MAX = 2000;
/** The "available on" filter's slots (decisions.md, Search): Morning 09:00, Afternoon 13:00. */
export const SEARCH_SLOTS = ["Morning", "Afternoon"] as const;
export type SearchSlot = (typeof SEARCH_SLOTS)[number];

export const UPLOAD_FOLDERS = ["gallery", "avatars", "postings"] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];
const MB = 1024 * 1024;
/** Gallery 2 MB, avatar 1.5 MB, anything else (posting images) 5 MB. */
export const UPLOAD_LIMIT_BYTES: Record<UploadFolder, number> = {
  gallery: 2 * MB,
  avatars: 1.5 * MB,
  postings: 5 * MB,
};
/** Files in chat (issue 33): each at most 10 MB, at most 5 to a message. */
export const CHAT_FILE_MAX_BYTES = 10 * MB;
export const CHAT_FILES_PER_MESSAGE = 5;
/** What the file picker of a chat offers; the server decides by the content, not by this list. */
export const CHAT_FILE_ACCEPT = ".jpg,.jpeg,.png,.webp,.gif,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.csv,.zip";
export const ALLOWED_IMAGE_TYPES = ["image/jpeg", "image/jpg", "image/png", "image/gif"] as const;

/** An hour and a day in milliseconds (a day of the calendar can be 23 or 25 hours where clocks change: use date-fns for those). */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** How long transient confirmations (toasts, upload success) stay on screen. */
export const FLASH_MS = 3000;

/** Manila's zone, the platform's clock (defined with the zone names: the web's first chunk reads it without this module). */
export { TIME_ZONE } from "./time-zone-names.js";
export const SLOT_STARTS = ["09:00", "13:00"] as const;
export const SLOT_HOURS = 4;
/** A full day (8 hours) starts at 09:00, the morning slot, and holds both slots. */
export const FULL_DAY_START = SLOT_STARTS[0];
export const DURATIONS = [4, 8] as const;

export const DEFAULT_AVATAR = "/noavatar.jpg";

/** A booking's payment: UNVERIFIED until an operator marks it PAID or REJECTED (which cancels the booking). */
export const PAYMENT_STATUSES = ["UNVERIFIED", "PAID", "REJECTED"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * A payment's life (decisions.md, "Money"): OPEN while the payment step shows its code, UNVERIFIED
 * once the client said "I have paid" (its bookings exist), then PAID or REJECTED by an operator.
 */
export const PAYMENT_STATES = ["OPEN", "UNVERIFIED", "PAID", "REJECTED"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** What an imported statement line is proposed to be (decisions.md, "Reconciling payments"). */
export const STATEMENT_PROPOSALS = ["matched", "amountDiffers", "likely", "paidTwice", "unknown"] as const;
export type StatementProposal = (typeof STATEMENT_PROPOSALS)[number];

/** What an audit-log entry is about. */
export const AUDIT_ENTITY_TYPES = ["booking", "user", "review", "payment", "statementLine", "setting", "payoutBatch", "payoutLine"] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** Why a booking was cancelled: by one of its parties, or by the platform. */
export const CANCEL_REASONS = ["CLIENT", "CONSULTANT", "PAYMENT_REJECTED", "PAYMENT_EXPIRED", "NOT_ACCEPTED", "OPERATOR"] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/**
 * The unpaid cap (decisions.md, "Payment"): a client may hold at most this many payments waiting
 * for verification (a weekly series is one payment), and at most this many dates in them.
 */
export const MAX_UNPAID_PAYMENTS = 3;
export const MAX_UNPAID_DATES = 12;
/** Bookings are made and moved at most this many calendar months ahead (the picker's month list). */
export const BOOKING_HORIZON_MONTHS = 12;
/** A weekly series (decisions.md, Recurring bookings): the same weekday and slot for this many weeks. */
export const SERIES_WEEKS_MIN = 2;
export const SERIES_WEEKS_MAX = 12;
/** An Assistant's private note on a block of time off. */
export const TIME_OFF_NOTE_MAX = 200;
/** After completion each party may review the other for this many days. */
export const REVIEW_WINDOW_DAYS = 14;
export const REVIEW_TEXT_MAX = 1000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/**
 * The emails a user can switch off in the account settings (decisions.md, Accounts and email),
 * each with its label. Account emails (password reset, address verification) always go out.
 */
export const EMAIL_KINDS = [
  "bookingCreated",
  "bookingAccepted",
  "paymentVerified",
  "bookingRescheduled",
  "bookingCancelled",
  "bookingCompleted",
  "bookingReminder",
  "daylightSaving",
  "unreadMessages",
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  bookingCreated: "New bookings",
  bookingAccepted: "Bookings accepted",
  paymentVerified: "Payments verified",
  bookingRescheduled: "Bookings rescheduled",
  bookingCancelled: "Bookings cancelled",
  bookingCompleted: "Bookings completed",
  bookingReminder: "Reminders a day before a booking",
  daylightSaving: "Daylight saving changes to your weekly bookings",
  unreadMessages: "Unread messages",
};
/** A password reset link works this long, once. */
export const RESET_TOKEN_HOURS = 1;
/** An email verification link works this long. */
export const VERIFY_TOKEN_HOURS = 72;
/** A chat message unread this long brings one email (one per chat until it is read). */
export const UNREAD_EMAIL_MINUTES = 15;
/** A booking reminder goes out this long before the start. */
export const REMINDER_HOURS = 24;

/** Where a payee's money is sent (decisions.md, "Cancelling, refunds, fees and payouts"). */
export const PAYOUT_METHODS = ["GCASH", "MAYA", "BANK"] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** Banks a payout or refund can go to (InstaPay and PESONet participants people use most). */
export const PAYOUT_BANKS = [
  "BDO Unibank",
  "Bank of the Philippine Islands (BPI)",
  "Metrobank",
  "Land Bank of the Philippines",
  "Philippine National Bank (PNB)",
  "Security Bank",
  "UnionBank",
  "RCBC",
  "China Banking Corporation",
  "EastWest Bank",
  "Development Bank of the Philippines",
  "PSBank",
  "AUB (Asia United Bank)",
  "CIMB Bank Philippines",
  "GoTyme Bank",
  "Maybank Philippines",
  "Robinsons Bank",
  "Tonik",
  "SeaBank",
] as const;

/**
 * The ledger's kinds of account. CASH (the platform's receiving account) and REFERRAL_EXPENSE
 * are debit-normal; the rest are credit-normal (what the platform holds or owes, and its income).
 */
export const LEDGER_ACCOUNT_KINDS = [
  "CASH",
  "CLIENT_HELD",
  "FEE_INCOME",
  "REFERRAL_EXPENSE",
  "PAYABLE",
  "REFUNDS_DUE",
  "PAYOUTS_IN_TRANSIT",
  "REFUNDS_IN_TRANSIT",
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];
export const DEBIT_NORMAL_KINDS: readonly LedgerAccountKind[] = ["CASH", "REFERRAL_EXPENSE"];

/** What caused a journal entry. */
export const JOURNAL_KINDS = [
  "PAYMENT_RECEIVED",
  "OVERPAYMENT",
  "BOOKING_COMPLETED",
  "REFERRAL_REWARD",
  "BOOKING_REFUNDED",
  "LATE_CANCELLATION",
  "PAYOUT_BATCHED",
  "PAYOUT_SENT",
  "PAYOUT_FAILED",
  "REFUND_BATCHED",
  "REFUND_SENT",
  "REFUND_FAILED",
  "OPENING_BALANCE",
] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

/** Why money goes back to a client. */
export const REFUND_REASONS = [
  "CLIENT_CANCELLED",
  "CLIENT_CANCELLED_LATE",
  "CONSULTANT_CANCELLED",
  "OPERATOR_CANCELLED",
  "NOT_ACCEPTED",
  "OVERPAID",
  "PAID_TWICE",
  "PAID_CLOSED",
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
/** DUE: owed, not yet in a batch; SENDING: in a batch, not yet marked; SENT: the transfer was made. */
export const REFUND_STATES = ["DUE", "SENDING", "SENT"] as const;
export type RefundState = (typeof REFUND_STATES)[number];

export const PAYOUT_KINDS = ["PAYOUT", "REFUND"] as const;
export type PayoutKind = (typeof PAYOUT_KINDS)[number];
export const PAYOUT_LINE_STATES = ["PENDING", "SENT", "FAILED"] as const;
export type PayoutLineState = (typeof PAYOUT_LINE_STATES)[number];

/** A change of payout account holds the next payout this long (decisions.md). */
export const PAYOUT_ACCOUNT_HOLD_HOURS = 24;
/** A client who cancels a paid booking at least this long before its start gets it all back. */
export const FREE_CANCELLATION_HOURS = 24;
