import type { BookedSlot, ConsultantSummary } from "@vam/shared";
import type { LoaderFunctionArgs } from "react-router";
import { fetchBookedSlots, fetchConsultantSummary } from "./bookings-api";

export interface BookConsultantData {
  consultant: ConsultantSummary;
  /** The consultant's held slots (none when they could not be loaded: the server refuses a taken slot anyway). */
  booked: BookedSlot[];
}

/** `/book/:consultantId`: who is booked and their calendar, deferred so that the page shows its loading text. */
export function bookConsultantLoader({ params }: LoaderFunctionArgs): { data: Promise<BookConsultantData> } {
  const consultantId = params.consultantId ?? "";
  const booked = fetchBookedSlots(consultantId).catch(() => []);
  const data = fetchConsultantSummary(consultantId).then(async (consultant) => ({ consultant, booked: await booked }));
  // <Await> reports the rejection; this keeps it from also counting as unhandled meanwhile.
  data.catch(() => undefined);
  return { data };
}
