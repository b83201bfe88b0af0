import { api } from "../../api/client";
import { saveFile } from "../../lib/save-file";

/** Saves the receipt (PDF) of the booking's payment under the server's name ("receipt-000042.pdf"). */
export async function downloadReceipt(bookingId: string) {
  const { blob, fileName } = await api.file(`/bookings/${bookingId}/receipt`);
  saveFile(blob, fileName ?? "receipt.pdf");
}
