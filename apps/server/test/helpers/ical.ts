import ICAL from "ical.js";

/** The one event of a calendar file as a calendar app reads it (parsed by ical.js, not by us). */
export function parseCalendarFile(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const component = calendar.getFirstSubcomponent("vevent");
  if (!component) throw new Error("no VEVENT in the calendar file");
  const event = new ICAL.Event(component);
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    status: component.getFirstPropertyValue("status"),
    summary: event.summary,
    location: event.location,
  };
}
