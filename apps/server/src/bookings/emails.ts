import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { EMAIL_KIND_LABELS, MSG, formatLongDate, formatPeso, formatTime, manilaDate, manilaTime, withYourTime, type EmailKind } from "@vam/shared";
import type { UserRow } from "../session/authenticate.js";
import { bookingCalendar, type CalendarInvite } from "./calendar.js";
import { bookingsWithParties, seriesById, type BookingWithParties } from "./queries.js";
import type { SeriesPayment } from "./changes.js";
import { seriesCalendar } from "./series-calendar.js";
import type { Db } from "../db/client.js";
import { bookings } from "../db/schema.js";
import { receiptDocument, type ReceiptRow } from "../receipts/public.js";
import { type OutgoingEmail, queueEmails, renderEmail, siteUrl, unsubscribeLinks } from "../email/public.js";

export type BookingEmailKind = Exclude<EmailKind, "unreadMessages" | "daylightSaving">;

/** What happened to a booking (or to several dates of one series at once), for both parties' emails. */
export interface BookingEvent {
  kind: BookingEmailKind;
  /** The booking; for a series changed at once, its first changed date. */
  item: BookingWithParties;
  /** Who did it; none when the platform did (an operator's payment decision, the hold sweep). */
  actor?: UserRow;
  /** A series changed at once: how many dates, and their total. */
  series?: SeriesPayment;
  /** Why, when the platform cancelled: "the payment was not received in time". */
  reason?: string;
  /** paymentVerified: the payment's acknowledgement receipt, attached as a PDF to the client's email. */
  receipt?: ReceiptRow | null;
}

/** A receipt ready to attach: its PDF in base64 and its printed number ("No. 000042"). */
interface ReceiptAttachment {
  printedNumber: string;
  file: NonNullable<OutgoingEmail["attachments"]>[number];
}

/** The receipt's PDF for the email, drawn in the caller's transaction; null (logged) if it cannot be drawn: the email goes without it. */
async function receiptAttachment(tx: Db, app: FastifyInstance, receipt: ReceiptRow): Promise<ReceiptAttachment | null> {
  try {
    const { fileName, printedNumber, bytes } = await receiptDocument(tx, app.config.platform, receipt);
    return { printedNumber, file: { filename: fileName, contentType: "application/pdf", content: bytes.toString("base64"), encoding: "base64" } };
  } catch (error) {
    app.log.error({ err: error, receiptId: receipt.id }, "receipt PDF could not be drawn for the email");
    return null;
  }
}

const name = (user: UserRow) => `${user.firstName} ${user.lastName}`;
const manilaWhen = (startsAt: Date) => `${formatLongDate(manilaDate(startsAt))} at ${formatTime(manilaTime(startsAt))}`;

/**
 * A booking time as `viewer` reads it (decisions.md, "Time zones"): Manila's, and their own beside
 * it where their clock differs ("Tuesday, December 1, 2026 at 9:00 AM Manila · Mon, Nov 30, 5:00 PM
 * your time"). Someone in Manila, or whose zone is not known, reads Manila's alone, as always.
 */
const whenFor = (viewer: UserRow) => (startsAt: Date) => withYourTime(manilaWhen(startsAt), startsAt, viewer.timeZone);

/** The organizer of the emailed invitations: the sender's address (SMTP_FROM). */
export function platformOrganizer(from: string) {
  const match = from.match(/^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/);
  return match ? { name: match[1]!.trim() || "VA Marketplace", email: match[2]!.trim() } : { name: "VA Marketplace", email: from.trim() };
}

/**
 * Subject and opening paragraph of each kind, as `viewer` reads it. The one who acted is named
 * once: the actor reads "You cancelled the booking on … with <the other party>.", the other
 * party reads "<the actor> cancelled your booking on …." (not "… with <the actor>" again).
 */
function wording(event: BookingEvent, viewer: UserRow) {
  const { booking, client, consultant } = event.item;
  const other = viewer.id === client.id ? consultant : client;
  const isClient = viewer.id === client.id;
  const byViewer = event.actor?.id === viewer.id;
  const when = whenFor(viewer);
  const actor = event.actor ? (byViewer ? "You" : name(event.actor)) : undefined;
  const what = event.series ? `${event.series.dates} weekly dates from ${when(booking.startsAt)}` : `the booking on ${when(booking.startsAt)}`;
  const withWhom = `with ${name(other)}`;
  // Named already when the other party acted; named here only when someone else did.
  const otherUnnamed = event.actor?.id !== other.id;
  const withOther = otherUnnamed ? ` ${withWhom}` : "";
  /** The booking (or dates) the actor changed: theirs to the actor, "your …" to anyone else. */
  const changed = byViewer
    ? `${what} ${withWhom}`
    : `your ${event.series ? `${event.series.dates} weekly dates from ${when(booking.startsAt)}` : `booking on ${when(booking.startsAt)}`}${withOther}`;
  const theBooking = byViewer ? `the booking ${withWhom}` : `your booking${withOther}`;
  const span = event.series ? `${event.series.dates} weekly dates from ${when(booking.startsAt)}` : when(booking.startsAt);
  switch (event.kind) {
    case "bookingCreated":
      return isClient
        ? {
            subject: `Booking requested: ${name(consultant)}, ${when(booking.startsAt)}`,
            lead: `You asked to book ${name(consultant)} for ${span}. Your request is waiting for the platform to check your payment (reference ${event.item.payment.reference}) and for ${consultant.firstName} to accept it.`,
          }
        : {
            subject: `New booking: ${name(client)}, ${when(booking.startsAt)}`,
            lead: `${name(client)} booked you for ${span}. Please accept it on your dashboard.`,
          };
    case "bookingAccepted":
      return { subject: `Booking accepted: ${when(booking.startsAt)}`, lead: `${actor} accepted ${changed}.` };
    case "paymentVerified":
      return {
        subject: `Payment verified: ${when(booking.startsAt)}`,
        lead: `The payment of ${formatPeso(event.series?.total ?? booking.price)} for ${what} ${withWhom} was received.`,
      };
    case "bookingRescheduled":
      return { subject: `Booking moved to ${when(booking.startsAt)}`, lead: `${actor} moved ${theBooking} to ${when(booking.startsAt)}.` };
    case "bookingCancelled":
      return {
        subject: `Booking cancelled: ${when(booking.startsAt)}`,
        lead: actor
          ? `${actor} cancelled ${changed}.`
          : `${capitalize(what)} ${withWhom} ${event.series ? "were" : "was"} cancelled: ${event.reason ?? "by the platform"}.`,
      };
    case "bookingCompleted":
      return {
        subject: `Booking completed: ${when(booking.startsAt)}`,
        lead: `${actor} marked ${theBooking} on ${when(booking.startsAt)} as completed. You can now review each other.`,
      };
    case "bookingReminder":
      return {
        subject: `Reminder: tomorrow at ${withYourTime(formatTime(manilaTime(booking.startsAt)), booking.startsAt, viewer.timeZone)}, ${withWhom}`,
        lead: `Your booking ${withWhom} starts on ${when(booking.startsAt)}.`,
      };
  }
}

/**
 * What the attached calendar file does. A cancelled date of a weekly series carries the whole
 * series' file (still METHOD:REQUEST, the date now an EXDATE): it removes that date all the same.
 */
function calendarSentence(event: BookingEvent, cancelling: boolean) {
  const them = event.series && event.series.dates > 1 ? "them" : "it";
  if (cancelling || event.kind === "bookingCancelled") return `The attached file removes ${them} from your calendar.`;
  if (event.kind === "bookingRescheduled") return "The attached file updates it in your calendar.";
  return "The attached file adds it to your calendar.";
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Queues the emails of a booking event to both parties (each unless they switched the kind off or
 * deleted their account), in the caller's transaction. Each carries the calendar file: an
 * invitation (METHOD:REQUEST) that calendar apps add or update by its UID and SEQUENCE, or
 * METHOD:CANCEL once cancelled; a date of a weekly series carries the whole series' file.
 */
export async function queueBookingEmails(tx: Db, app: FastifyInstance, event: BookingEvent) {
  const { booking, client, consultant } = event.item;
  const recipients = [client, consultant].filter((user) => !user.deletedAt && !user.emailOff.includes(event.kind));
  if (recipients.length === 0) return;
  const base = siteUrl(app);
  const organizer = platformOrganizer(app.config.smtpFrom);
  const now = app.clock.now();
  const series = booking.seriesId
    ? { row: await seriesById(tx, booking.seriesId), occurrences: await bookingsWithParties(tx, eq(bookings.seriesId, booking.seriesId)) }
    : undefined;

  // The receipt goes to the client who paid, not to the assistant.
  const receipt =
    event.kind === "paymentVerified" && event.receipt && recipients.includes(client) ? await receiptAttachment(tx, app, event.receipt) : null;

  const emails: OutgoingEmail[] = [];
  for (const viewer of recipients) {
    // An email that cannot be built (a bug) is logged, never a reason to refuse the booking change.
    try {
      emails.push(bookingEmail(event, viewer, base, organizer, now, series, viewer === client ? receipt : null));
    } catch (error) {
      app.log.error({ err: error, bookingId: booking.id, kind: event.kind }, "booking email could not be built");
    }
  }
  await queueEmails(tx, emails);
}

function bookingEmail(
  event: BookingEvent,
  viewer: UserRow,
  base: string,
  organizer: { name: string; email: string },
  now: Date,
  series: { row: Awaited<ReturnType<typeof seriesById>>; occurrences: BookingWithParties[] } | undefined,
  receipt: ReceiptAttachment | null,
): OutgoingEmail {
  const { booking, client, consultant } = event.item;
  const invite: CalendarInvite = { organizer, attendee: { name: name(viewer), email: viewer.email } };
  const file = series
    ? seriesCalendar(series.row, series.occurrences, viewer.id, base, now, invite)
    : bookingCalendar(event.item, viewer.id, base, invite);
  const cancelling = /METHOD:CANCEL/.test(file.body);
  const other = viewer.id === client.id ? consultant : client;
  const { subject, lead } = wording(event, viewer);
  const unsubscribe = unsubscribeLinks(base, viewer, event.kind);
  return {
    userId: viewer.id,
    to: viewer.email,
    kind: event.kind,
    ...renderEmail({
      subject,
      greeting: `Hi ${viewer.firstName},`,
      paragraphs: [lead, calendarSentence(event, cancelling), ...(receipt ? [`Your receipt ${receipt.printedNumber} is attached.`] : [])],
      details: [
        [viewer.id === client.id ? "Assistant" : "Client", name(other)],
        // Where the viewer's clock differs, their own date is named too: this row is where one looks for it.
        [
          "When",
          withYourTime(`${manilaWhen(booking.startsAt)} to ${formatTime(manilaTime(booking.endsAt))}`, booking.startsAt, viewer.timeZone, {
            end: booking.endsAt,
            withDate: true,
          }),
        ],
        ...(event.series ? ([["Dates", `${event.series.dates} weekly dates`]] as [string, string][]) : []),
        ["Hours", `${booking.duration}`],
        ["Price", event.series ? `${formatPeso(event.series.total)} in all` : formatPeso(booking.price)],
        ["Payment reference", event.item.payment.reference],
        ["Payment", MSG.paymentLabel[booking.paymentStatus]],
        ["Status", booking.status.charAt(0) + booking.status.slice(1).toLowerCase()],
      ],
      action: { label: "Open my bookings", url: `${base}/bookings` },
      footer: [`You get this email because "${EMAIL_KIND_LABELS[event.kind]}" is on in your account settings.`],
      unsubscribeUrl: unsubscribe.page,
    }),
    headers: unsubscribe.headers,
    attachments: [
      { filename: file.fileName, contentType: `text/calendar; charset=utf-8; method=${cancelling ? "CANCEL" : "REQUEST"}`, content: file.body },
      ...(receipt ? [receipt.file] : []),
    ],
  };
}
