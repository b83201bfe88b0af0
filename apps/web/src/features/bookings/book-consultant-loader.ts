import type { BookedSlot, ConsultantSummary, UnpaidHold } from "@vam/shared";
import type { LoaderFunctionArgs } from "react-router";
import { readToken } from "../../api/session-storage";
import { fetchBookedSlots, fetchConsultantSummary, fetchUnpaidHold } from "./bookings-api";

export interface BookConsultantData {
  consultant: ConsultantSummary;
  /** The consultant's held slots (none when they could not be loaded: the server refuses a taken slot anyway). */
  booked: BookedSlot[];
  /** The client's unpaid payments and dates: a client at the cap is told so when the page opens (null: unknown). */
  unpaid: UnpaidHold | null;
}

/** `/book/:consultantId`: who is booked and their calendar, deferred so that the page shows its loading text. */
export function bookConsultantLoader({ params }: LoaderFunctionArgs): { data: Promise<BookConsultantData> } {
  const consultantId = params.consultantId ?? "";
  const booked = fetchBookedSlots(consultantId).catch(() => []);
  const unpaid = readToken() ? fetchUnpaidHold().catch(() => null) : Promise.resolve(null);
  const data = fetchConsultantSummary(consultantId).then(async (consultant) => ({ consultant, booked: await booked, unpaid: await unpaid }));
  // <Await> reports the rejection; this keeps it from also counting as unhandled meanwhile.
  data.catch(() => undefined);
  return { data };
}
