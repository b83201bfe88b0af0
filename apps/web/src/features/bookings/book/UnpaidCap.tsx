import { MSG } from "@vam/shared";
import { Link } from "react-router";
import { pageHref, BOOKINGS_PAGE } from "../../../lib/page-routes";

/** The unpaid cap reached (decisions.md, "Payment"): why the client cannot book now, and the way out. */
export function UnpaidCap({ message }: { message: string }) {
  return (
    <div role="alert" className="space-y-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-4 text-amber-100">
      <p>{message}</p>
      <Link to={pageHref(BOOKINGS_PAGE, {})} className="btn-secondary inline-flex">
        {MSG.paymentUnpaidLink}
      </Link>
    </div>
  );
}
