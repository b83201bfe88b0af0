import ICAL from "ical.js";
import { callKind, formatPeso, manilaDate, manilaTime } from "@vam/shared";
import type { bookingSeries } from "../db/schema.js";
import { calendarFileName, type CalendarInvite } from "./calendar.js";
import type { BookingWithParties } from "./queries.js";

type SeriesRow = typeof bookingSeries.$inferSelect;

const WEEK_MS = 7 * 24 * 3600_000;
const utc = (instant: Date) => ICAL.Time.fromJSDate(instant, true);

/**
 * A weekly series as ONE iCalendar event, the way Google Calendar and Outlook export and import
 * recurring events (RFC 5545): the master VEVENT repeats weekly (`RRULE:FREQ=WEEKLY;COUNT=weeks`
 * from the series' first date); a date that was cancelled, or left out at creation, is an EXDATE;
 * a date that was moved is a second VEVENT with the same UID and `RECURRENCE-ID` naming the date
 * it replaces (not also an EXDATE, which would remove the replacement with it). SEQUENCE is the
 * sum of the dates' revisions, so it rises with every change to any of them. Once every date is
 * cancelled the file is METHOD:CANCEL.
 */
export function seriesCalendar(
  series: SeriesRow,
  occurrences: BookingWithParties[],
  viewerId: string,
  publicUrl: string | undefined,
  now: Date,
  invite?: CalendarInvite,
) {
  const [first] = occurrences;
  if (!first) throw new Error("a series without bookings");
  const { client, consultant } = first;
  const other = viewerId === client.id ? consultant : client;
  const live = occurrences.filter(({ booking }) => booking.status !== "CANCELLED");
  const sequence = occurrences.reduce((sum, { booking }) => sum + booking.sequence, 0);
  const cancelled = live.length === 0;
  const price = first.booking.price;

  const calendar = new ICAL.Component(["vcalendar", [], []]);
  calendar.updatePropertyWithValue("prodid", "-//va-marketplace//bookings//EN");
  calendar.updatePropertyWithValue("version", "2.0");
  calendar.updatePropertyWithValue("calscale", "GREGORIAN");
  calendar.updatePropertyWithValue("method", cancelled ? "CANCEL" : invite ? "REQUEST" : "PUBLISH");

  const uid = `series-${series.id}@va-marketplace`;
  const event = (startsAt: Date, endsAt: Date) => {
    const vevent = new ICAL.Component("vevent");
    vevent.updatePropertyWithValue("uid", uid);
    vevent.updatePropertyWithValue("dtstamp", utc(now));
    vevent.updatePropertyWithValue("sequence", sequence);
    vevent.updatePropertyWithValue("dtstart", utc(startsAt));
    vevent.updatePropertyWithValue("dtend", utc(endsAt));
    vevent.updatePropertyWithValue("summary", `${callKind(manilaTime(startsAt))} with ${other.firstName} ${other.lastName}`);
    vevent.updatePropertyWithValue(
      "description",
      `Weekly, ${series.duration} hours with ${consultant.firstName} ${consultant.lastName} for ${client.firstName} ${client.lastName}, ${formatPeso(price)} a week.`,
    );
    vevent.updatePropertyWithValue("location", "Online");
    vevent.updatePropertyWithValue("status", cancelled ? "CANCELLED" : "CONFIRMED");
    if (publicUrl) vevent.updatePropertyWithValue("url", `${publicUrl.replace(/\/$/, "")}/bookings/${first.booking.id}`);
    if (invite) {
      vevent.updatePropertyWithValue("organizer", `mailto:${invite.organizer.email}`).setParameter("cn", invite.organizer.name);
      const attendee = vevent.addPropertyWithValue("attendee", `mailto:${invite.attendee.email}`);
      attendee.setParameter("cn", invite.attendee.name);
      attendee.setParameter("partstat", "ACCEPTED");
      attendee.setParameter("rsvp", "FALSE");
    }
    calendar.addSubcomponent(vevent);
    return vevent;
  };

  const durationMs = series.duration * 3600_000;
  const master = event(series.firstStartsAt, new Date(series.firstStartsAt.getTime() + durationMs));
  master.updatePropertyWithValue("rrule", ICAL.Recur.fromData({ freq: "WEEKLY", count: series.weeks }));
  const byOriginal = new Map(occurrences.map((item) => [(item.booking.originalStartsAt ?? item.booking.startsAt).getTime(), item]));
  for (let week = 0; week < series.weeks; week++) {
    const original = new Date(series.firstStartsAt.getTime() + week * WEEK_MS);
    const item = byOriginal.get(original.getTime());
    if (!item || item.booking.status === "CANCELLED") {
      if (!cancelled) master.addPropertyWithValue("exdate", utc(original));
    } else if (item.booking.startsAt.getTime() !== original.getTime()) {
      const moved = event(item.booking.startsAt, item.booking.endsAt);
      moved.updatePropertyWithValue("recurrence-id", utc(original));
    }
  }
  return { fileName: calendarFileName(other.firstName, other.lastName, `weekly-${manilaDate(series.firstStartsAt)}`), body: calendar.toString() };
}
