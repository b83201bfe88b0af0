import { bookerRefusal } from "@vam/shared";
import { Suspense } from "react";
import { Await, useLoaderData, useParams } from "react-router";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { useAuth } from "../auth/public";
import type { BookConsultantData, bookConsultantLoader } from "./book-consultant-loader";
import { BookingError } from "./book/BookingError";
import { BookingWizard } from "./book/BookingWizard";

/** `/book/:consultantId`: the four booking steps, once the consultant and their calendar are loaded. */
export default function BookConsultantPage() {
  const { consultantId = "" } = useParams();
  const { data } = useLoaderData<typeof bookConsultantLoader>();
  const { user } = useAuth();
  // Someone who may not book this person (an Operator, an Assistant on their own page) is told at once.
  const refusal = user && bookerRefusal(user, consultantId);
  useDocumentTitle("Book a Session");

  if (refusal) return <BookingError message={refusal} refusal />;
  return (
    <Suspense
      fallback={
        <p role="status" className="px-4 py-20 text-center text-slate-400">
          Loading consultant information...
        </p>
      }
    >
      <Await resolve={data} errorElement={<BookingError message="Failed to load consultant information" />}>
        {({ consultant, booked, unpaid }: BookConsultantData) => (
          <BookingWizard key={consultantId} consultant={consultant} booked={booked} unpaid={unpaid} />
        )}
      </Await>
    </Suspense>
  );
}
