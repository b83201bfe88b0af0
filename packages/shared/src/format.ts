const peso = new Intl.NumberFormat("en-PH", { style: "currency", currency: "PHP", maximumFractionDigits: 0 });

/** ₱1,250 — prices are whole pesos shown in the Philippine locale. */
export function formatPeso(amount: number): string {
  return peso.format(amount);
}

const longDate = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** "Monday, November 23, 2026" from "2026-11-23" (a calendar date, no time zone involved). */
export function formatLongDate(iso: string): string {
  return longDate.format(new Date(`${iso}T00:00:00Z`));
}

/** "9:00 AM" from "09:00" (hours wrap at 24). */
export function formatTime(time: string): string {
  const [h = 0, m = 0] = time.split(":").map(Number);
  const hour = ((h % 24) + 24) % 24;
  const suffix = hour < 12 ? "AM" : "PM";
  const display = hour % 12 === 0 ? 12 : hour % 12;
  return `${display}:${String(m).padStart(2, "0")} ${suffix}`;
}

/** The spec's name of a call by its start: "Morning call meeting" (09:00), "Afternoon..." (13:00). */
export function callKind(startTime: string): string {
  if (startTime.startsWith("09:")) return "Morning call meeting";
  if (startTime.startsWith("13:")) return "Afternoon call meeting";
  return "30min call meeting";
}
