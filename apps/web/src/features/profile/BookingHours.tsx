import Clock from "lucide-react/icons/clock";
import type { BookingTotals } from "./own-profile-api";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** "12 hours booked · 3 completed bookings" */
export function BookingHours({ totals }: { totals: BookingTotals | null }) {
  return (
    <p className="flex items-center gap-1.5 text-sm text-slate-300">
      <Clock aria-hidden="true" className="size-4 text-teal-400" />
      {totals
        ? `${plural(totals.totalHours, "hour")} booked · ${plural(totals.bookingsCount, "completed booking")}`
        : "Booking hours could not be loaded"}
    </p>
  );
}
