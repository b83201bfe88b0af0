import Clock from "lucide-react/icons/clock";
import { IconText } from "../../components/IconText";
import type { BookingTotals } from "./my-profile-api";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** "12 hours booked · 3 completed bookings" */
export function BookingHours({ totals }: { totals: BookingTotals | null }) {
  return (
    <IconText icon={Clock} iconClassName="text-teal-400" className="text-sm text-slate-300">
      {totals
        ? `${plural(totals.totalHours, "hour")} booked · ${plural(totals.bookingsCount, "completed booking")}`
        : "Booking hours could not be loaded"}
    </IconText>
  );
}
