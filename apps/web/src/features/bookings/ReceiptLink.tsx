import type { Booking, BookingParty } from "@vam/shared";
import FileDown from "lucide-react/icons/file-down";
import { DownloadButton } from "../../components/DownloadButton";
import { downloadReceipt } from "./receipt-api";

/** The client's "Download receipt (PDF)" of a booking whose payment was verified; nothing for anyone else. */
export function ReceiptLink({ booking, party }: { booking: Pick<Booking, "id" | "paymentStatus">; party: BookingParty }) {
  if (party !== "client" || booking.paymentStatus !== "PAID") return null;
  return (
    <p className="pt-1 text-sm">
      <DownloadButton icon={FileDown} download={() => downloadReceipt(booking.id)} failure="Could not download the receipt. Please try again.">
        Download receipt (PDF)
      </DownloadButton>
    </p>
  );
}
